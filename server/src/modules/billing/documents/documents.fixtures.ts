import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { onBusinessDay } from '../../../../test/clock';
import type { TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { activeTeam, newJob, pricedItem } from '../../service/jobs/jobs.fixtures';

/** Invoices for the document tests and the guard rows: a seeded one, or one issued by completing a job. */

/** A live invoice whose customer matches `where` (SQL on customers `c`); one is issued when none does. */
export async function liveInvoice(t: TestApp, where = 'true'): Promise<{ id: number; number: string; customer_id: number }> {
  const find = async () => {
    const [row] = await queryRows<{ id: number; number: string; customer_id: number }>(
      t.db,
      sql.raw(
        `select i.id, i.number, i.customer_id from invoices i join customers c on c.id = i.customer_id
          left join customer_preferences p on p.customer_id = c.id
         where i.status <> 'void' and ${where} order by i.id limit 1`,
      ),
    );
    return row ? { ...row, id: Number(row.id), customer_id: Number(row.customer_id) } : null;
  };
  const found = await find();
  if (found) return found;
  await invoicedJob(t, { date: await businessToday(t.db) });
  const issued = await find();
  if (!issued) throw new Error('no invoice was issued for a completed job');
  return issued;
}

/**
 * A priced job (two units of a price-list item, a $5 discount) at a location (the first one unless
 * given) on `date`, completed on that business day: completing it issues its invoice.
 */
export async function invoicedJob(
  t: TestApp,
  opts: { date: string; locationId?: number },
): Promise<{ jobId: number; reference: string; invoiceId: number; number: string; customerId: number }> {
  const token = await t.sessionAs('super_admin');
  const item = await pricedItem(t, opts.date);
  const team = await activeTeam(t);
  const body = {
    teamId: team.id,
    serviceDate: opts.date,
    startTime: '09:00',
    discountCents: 500,
    lines: [{ priceItemId: item.id, quantity: 2 }],
    ...(opts.locationId ? { locationId: opts.locationId } : {}),
  };
  const job = await newJob(t, body, token);
  const done = await onBusinessDay(opts.date, () =>
    t.call('/job/updateState', { token, body: { id: job.id, version: job.version, status: 'completed', actualMinutes: 120 } }),
  );
  if (done.code !== 0) throw new Error(`completing the job failed: ${done.code} ${done.message}`);
  const [row] = await queryRows<{ id: number; number: string; customer_id: number }>(
    t.db,
    sql`select id, number, customer_id from invoices where job_id = ${job.id} and status <> 'void'`,
  );
  if (!row) throw new Error('completing a priced job issued no invoice');
  return {
    jobId: job.id,
    reference: job.reference,
    invoiceId: Number(row.id),
    number: row.number,
    customerId: Number(row.customer_id),
  };
}

/** A customer who can receive an invoice by its type: an e-mail address when that is the way. */
export const REACHABLE = `((coalesce(p.invoice_type, case when c.email <> '' then 'email' else 'print' end) <> 'email') or c.email <> '')`;

/** Marks a day closed without the close-day checks (a day of the guard rows and tests). */
export async function closedDay(t: TestApp, date: string): Promise<void> {
  await t.db.execute(
    sql`insert into office_days (business_date, status, closed_at) values (${date}, 'closed', now())
        on conflict (business_date) do update set status = 'closed', closed_at = now()`,
  );
}

/** The text of a PDF as poppler's pdftotext reads it. */
export function pdfText(content: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-')), 'document.pdf');
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}
