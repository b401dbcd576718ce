import { addDays } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';

/**
 * Demo data of the office day: yesterday closed as the office would have closed it (its settled
 * jobs closed, the drawer counted equal to the recorded cash and checks); today stays open with its
 * scheduled jobs to confirm. Runs after the service demo data (the jobs and their payments).
 */
export async function seedDemoOfficeDay(db: Db, today: string): Promise<void> {
  const yesterday = addDays(today, -1);
  const [admin] = (
    (await db.execute(sql`select id from sys_users where uname = 'admin'`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const actor = admin?.id ?? null;
  // Anything of yesterday still open (a plan job the history left scheduled) is settled first.
  await db.execute(sql`
    update jobs set status = 'completed', actual_minutes = coalesce(actual_minutes, duration_minutes),
                    completed_at = coalesce(completed_at, now()), status_changed_at = now()
     where service_date = ${yesterday} and status = 'scheduled'`);
  await db.execute(sql`
    update jobs set status = 'closed', closed_at = now(), status_changed_at = now()
     where service_date = ${yesterday} and status in ('completed', 'uncompleted')`);
  await db.execute(sql`
    insert into office_days (business_date, status, closed_at, closed_by, counted_cash_cents, counted_check_cents,
                             created_by, updated_by)
    select ${yesterday}::date, 'closed', now(), ${actor}::integer,
           coalesce(sum(amount_cents) filter (where method = 'cash'), 0),
           coalesce(sum(amount_cents) filter (where method = 'check'), 0), ${actor}::integer, ${actor}::integer
      from customer_payments where paid_on = ${yesterday}
    on conflict (business_date) do nothing`);
}
