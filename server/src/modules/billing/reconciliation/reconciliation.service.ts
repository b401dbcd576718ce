import {
  RECONCILIATION_KINDS,
  type ReconciliationDifference,
  type ReconciliationKind,
  type ReconciliationSummary,
} from '@tidyhouse/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businessTimeZone } from '../../../platform/business-date';
import { type Db, queryRows } from '../../../platform/database';
import { customers } from '../../customers/customers.tables';
import { sysUsers } from '../../employees/employees.tables';
import { cardQueueEntries } from '../card-queue/card-queue.tables';
import type { GatewayLedger, LedgerCharge, LedgerRefund } from '../card-queue/gateway/stripe-ledger';
import { customerPayments, customerRefunds } from '../payments/payments.tables';
import { cardReconciliationDays, cardReconciliationDifferences } from './reconciliation.tables';

/**
 * Card reconciliation (issue 26; docs/operations.md "Card gateway"). A business day's comparison: the
 * gateway's charges and refunds created during the day (in the business time zone) against our
 * records, matched by the gateway's ids and then by the metadata our calls send (`tidyhouse_entry` /
 * `entry` naming the card queue entry, `tidyhouse_refund` the refund row). Our card payments made that
 * day and our card refunds of that day are looked up at the gateway one by one when the day's list
 * does not hold them (a charge made just before midnight is not a difference).
 */

type Finding = {
  kind: ReconciliationKind;
  key: string;
  gatewayId: string;
  gatewayAmountCents: number | null;
  ourAmountCents: number | null;
  customerId: number | null;
  entryId: number | null;
  paymentId: number | null;
  refundId: number | null;
};

/** The day's bounds as Unix seconds, in the business time zone. */
async function dayWindow(db: Db, date: string): Promise<{ from: number; to: number }> {
  const tz = await businessTimeZone(db);
  const [row] = await queryRows<{ from: string; to: string }>(
    db,
    sql`select extract(epoch from (${date}::date::timestamp at time zone ${tz}))::bigint as "from",
               extract(epoch from ((${date}::date + 1)::timestamp at time zone ${tz}))::bigint as "to"`,
  );
  return { from: Number(row!.from), to: Number(row!.to) };
}

const entryOf = (metadata: Record<string, string>) => {
  const id = Number(metadata.tidyhouse_entry ?? metadata.entry);
  return Number.isInteger(id) && id > 0 ? id : null;
};

async function chargeFindings(db: Db, ledger: GatewayLedger, charges: LedgerCharge[], window: { from: number; to: number }) {
  const findings: Finding[] = [];
  const ids = charges.flatMap((c) => [c.id, c.paymentIntentId]).filter(Boolean);
  const known = await db
    .select()
    .from(customerPayments)
    .where(and(eq(customerPayments.kind, 'payment'), inArray(customerPayments.gatewayTransactionId, [...ids, '-'])));
  const paymentOf = new Map(known.map((p) => [p.gatewayTransactionId, p]));
  const entryIds = charges.map((c) => entryOf(c.metadata)).filter((id): id is number => id !== null);
  const entries = new Map(
    (
      await db
        .select()
        .from(cardQueueEntries)
        .where(inArray(cardQueueEntries.id, [...entryIds, -1]))
    ).map((e) => [e.id, e]),
  );
  const byGatewayCustomer = new Map(
    (
      await db
        .select({ id: customers.id, gatewayCustomerId: customers.gatewayCustomerId })
        .from(customers)
        .where(inArray(customers.gatewayCustomerId, [...charges.map((c) => c.customer).filter(Boolean), '-']))
    ).map((c) => [c.gatewayCustomerId, c.id]),
  );
  for (const c of charges) {
    const payment = paymentOf.get(c.id) ?? paymentOf.get(c.paymentIntentId);
    const ourCents = payment ? payment.amountCents + payment.gratuityCents : null;
    if (payment && ourCents !== c.amountCents) {
      findings.push({
        ...blank,
        kind: 'charge_amount_differs',
        key: `charge_amount_differs:${c.id}`,
        gatewayId: c.id,
        gatewayAmountCents: c.amountCents,
        ourAmountCents: ourCents,
        customerId: payment.customerId,
        paymentId: payment.id,
      });
    }
    if (payment) continue;
    const entry = entries.get(entryOf(c.metadata) ?? -1);
    // A pending entry is the queue's own recovery to finish (and the day cannot close while it waits).
    if (entry?.status === 'pending') continue;
    const duplicate = entry?.status === 'approved' && entry.paymentId !== null;
    findings.push({
      ...blank,
      kind: duplicate ? 'duplicate_charge' : 'missing_payment',
      key: `${duplicate ? 'duplicate_charge' : 'missing_payment'}:${c.id}`,
      gatewayId: c.id,
      gatewayAmountCents: c.amountCents,
      customerId: entry?.customerId ?? byGatewayCustomer.get(c.customer) ?? null,
      entryId: entry?.id ?? null,
      paymentId: duplicate ? entry.paymentId : null,
    });
  }
  // Our card charges of the day that the gateway's list of the day does not hold.
  const listed = new Set(charges.flatMap((c) => [c.id, c.paymentIntentId]));
  const ours = await db
    .select()
    .from(customerPayments)
    .where(
      and(
        eq(customerPayments.kind, 'payment'),
        sql`${customerPayments.gatewayTransactionId} <> ''`,
        sql`${customerPayments.createdAt} >= to_timestamp(${window.from}) and ${customerPayments.createdAt} < to_timestamp(${window.to})`,
      ),
    );
  for (const p of ours.filter((p) => !listed.has(p.gatewayTransactionId))) {
    const found = await ledger.charge(p.gatewayTransactionId);
    const ourCents = p.amountCents + p.gratuityCents;
    if (found?.succeeded && found.amountCents === ourCents) continue;
    const kind = found?.succeeded ? 'charge_amount_differs' : 'no_gateway_charge';
    findings.push({
      ...blank,
      kind,
      key: `${kind}:${found?.id ?? `p${p.id}`}`,
      gatewayId: found?.id ?? '',
      gatewayAmountCents: found?.succeeded ? found.amountCents : null,
      ourAmountCents: ourCents,
      customerId: p.customerId,
      paymentId: p.id,
    });
  }
  return { findings, ourCount: ours.length, ourCents: ours.reduce((s, p) => s + p.amountCents + p.gratuityCents, 0) };
}

const blank = {
  gatewayAmountCents: null,
  ourAmountCents: null,
  customerId: null,
  entryId: null,
  paymentId: null,
  refundId: null,
};

async function refundFindings(db: Db, ledger: GatewayLedger, refunds: LedgerRefund[], date: string) {
  const findings: Finding[] = [];
  const rowIds = refunds.map((r) => Number(r.metadata.tidyhouse_refund)).filter((id) => Number.isInteger(id) && id > 0);
  const rows = await db
    .select()
    .from(customerRefunds)
    .where(
      sql`${customerRefunds.gatewayRefundId} in (${sql.join([...refunds.map((r) => sql`${r.id}`), sql`'-'`], sql`, `)})
          or ${inArray(customerRefunds.id, [...rowIds, -1])}`,
    );
  const byGatewayId = new Map(rows.map((r) => [r.gatewayRefundId, r]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Duplicates refunded from this screen are the gateway's record of a resolution, not a difference.
  const resolved = new Set(
    (
      await db
        .select({ id: cardReconciliationDifferences.gatewayRefundId })
        .from(cardReconciliationDifferences)
        .where(inArray(cardReconciliationDifferences.gatewayRefundId, [...refunds.map((r) => r.id), '-']))
    ).map((r) => r.id),
  );
  for (const r of refunds) {
    if (resolved.has(r.id) || r.metadata.tidyhouse_reconciliation) continue;
    const ours = byGatewayId.get(r.id);
    if (ours) {
      if (ours.amountCents !== r.amountCents)
        findings.push({
          ...blank,
          kind: 'refund_amount_differs',
          key: `refund_amount_differs:${r.id}`,
          gatewayId: r.id,
          gatewayAmountCents: r.amountCents,
          ourAmountCents: ours.amountCents,
          customerId: ours.customerId,
          refundId: ours.id,
        });
      continue;
    }
    const row = byId.get(Number(r.metadata.tidyhouse_refund));
    const duplicate = row?.status === 'refunded' && row.gatewayRefundId !== '';
    findings.push({
      ...blank,
      kind: duplicate ? 'duplicate_refund' : 'missing_refund',
      key: `${duplicate ? 'duplicate_refund' : 'missing_refund'}:${r.id}`,
      gatewayId: r.id,
      gatewayAmountCents: r.amountCents,
      ourAmountCents: row?.amountCents ?? null,
      customerId: row?.customerId ?? null,
      refundId: row?.id ?? null,
    });
  }
  const listed = new Set(refunds.map((r) => r.id));
  const ours = await db
    .select()
    .from(customerRefunds)
    .where(
      and(
        eq(customerRefunds.refundedOn, date),
        eq(customerRefunds.status, 'refunded'),
        sql`${customerRefunds.gatewayRefundId} <> ''`,
      ),
    );
  for (const row of ours.filter((o) => !listed.has(o.gatewayRefundId))) {
    const found = await ledger.refund(row.gatewayRefundId);
    if (found?.succeeded && found.amountCents === row.amountCents) continue;
    const kind = found?.succeeded ? 'refund_amount_differs' : 'no_gateway_refund';
    findings.push({
      ...blank,
      kind,
      key: `${kind}:${found?.id ?? `r${row.id}`}`,
      gatewayId: found?.id ?? '',
      gatewayAmountCents: found?.succeeded ? found.amountCents : null,
      ourAmountCents: row.amountCents,
      customerId: row.customerId,
      refundId: row.id,
    });
  }
  return { findings, ourCents: ours.reduce((s, r) => s + r.amountCents, 0) };
}

/**
 * Compares a day and stores what differs: the gateway is asked first, then one transaction writes
 * (none stays open across the gateway's answers). A re-run adds no difference twice.
 */
export async function reconcileDay(
  db: Db,
  ledger: GatewayLedger,
  date: string,
  actorId: number,
): Promise<{ found: number; added: number; matched: number; open: number }> {
  const window = await dayWindow(db, date);
  const charges = (await ledger.listCharges(window.from, window.to)).filter((c) => c.succeeded);
  const refunds = (await ledger.listRefunds(window.from, window.to)).filter((r) => r.succeeded);
  const c = await chargeFindings(db, ledger, charges, window);
  const r = await refundFindings(db, ledger, refunds, date);
  // Stored in the order of their kinds (the list and the checklist show them so).
  const findings = [...c.findings, ...r.findings].sort(
    (x, y) => RECONCILIATION_KINDS.indexOf(x.kind) - RECONCILIATION_KINDS.indexOf(y.kind),
  );
  return db.transaction(async (tx) => {
    const totals = {
      ranAt: new Date(),
      gatewayChargeCount: charges.length,
      gatewayChargeCents: charges.reduce((s, x) => s + x.amountCents, 0),
      ourChargeCount: c.ourCount,
      ourChargeCents: c.ourCents,
      gatewayRefundCents: refunds.reduce((s, x) => s + x.amountCents, 0),
      ourRefundCents: r.ourCents,
      updatedAt: new Date(),
      updatedBy: actorId,
    };
    await tx
      .insert(cardReconciliationDays)
      .values({ businessDate: date, ...totals, createdBy: actorId })
      .onConflictDoUpdate({
        target: cardReconciliationDays.businessDate,
        set: { ...totals, version: sql`${cardReconciliationDays.version} + 1` },
      });
    let added = 0;
    if (findings.length > 0) {
      const inserted = await tx
        .insert(cardReconciliationDifferences)
        .values(
          findings.map(({ key, ...f }) => ({
            ...f,
            findingKey: key,
            businessDate: date,
            createdBy: actorId,
            updatedBy: actorId,
          })),
        )
        .onConflictDoNothing({ target: cardReconciliationDifferences.findingKey })
        .returning({ id: cardReconciliationDifferences.id });
      added = inserted.length;
    }
    // An open difference of the day that no longer holds (the queue recorded the charge since) is closed as matched.
    const keys = findings.map((f) => f.key);
    const matched = await tx
      .update(cardReconciliationDifferences)
      .set({
        resolution: 'matched',
        resolvedAt: new Date(),
        resolvedBy: actorId,
        version: sql`${cardReconciliationDifferences.version} + 1`,
        updatedAt: new Date(),
        updatedBy: actorId,
      })
      .where(
        and(
          eq(cardReconciliationDifferences.businessDate, date),
          isNull(cardReconciliationDifferences.resolution),
          sql`${cardReconciliationDifferences.findingKey} not in (${sql.join([...keys.map((k) => sql`${k}`), sql`'-'`], sql`, `)})`,
        ),
      )
      .returning({ id: cardReconciliationDifferences.id });
    const open = await openDifferences(tx, date);
    return { found: findings.length, added, matched: matched.length, open: open.length };
  });
}

/** The open differences of a day (the close-day gate reads them). */
export async function openDifferences(db: Db, date: string) {
  return db
    .select()
    .from(cardReconciliationDifferences)
    .where(and(eq(cardReconciliationDifferences.businessDate, date), isNull(cardReconciliationDifferences.resolution)))
    .orderBy(cardReconciliationDifferences.id);
}

/** Whether the day has card money of ours that the gateway must confirm (then it must have been compared). */
export async function dayNeedsReconciliation(db: Db, date: string): Promise<{ needed: boolean; ran: boolean }> {
  const [row] = await queryRows<{ needed: boolean; ran: boolean }>(
    db,
    sql`select exists (select 1 from card_queue_entries where service_date = ${date} and gateway_transaction_id <> '')
            or exists (select 1 from customer_refunds where refunded_on = ${date} and gateway_refund_id <> '') as needed,
               exists (select 1 from card_reconciliation_days where business_date = ${date}) as ran`,
  );
  return { needed: Boolean(row?.needed), ran: Boolean(row?.ran) };
}

const resolver = alias(sysUsers, 'resolver');

export async function listDifferences(
  db: Db,
  req: { date: string; openOnly: boolean },
): Promise<{ summary: ReconciliationSummary; list: ReconciliationDifference[] }> {
  const rows = await db
    .select({
      d: cardReconciliationDifferences,
      customerName: customers.name,
      serial: cardQueueEntries.serial,
      resolvedBy: resolver.name,
    })
    .from(cardReconciliationDifferences)
    .leftJoin(customers, eq(customers.id, cardReconciliationDifferences.customerId))
    .leftJoin(cardQueueEntries, eq(cardQueueEntries.id, cardReconciliationDifferences.entryId))
    .leftJoin(resolver, eq(resolver.id, cardReconciliationDifferences.resolvedBy))
    .where(
      and(
        eq(cardReconciliationDifferences.businessDate, req.date),
        req.openOnly ? isNull(cardReconciliationDifferences.resolution) : undefined,
      ),
    )
    .orderBy(sql`${cardReconciliationDifferences.resolution} is not null`, cardReconciliationDifferences.id);
  const [day] = await db.select().from(cardReconciliationDays).where(eq(cardReconciliationDays.businessDate, req.date));
  const list = rows.map(({ d, customerName, serial, resolvedBy }) => ({
    id: d.id,
    version: d.version,
    businessDate: d.businessDate,
    kind: d.kind,
    gatewayId: d.gatewayId,
    gatewayAmountCents: d.gatewayAmountCents,
    ourAmountCents: d.ourAmountCents,
    customerId: d.customerId,
    customerName: customerName ?? '',
    entrySerial: serial ?? '',
    paymentId: d.paymentId,
    refundId: d.refundId,
    open: d.resolution === null,
    resolution: d.resolution,
    resolutionNote: d.resolutionNote,
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
    resolvedBy: resolvedBy ?? null,
  }));
  return {
    summary: {
      date: req.date,
      ranAt: day?.ranAt.toISOString() ?? null,
      gatewayChargeCount: day?.gatewayChargeCount ?? 0,
      gatewayChargeCents: day?.gatewayChargeCents ?? 0,
      ourChargeCount: day?.ourChargeCount ?? 0,
      ourChargeCents: day?.ourChargeCents ?? 0,
      gatewayRefundCents: day?.gatewayRefundCents ?? 0,
      ourRefundCents: day?.ourRefundCents ?? 0,
      openCount: list.filter((d) => d.open).length,
    },
    list,
  };
}
