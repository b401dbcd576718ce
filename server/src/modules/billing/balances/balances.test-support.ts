import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { afterInvoiceIssued, afterInvoiceVoided } from './balances.service';

/** Helpers of the balance tests: invoices written straight to the table (the invoice service is I1's). */

const n = (v: unknown) => Number(v ?? 0);

export async function newCustomer(t: TestApp, token: string, name: string): Promise<number> {
  const phone = `(650) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
  const result = await t.call<{ id: number }>('/customer/add', { token, body: { name, phone1: phone } });
  if (result.code !== 0) throw new Error(`customer add failed: ${result.message}`);
  return result.data.id;
}

/**
 * An invoice of `totalCents` due on `dueOn`, on a job with no live invoice, issued through balances
 * (or only written, with `raw`, as a database before the rebuild holds it).
 */
export async function issueInvoice(
  t: TestApp,
  customerId: number,
  totalCents: number,
  dueOn: string,
  raw = false,
): Promise<number> {
  const today = await businessToday(t.db);
  return t.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into invoices (number, customer_id, job_id, issued_on, due_on, subtotal_cents, total_cents)
          select 'T-' || nextval(pg_get_serial_sequence('invoices', 'id')), ${customerId}, j.id, ${today}, ${dueOn}, ${totalCents}, ${totalCents}
            from jobs j where not exists (select 1 from invoices i where i.job_id = j.id and i.status <> 'void')
           order by j.id desc limit 1
          returning id`,
    );
    if (!raw) await afterInvoiceIssued(tx, n(row!.id), 1);
    return n(row!.id);
  });
}

export async function voidInvoiceRow(t: TestApp, invoiceId: number): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`update invoices set status = 'void', void_reason = 'test', voided_at = now() where id = ${invoiceId}`);
    await afterInvoiceVoided(tx, invoiceId, 1);
  });
}

export async function invoiceState(t: TestApp, id: number) {
  const [row] = await queryRows<{ status: string; applied_cents: number; total_cents: number }>(
    t.db,
    sql`select status, applied_cents, total_cents from invoices where id = ${id}`,
  );
  return { status: row!.status, applied: n(row!.applied_cents) };
}

/** The maintained row, and the same figures summed from the rows (the invariant of the balance). */
export async function balanceState(t: TestApp, customerId: number) {
  const [kept] = await queryRows<Record<string, unknown>>(
    t.db,
    sql`select invoiced_cents, open_cents, credit_cents, balance_cents, oldest_due_on from customer_balances where customer_id = ${customerId}`,
  );
  const [summed] = await queryRows<Record<string, unknown>>(
    t.db,
    sql`select
      (select coalesce(sum(total_cents), 0) from invoices where customer_id = ${customerId} and status <> 'void') as invoiced,
      (select coalesce(sum(total_cents - applied_cents), 0) from invoices where customer_id = ${customerId} and status in ('open', 'partly_paid')) as open,
      (select coalesce(sum(amount_cents), 0) from customer_payments where customer_id = ${customerId})
        - (select coalesce(sum(amount_cents), 0) from customer_refunds where customer_id = ${customerId} and status = 'refunded')
        - (select coalesce(sum(amount_cents), 0) from payment_applications where customer_id = ${customerId}) as credit,
      (select count(*) from invoices i where customer_id = ${customerId} and (i.applied_cents <> coalesce((select sum(amount_cents) from payment_applications a where a.invoice_id = i.id), 0)
          or (i.status <> 'void' and i.applied_cents > i.total_cents) or i.applied_cents < 0)) as broken`,
  );
  return {
    invoiced: n(kept?.invoiced_cents),
    open: n(kept?.open_cents),
    credit: n(kept?.credit_cents),
    balance: n(kept?.balance_cents),
    summed: { invoiced: n(summed!.invoiced), open: n(summed!.open), credit: n(summed!.credit), broken: n(summed!.broken) },
  };
}

/** Asserts the maintained row equals what the rows say, and returns it. */
export async function checkedBalance(t: TestApp, customerId: number) {
  const b = await balanceState(t, customerId);
  const expected = {
    invoiced: b.summed.invoiced,
    open: b.summed.open,
    credit: b.summed.credit,
    balance: b.summed.open - b.summed.credit,
  };
  const actual = { invoiced: b.invoiced, open: b.open, credit: b.credit, balance: b.balance };
  if (JSON.stringify(actual) !== JSON.stringify(expected) || b.summed.broken > 0 || b.credit < 0)
    throw new Error(`balance of customer ${customerId} off: kept ${JSON.stringify(actual)}, rows ${JSON.stringify(b.summed)}`);
  return actual;
}

/** A payment row written straight to the table (as the demo seed and databases before 0030 hold them). */
export async function rawPayment(
  t: TestApp,
  customerId: number,
  amountCents: number,
  paidOn: string,
  jobId: number | null = null,
) {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into customer_payments (customer_id, kind, paid_on, amount_cents, method, job_id)
        values (${customerId}, 'payment', ${paidOn}, ${amountCents}, 'cash', ${jobId}) returning id`,
  );
  return n(row!.id);
}
