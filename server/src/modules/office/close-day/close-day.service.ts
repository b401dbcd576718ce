import { type ChecklistItem, formatCents, type Locale, type VerifyResult } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { translate } from '../../../platform/messages';
import { dayNeedsReconciliation, openDifferences } from '../../billing/reconciliation/reconciliation.service';
import { invalid } from '../../service/jobs/job-lines';
import { closeJobs } from '../../service/jobs/jobs.service';
import { officeDays } from '../office-days.tables';
import { timeCardIssuesOn } from './time-card-issues';

/**
 * Verify & close day (issue 12; docs/business-rules.md "Closing the office day"). The gate: every job
 * settled, no card charge pending, every failed charge resolved, no time card flagged, and the cash
 * and checks the office counted equal the day's recorded payments (or the difference explained).
 */

export interface DayCounts {
  countedCashCents?: number;
  countedCheckCents?: number;
  differenceNote?: string;
}

const item = (key: string, rows: ChecklistItem['rows']): ChecklistItem => ({
  key,
  ok: rows.length === 0,
  count: rows.length,
  rows,
});

/** The office_days row of a date, made if missing; `lock` takes it FOR UPDATE (close and reopen). */
async function dayRow(db: Db, date: string, lock: boolean) {
  await db.execute(sql`insert into office_days (business_date) values (${date}) on conflict (business_date) do nothing`);
  const query = db.select().from(officeDays).where(eq(officeDays.businessDate, date));
  const [row] = lock ? await query.for('update') : await query;
  return row!;
}

/**
 * The checklist of a day. Counts passed in (the screen's fields, or a close) win over the stored
 * ones; a counted total that differs from the recorded one passes only with a difference note.
 */
export async function verifyDay(db: Db, date: string, counts: DayCounts, locale: Locale): Promise<VerifyResult> {
  const [day] = await db.select().from(officeDays).where(eq(officeDays.businessDate, date));
  const [closer] = day?.closedBy
    ? await queryRows<{ name: string }>(db, sql`select name from sys_users where id = ${day.closedBy}`)
    : [];
  const open = await queryRows<{ id: number; reference: string; status: string; customer: string }>(
    db,
    sql`select j.id, j.reference, j.status, c.name as customer from jobs j join customers c on c.id = j.customer_id
         where j.service_date = ${date} and j.status in ('unscheduled', 'scheduled') order by j.reference`,
  );
  const cards = await queryRows<{ id: number; serial: string; status: string; customer: string; amount_cents: number }>(
    db,
    sql`select q.id, q.serial, q.status, c.name as customer, q.amount_cents from card_queue_entries q
          join customers c on c.id = q.customer_id
         where q.service_date = ${date} and (q.status = 'pending' or (q.status = 'failed' and q.resolution is null))
         order by q.serial`,
  );
  const [recorded] = await queryRows<{ cash: number; checks: number }>(
    db,
    sql`select coalesce(sum(amount_cents) filter (where method = 'cash'), 0)::int as cash,
               coalesce(sum(amount_cents) filter (where method = 'check'), 0)::int as checks
          from customer_payments where paid_on = ${date}`,
  );
  const countedCash = counts.countedCashCents ?? day?.countedCashCents ?? null;
  const countedCheck = counts.countedCheckCents ?? day?.countedCheckCents ?? null;
  // An empty note from the screen does not hide the note stored at close.
  const note = (counts.differenceNote || day?.differenceNote || '').trim();
  const money = (cents: number) => formatCents(cents, locale);
  const countRows = (counted: number | null, recordedCents: number, link: string): ChecklistItem['rows'] => {
    if (counted === null) return [{ label: `— / ${money(recordedCents)}`, link }];
    if (counted !== recordedCents && !note) return [{ label: `${money(counted)} / ${money(recordedCents)}`, link }];
    return [];
  };
  const reconciliation = `/office/cardreconciliation?date=${date}`;
  const { needed, ran } = await dayNeedsReconciliation(db, date);
  const differences = (await openDifferences(db, date)).map((d) => ({
    label: translate(locale, 'billing.reconciliation.checklistRow', {
      kind: translate(locale, `billing.reconciliation.kind.${d.kind}`),
      gateway: d.gatewayAmountCents === null ? '—' : money(d.gatewayAmountCents),
      ours: d.ourAmountCents === null ? '—' : money(d.ourAmountCents),
    }),
    link: reconciliation,
  }));
  if (needed && !ran) differences.unshift({ label: translate(locale, 'billing.reconciliation.notRun'), link: reconciliation });
  const queue = (status: string) => `/office/creditcardcollection?date=${date}&status=${status}`;
  const items = [
    item(
      'jobsSettled',
      open.map((j) => ({ label: `${j.reference} ${j.customer}`, link: `/office/completionconfirmat?date=${date}&job=${j.id}` })),
    ),
    item(
      'cardsPending',
      cards
        .filter((c) => c.status === 'pending')
        .map((c) => ({ label: `${c.serial} ${c.customer} ${money(c.amount_cents)}`, link: queue('pending') })),
    ),
    item(
      'cardsFailed',
      cards
        .filter((c) => c.status === 'failed')
        .map((c) => ({ label: `${c.serial} ${c.customer} ${money(c.amount_cents)}`, link: queue('failed') })),
    ),
    item('cardsReconciled', differences),
    item('timeCards', await timeCardIssuesOn(db, date)),
    item('cashCounted', countRows(countedCash, recorded?.cash ?? 0, `/office/confirmshutdown?date=${date}`)),
    item('checksCounted', countRows(countedCheck, recorded?.checks ?? 0, `/office/confirmshutdown?date=${date}`)),
  ];
  return {
    date,
    dayStatus: day?.status ?? 'open',
    recordedCashCents: recorded?.cash ?? 0,
    recordedCheckCents: recorded?.checks ?? 0,
    countedCashCents: countedCash,
    countedCheckCents: countedCheck,
    differenceNote: note,
    items,
    ready: items.every((i) => i.ok),
    closedAt: day?.closedAt ? day.closedAt.toISOString() : null,
    closedBy: closer?.name ?? null,
    reopenReason: day?.reopenReason ?? '',
  };
}

/**
 * Closes a day in the caller's transaction: the day's row is locked first, so a second close waits
 * and then finds the day closed (answered `alreadyClosed`, nothing done twice). Refused with the
 * open items when the gate is not green.
 */
export async function closeDay(
  tx: Db,
  actorId: number,
  req: { date: string; countedCashCents: number; countedCheckCents: number; differenceNote: string },
  locale: Locale,
) {
  const day = await dayRow(tx, req.date, true);
  if (day.status === 'closed') return { date: req.date, closedJobs: 0, alreadyClosed: true, verified: null };
  const verified = await verifyDay(tx, req.date, req, locale);
  const failing = verified.items.filter((i) => !i.ok);
  if (failing.length > 0) {
    const money = failing.find((i) => i.key === 'cashCounted' || i.key === 'checksCounted');
    if (failing.length === 1 && money) throw invalid('differenceNote', 'office.differenceUnexplained');
    throw refused('office.dayNotReady', { count: failing.length });
  }
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`select id from jobs where service_date = ${req.date} and status in ('completed', 'uncompleted') for update`,
  );
  const closed = await closeJobs(
    tx,
    actorId,
    ids.map((r) => r.id),
  );
  await tx
    .update(officeDays)
    .set({
      status: 'closed',
      closedAt: new Date(),
      closedBy: actorId,
      countedCashCents: req.countedCashCents,
      countedCheckCents: req.countedCheckCents,
      differenceNote: req.differenceNote,
      version: sql`${officeDays.version} + 1`,
      updatedAt: new Date(),
      updatedBy: actorId,
    })
    .where(eq(officeDays.id, day.id));
  return { date: req.date, closedJobs: closed.length, alreadyClosed: false, verified };
}

/** Reopens a closed day (its own permission, a reason): its closed jobs go back to completed / uncompleted. */
export async function reopenDay(tx: Db, actorId: number, req: { date: string; reason: string }) {
  const day = await dayRow(tx, req.date, true);
  if (day.status !== 'closed') throw refused('office.dayNotClosed', { date: req.date });
  const reopened = await queryRows<{ id: number }>(
    tx,
    sql`update jobs set status = case when completed_at is not null then 'completed' else 'uncompleted' end,
               closed_at = null, status_changed_at = now(), version = version + 1, updated_at = now(), updated_by = ${actorId}
         where service_date = ${req.date} and status = 'closed' returning id`,
  );
  await tx
    .update(officeDays)
    .set({
      status: 'open',
      reopenedAt: new Date(),
      reopenedBy: actorId,
      reopenReason: req.reason,
      version: sql`${officeDays.version} + 1`,
      updatedAt: new Date(),
      updatedBy: actorId,
    })
    .where(eq(officeDays.id, day.id));
  return { date: req.date, reopenedJobs: reopened.length };
}
