import { Code } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { queryRows } from '../../../platform/database';
import { AppError, notFound } from '../../../platform/errors';

/**
 * How payments pay invoices, and each customer's maintained totals (docs/business-rules.md
 * "Invoices and balances"). Every function here runs inside the caller's transaction, under the
 * customer's row lock, so two writes for one customer never both see the same open amount.
 * Applications are never updated: an undo is a row of the opposite sign naming the row it undoes;
 * a partial undo reverses the whole row and applies the part that stays again.
 */

const num = (v: unknown) => Number(v ?? 0);

/** The customer's row lock (a deleted customer's invoices still change: voids, corrections). */
export async function lockBalance(tx: Db, customerId: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(tx, sql`select id from customers where id = ${customerId} for update`);
  if (rows.length === 0) throw notFound('customers.customer');
}

/** Money received and not applied to an invoice: Σ payments (gratuity aside) − refunded − Σ applications. */
export async function customerCredit(tx: Db, customerId: number): Promise<number> {
  const [row] = await queryRows<{ credit: string | number }>(
    tx,
    sql`select
          (select coalesce(sum(amount_cents), 0) from customer_payments where customer_id = ${customerId})
        - (select coalesce(sum(amount_cents), 0) from customer_refunds where customer_id = ${customerId} and status = 'refunded')
        - (select coalesce(sum(amount_cents), 0) from payment_applications where customer_id = ${customerId}) as credit`,
  );
  return num(row?.credit);
}

/** Recomputes one customer's maintained totals exactly from its rows (indexed by customer). */
export async function refreshCustomerBalance(tx: Db, customerId: number): Promise<void> {
  const credit = await customerCredit(tx, customerId);
  await tx.execute(sql`
    insert into customer_balances as b (customer_id, invoiced_cents, open_cents, credit_cents, balance_cents, oldest_due_on, updated_at)
    select ${customerId}, coalesce(sum(i.total_cents) filter (where i.status <> 'void'), 0),
           coalesce(sum(i.total_cents - i.applied_cents) filter (where i.status in ('open', 'partly_paid')), 0),
           ${credit}::bigint,
           coalesce(sum(i.total_cents - i.applied_cents) filter (where i.status in ('open', 'partly_paid')), 0) - ${credit}::bigint,
           min(i.due_on) filter (where i.status in ('open', 'partly_paid')), now()
      from invoices i where i.customer_id = ${customerId}
    on conflict (customer_id) do update set invoiced_cents = excluded.invoiced_cents, open_cents = excluded.open_cents,
      credit_cents = excluded.credit_cents, balance_cents = excluded.balance_cents,
      oldest_due_on = excluded.oldest_due_on, updated_at = excluded.updated_at`);
}

/** An invoice's applied amount from its applications, and its status from that (a void stays void). */
async function syncInvoices(tx: Db, invoiceIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(invoiceIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update invoices i set applied_cents = a.applied,
      status = case when i.status = 'void' then 'void' when a.applied >= i.total_cents then 'paid'
                    when a.applied = 0 then 'open' else 'partly_paid' end
      from (select inv.id, coalesce((select sum(pa.amount_cents) from payment_applications pa where pa.invoice_id = inv.id), 0)::int as applied
              from invoices inv where inv.id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})) a
     where i.id = a.id`);
}

type OpenInvoice = { id: number; customerId: number; open: number };

async function openInvoiceRows(tx: Db, where: ReturnType<typeof sql>): Promise<OpenInvoice[]> {
  const rows = await queryRows<{ id: number; customer_id: number; open: number }>(
    tx,
    sql`select id, customer_id, total_cents - applied_cents as open from invoices
         where status in ('open', 'partly_paid') and ${where} order by due_on, id`,
  );
  return rows.map((r) => ({ id: r.id, customerId: r.customer_id, open: num(r.open) }));
}

async function insertApplication(
  tx: Db,
  row: { customerId: number; paymentId: number; invoiceId: number; amount: number; actorId: number | null },
  extra: { reversalOfId?: number; refundId?: number | null } = {},
) {
  await tx.execute(sql`
    insert into payment_applications (created_by, customer_id, payment_id, invoice_id, amount_cents, reversal_of_id, refund_id)
    values (${row.actorId}, ${row.customerId}, ${row.paymentId}, ${row.invoiceId}, ${row.amount},
            ${extra.reversalOfId ?? null}, ${extra.refundId ?? null})`);
}

/** Applies up to `amount` of one payment to invoices in the given order; returns what was applied. */
async function applyAcross(
  tx: Db,
  paymentId: number,
  amount: number,
  targets: OpenInvoice[],
  actorId: number | null,
): Promise<number> {
  let left = amount;
  const touched: number[] = [];
  for (const inv of targets) {
    if (left <= 0) break;
    const part = Math.min(left, inv.open);
    if (part <= 0) continue;
    await insertApplication(tx, { customerId: inv.customerId, paymentId, invoiceId: inv.id, amount: part, actorId });
    inv.open -= part;
    left -= part;
    touched.push(inv.id);
  }
  await syncInvoices(tx, touched);
  return amount - left;
}

/** The invoice a user picked for a payment: the customer's own, still open (checked again in addPayment's lock). */
export async function assertPayableInvoice(tx: Db, customerId: number, invoiceId: number): Promise<void> {
  const [picked] = await queryRows<{ customer_id: number; status: string }>(
    tx,
    sql`select customer_id, status from invoices where id = ${invoiceId}`,
  );
  if (!picked || picked.customer_id !== customerId || (picked.status !== 'open' && picked.status !== 'partly_paid')) {
    throw new AppError(Code.INVALID_INPUT, 'billing.invoiceNotPayable', { field: 'invoiceId' });
  }
}

/**
 * A payment just added (every path of addPayment): a picked invoice, else its job's live invoice,
 * else on account oldest due first. What no invoice takes stays credit. Gratuity never pays an
 * invoice (it goes to the team). The caller holds the customer's lock.
 */
export async function applyPayment(tx: Db, paymentId: number, actorId: number, invoiceId: number | null = null): Promise<void> {
  const [payment] = await queryRows<{ customer_id: number; amount_cents: number; job_id: number | null }>(
    tx,
    sql`select customer_id, amount_cents, job_id from customer_payments where id = ${paymentId}`,
  );
  if (!payment) throw notFound('customers.payment');
  let targets: OpenInvoice[];
  if (invoiceId !== null) {
    await assertPayableInvoice(tx, payment.customer_id, invoiceId);
    targets = await openInvoiceRows(tx, sql`id = ${invoiceId} and customer_id = ${payment.customer_id}`);
  } else if (payment.job_id !== null) {
    targets = await openInvoiceRows(tx, sql`job_id = ${payment.job_id} and customer_id = ${payment.customer_id}`);
  } else {
    targets = await openInvoiceRows(tx, sql`customer_id = ${payment.customer_id}`);
  }
  if (payment.amount_cents > 0) await applyAcross(tx, paymentId, payment.amount_cents, targets, actorId);
  await refreshCustomerBalance(tx, payment.customer_id);
}

/** Payments of the customer with money not yet applied: this job's first, then oldest first. */
async function unappliedPayments(tx: Db, customerId: number, jobId: number | null) {
  const rows = await queryRows<{ id: number; unapplied: number }>(
    tx,
    sql`select p.id, p.amount_cents - coalesce((select sum(pa.amount_cents) from payment_applications pa where pa.payment_id = p.id), 0) as unapplied
          from customer_payments p
         where p.customer_id = ${customerId} and p.kind = 'payment' and p.reversed_by_id is null
         order by (p.job_id is not distinct from ${jobId}) desc, p.paid_on, p.id`,
  );
  return rows.map((r) => ({ id: r.id, unapplied: num(r.unapplied) })).filter((r) => r.unapplied > 0);
}

/** A new invoice takes the customer's credit: its job's payments first, then the oldest payments. */
export async function afterInvoiceIssued(tx: Db, invoiceId: number, actorId: number): Promise<void> {
  const [invoice] = await queryRows<{ customer_id: number; job_id: number }>(
    tx,
    sql`select customer_id, job_id from invoices where id = ${invoiceId}`,
  );
  if (!invoice) throw notFound('billing.invoice');
  await lockBalance(tx, invoice.customer_id);
  await syncInvoices(tx, [invoiceId]); // a zero invoice is paid at once
  let credit = await customerCredit(tx, invoice.customer_id);
  const targets = await openInvoiceRows(tx, sql`id = ${invoiceId}`);
  for (const payment of await unappliedPayments(tx, invoice.customer_id, invoice.job_id)) {
    if (credit <= 0 || (targets[0]?.open ?? 0) <= 0) break;
    credit -= await applyAcross(tx, payment.id, Math.min(payment.unapplied, credit), targets, actorId);
  }
  await refreshCustomerBalance(tx, invoice.customer_id);
}

/** Applications still in force (not undone), newest invoices first. */
async function liveApplications(tx: Db, where: ReturnType<typeof sql>) {
  const rows = await queryRows<{ id: number; customer_id: number; payment_id: number; invoice_id: number; amount_cents: number }>(
    tx,
    sql`select pa.id, pa.customer_id, pa.payment_id, pa.invoice_id, pa.amount_cents
          from payment_applications pa join invoices i on i.id = pa.invoice_id
         where pa.amount_cents > 0 and ${where}
           and not exists (select 1 from payment_applications r where r.reversal_of_id = pa.id)
         order by i.due_on desc, i.id desc, pa.id desc`,
  );
  return rows.map((r) => ({ ...r, amount_cents: num(r.amount_cents) }));
}

/**
 * Undoes applications (newest invoices first) until `amount` is back in credit; the part of a row
 * that is not needed is applied again. Returns the invoices touched.
 */
async function undoApplications(
  tx: Db,
  apps: Awaited<ReturnType<typeof liveApplications>>,
  amount: number,
  actorId: number | null,
  refundId: number | null,
): Promise<number[]> {
  let left = amount;
  const touched: number[] = [];
  for (const app of apps) {
    if (left <= 0) break;
    const row = { customerId: app.customer_id, paymentId: app.payment_id, invoiceId: app.invoice_id, actorId };
    await insertApplication(tx, { ...row, amount: -app.amount_cents }, { reversalOfId: app.id, refundId });
    const kept = app.amount_cents - Math.min(left, app.amount_cents);
    if (kept > 0) await insertApplication(tx, { ...row, amount: kept });
    left -= app.amount_cents - kept;
    touched.push(app.invoice_id);
  }
  await syncInvoices(tx, touched);
  return touched;
}

/** A void invoice gives back what was applied to it: the money is credit again. */
export async function afterInvoiceVoided(tx: Db, invoiceId: number, actorId: number): Promise<void> {
  const [invoice] = await queryRows<{ customer_id: number }>(tx, sql`select customer_id from invoices where id = ${invoiceId}`);
  if (!invoice) throw notFound('billing.invoice');
  await lockBalance(tx, invoice.customer_id);
  const apps = await liveApplications(tx, sql`pa.invoice_id = ${invoiceId}`);
  await undoApplications(tx, apps, Number.MAX_SAFE_INTEGER, actorId, null);
  await syncInvoices(tx, [invoiceId]);
  await refreshCustomerBalance(tx, invoice.customer_id);
}

/**
 * Money that left the customer's account (a refund marked refunded, a voided payment's unapplied
 * part already refunded) comes out of credit first; if credit is short, the applications of the
 * newest invoices are undone for the rest, so credit never goes below zero.
 */
async function coverNegativeCredit(tx: Db, customerId: number, actorId: number | null, refundId: number | null) {
  const credit = await customerCredit(tx, customerId);
  if (credit >= 0) return;
  const apps = await liveApplications(tx, sql`pa.customer_id = ${customerId}`);
  await undoApplications(tx, apps, -credit, actorId, refundId);
}

/** After a payment's reversal is written: its applications are undone; nothing else is re-applied. */
export async function afterPaymentVoided(tx: Db, paymentId: number, actorId: number): Promise<void> {
  const [payment] = await queryRows<{ customer_id: number }>(
    tx,
    sql`select customer_id from customer_payments where id = ${paymentId}`,
  );
  if (!payment) throw notFound('customers.payment');
  await lockBalance(tx, payment.customer_id);
  const apps = await liveApplications(tx, sql`pa.payment_id = ${paymentId}`);
  await undoApplications(tx, apps, Number.MAX_SAFE_INTEGER, actorId, null);
  await coverNegativeCredit(tx, payment.customer_id, actorId, null);
  await refreshCustomerBalance(tx, payment.customer_id);
}

/** After a refund is recorded or changes status: a refunded one takes its money out of credit. */
export async function afterRefundChanged(tx: Db, refundId: number, actorId: number | null): Promise<void> {
  const [refund] = await queryRows<{ customer_id: number }>(
    tx,
    sql`select customer_id from customer_refunds where id = ${refundId}`,
  );
  if (!refund) throw notFound('customers.refund');
  await lockBalance(tx, refund.customer_id);
  await coverNegativeCredit(tx, refund.customer_id, actorId, refundId);
  await refreshCustomerBalance(tx, refund.customer_id);
}

/** The maintained totals of a customer as the payments summary shows them. */
export async function balanceOf(db: Db, customerId: number) {
  const [row] = await queryRows<{ invoiced_cents: number; open_cents: number; credit_cents: number; balance_cents: number }>(
    db,
    sql`select invoiced_cents, open_cents, credit_cents, balance_cents from customer_balances where customer_id = ${customerId}`,
  );
  return {
    invoicedCents: num(row?.invoiced_cents),
    openCents: num(row?.open_cents),
    creditCents: num(row?.credit_cents),
    balanceCents: num(row?.balance_cents),
  };
}

/**
 * Applies every payment not yet applied and rebuilds the invoices' applied amounts and every
 * customer's totals in one set-based pass (the seed after its invoices; migration 0030 defines the
 * function and ran it once for existing databases).
 */
export async function rebuildAllBalances(tx: Db): Promise<void> {
  await tx.execute(sql`select billing_rebuild_balances()`);
}
