import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { renderMessages } from '../templates/render';
import { businessFacts } from '../templates/values';
import type { ClaimedRow } from './worker';

/**
 * The demo data records its money through the services the office uses (the gift certificates
 * redeemed on completed demo jobs are payments), and those queue the customer's receipt as a real
 * payment does. A demo must not text or e-mail anyone on its first start: whatever the demo seed
 * queued is shown in Customer Messages as sent at noon on the day of its cause (the payment's, the
 * job's, else when it was queued), rendered as it would have been, and never handed to a provider.
 * One it would not have sent (no consent, no address) is dropped. Answers how many rows it settled.
 */
export async function settleDemoMessages(db: Db): Promise<number> {
  const rows = await queryRows<Pick<ClaimedRow, 'id' | 'event' | 'channel' | 'customerId' | 'jobId' | 'invoiceId' | 'paymentId'>>(
    db,
    sql`select id, event, channel, customer_id as "customerId", job_id as "jobId", invoice_id as "invoiceId",
               payment_id as "paymentId"
          from outbox_messages where status in ('queued', 'held', 'sending') order by id`,
  );
  if (rows.length === 0) return 0;
  const business = await businessFacts(db);
  const rendered = await renderMessages(db, rows, business);
  const settled = rows.map((row, i) => {
    const message = rendered[i];
    return message
      ? {
          id: row.id,
          status: 'sent',
          to_address: message.to,
          subject: message.subject ?? '',
          body: message.body,
          language: message.language,
        }
      : { id: row.id, status: 'dropped', error: 'demo data' };
  });
  await db.execute(
    sql`update outbox_messages o
           set status = v.status, last_error = coalesce(v.error, ''),
               to_address = coalesce(v.to_address, ''), subject = coalesce(v.subject, ''),
               body = coalesce(v.body, ''), language = coalesce(v.language, ''),
               sent_at = case when v.status = 'sent' then least(o.created_at, coalesce(
                 (select (p.paid_on + time '12:00') at time zone ${business.timeZone} from customer_payments p where p.id = o.payment_id),
                 (select (j.service_date + time '12:00') at time zone ${business.timeZone} from jobs j where j.id = o.job_id),
                 o.created_at)) end,
               updated_at = now(), version = o.version + 1
          from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb)
            as v(id int, status text, error text, to_address text, subject text, body text, language text)
         where o.id = v.id`,
  );
  return rows.length;
}
