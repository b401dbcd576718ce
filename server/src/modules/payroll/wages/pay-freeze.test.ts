import { Code, momentAtWallClock, type PayrollSettings, type WageDetail } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customerPayments } from '../../billing/payments/payments.tables';
import { employeePayRates } from '../../employees/employee-records.tables';
import { activeTeam, modifyBody, newJob } from '../../service/jobs/jobs.fixtures';
import { jobs } from '../../service/jobs/jobs.tables';
import { payPeriodApprovals, timeCardDays, timePunches } from '../time-cards/time-cards.tables';
import { payAdjustments, payPeriodSnapshots } from './pay-freeze.tables';
import { computeBatch, loadPeriodContext } from './wage-inputs';

/** Approval freezes pay (issue 24; docs/business-rules.md "Approval freezes pay"). Weekly periods from Sunday 2026-01-04. */

let t: TestApp;
let office: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  admin = await t.sessionAs('super_admin');
});
afterAll(() => t.close());

const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return momentAtWallClock(date, h * 60 + m, 'America/Los_Angeles');
};

async function member(offset: number) {
  const team = await activeTeam(t, offset);
  const rows = (await t.db.execute(
    sql`select user_id from team_members where team_id = ${team.id} order by user_id limit 1`,
  )) as unknown as { rows: { user_id: number }[] };
  return { teamId: team.id as number, userId: Number(rows.rows[0]!.user_id) };
}

/** A clean history (no punches, days, approvals, snapshots, adjustments), paid one rate from 2025-01-01. */
async function payAs(userId: number, payType: 'hourly' | 'percentage', rateCents: number) {
  for (const table of [timePunches, timeCardDays, payPeriodApprovals, payPeriodSnapshots, payAdjustments])
    await t.db.delete(table).where(eq(table.userId, userId));
  await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(eq(employeePayRates.userId, userId));
  const [rate] = await t.db
    .insert(employeePayRates)
    .values({ userId, payType, rateCents, effectiveFrom: '2025-01-01' })
    .returning();
  return rate!;
}

/** A day at a job: a shift and the job punch, `hours` long from 09:00. */
async function workAt(userId: number, day: string, jobId: number, hours: number) {
  const end = `${String(9 + hours).padStart(2, '0')}:00`;
  await t.db.insert(timePunches).values([
    { userId, workDate: day, kind: 'shift', startsAt: at(day, '09:00'), endsAt: at(day, end) },
    { userId, workDate: day, kind: 'job', jobId, startsAt: at(day, '09:00'), endsAt: at(day, end) },
  ]);
}

const detail = async (userId: number, date: string) =>
  (await t.call<WageDetail>('/wage/queryDetail', { token: office, body: { userId, date } })).data;
const approve = async (userId: number, date: string) =>
  expect((await t.call('/timeCard/approvePeriod', { token: office, body: { date, userIds: [userId] } })).code).toBe(0);
const reopen = async (userId: number, date: string) =>
  expect(
    (await t.call('/timeCard/reopenPeriod', { token: office, body: { date, userIds: [userId], reason: 'Recheck' } })).code,
  ).toBe(0);
const adjustmentLine = (d: WageDetail) => d.lines.find((l) => l.kind === 'adjustment');

async function setPrice(jobId: number, flatRateCents: number) {
  const result = await t.call('/job/modify', { token: admin, body: await modifyBody(t, jobId, { flatRateCents }) });
  expect(result.code).toBe(0);
}

describe('approval freezes pay', () => {
  it('stores the snapshot on approval and reads the approved period from it, even when the inputs change underneath', async () => {
    const { userId } = await member(0);
    const rate = await payAs(userId, 'hourly', 2000);
    const day = '2026-03-03';
    await t.db
      .insert(timePunches)
      .values({ userId, workDate: day, kind: 'shift', startsAt: at(day, '09:00'), endsAt: at(day, '13:00') });
    await approve(userId, day);
    const [snapshot] = await t.db.select().from(payPeriodSnapshots).where(eq(payPeriodSnapshots.userId, userId));
    expect(snapshot).toMatchObject({ periodStart: '2026-03-01', periodEnd: '2026-03-07', grossCents: 8_000, reopenedAt: null });
    // A rate changed behind the service's back would move a live figure: the approved week keeps $80.00.
    await t.db.update(employeePayRates).set({ rateCents: 3000 }).where(eq(employeePayRates.id, rate.id));
    const approved = await detail(userId, day);
    expect(approved).toMatchObject({ approved: true, grossCents: 8_000 });
    const summary = await t.call<{ rows: Array<{ userId: number; grossCents: number }> }>('/jhSchedule/queryWage', {
      token: office,
      body: { date: day },
    });
    expect(summary.data.rows.find((r) => r.userId === userId)?.grossCents).toBe(8_000);
    // Reopening discards the snapshot (the history keeps it, stamped with the reason): the period is live again.
    await reopen(userId, day);
    expect((await detail(userId, day)).grossCents).toBe(12_000);
    const history = await t.db.select().from(payPeriodSnapshots).where(eq(payPeriodSnapshots.userId, userId));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ reopenReason: 'Recheck', grossCents: 8_000 });
    expect(history[0]!.reopenedAt).not.toBeNull();
    await approve(userId, day);
    const again = await t.db.select().from(payPeriodSnapshots).where(eq(payPeriodSnapshots.userId, userId));
    expect(again.map((s) => s.grossCents).sort()).toEqual([12_000, 8_000].sort());
  });

  it('refuses a pay-rate correction dated before a period approved out of order, naming the period, and changes nothing', async () => {
    const { userId } = await member(1);
    const rate = await payAs(userId, 'hourly', 2000);
    // The later week approved, the earlier one not: the earliest date touched (2025-01-01) is in no approved period.
    const day = '2026-03-10';
    await t.db
      .insert(timePunches)
      .values({ userId, workDate: day, kind: 'shift', startsAt: at(day, '09:00'), endsAt: at(day, '17:00') });
    await approve(userId, day);
    const before = await t.fingerprint();
    const corrected = await t.call('/sysUserPay/correct', {
      token: office,
      locale: 'en',
      body: {
        id: rate.id,
        version: rate.version,
        payType: 'hourly',
        rateCents: 2500,
        effectiveFrom: '2025-01-01',
        reason: 'Typo',
      },
    });
    expect(corrected.code).toBe(Code.REFUSED);
    expect(corrected.message).toContain('approved pay period 2026-03-08 – 2026-03-14');
    const zh = await t.call('/sysUserPay/remove', { token: office, locale: 'zh', body: { id: rate.id, reason: 'Typo' } });
    expect(zh.code).toBe(Code.REFUSED);
    expect(zh.message).toContain('已审批工资周期 2026-03-08 – 2026-03-14');
    // A new rate dated inside the approved week is refused too (a new rate is a change of pay from its date).
    const added = await t.call('/sysUserPay/addBatch', {
      token: office,
      locale: 'en',
      body: { userIds: [userId], payType: 'hourly', rateCents: 2600, isPaid: true, effectiveFrom: '2026-03-09', note: '' },
    });
    expect(added.code).toBe(Code.REFUSED);
    expect(added.message).toContain('2026-03-08 – 2026-03-14');
    expect(await t.fingerprint()).toBe(before);
    // After the approved period, a new rate is accepted.
    const later = await t.call('/sysUserPay/addBatch', {
      token: office,
      body: { userIds: [userId], payType: 'hourly', rateCents: 2600, isPaid: true, effectiveFrom: '2026-03-15', note: '' },
    });
    expect(later.code).toBe(0);
  });

  it('refuses a minimum wage and a settings change that would recompute an approved period (both languages)', async () => {
    // Approved weeks exist from the tests above (up to 2026-03-14).
    const before = await t.fingerprint();
    const wage = await t.call('/wage/addMinimumWage', {
      token: office,
      locale: 'en',
      body: { effectiveFrom: '2026-03-01', centsPerHour: 2500 },
    });
    expect(wage.code).toBe(Code.REFUSED);
    expect(wage.message).toMatch(/approved pay period 2026-03-0\d – 2026-03-\d\d/);
    const settings = (await t.call<PayrollSettings>('/wage/settings', { token: office, body: {} })).data;
    const changed = await t.call('/wage/updateSettings', {
      token: office,
      locale: 'zh',
      body: { ...settings, periodKind: 'biweekly' },
    });
    expect(changed.code).toBe(Code.REFUSED);
    expect(changed.message).toMatch(/已审批的工资周期 2026-03-\d\d – 2026-03-\d\d/);
    expect(await t.fingerprint()).toBe(before);
  });

  it('a job price corrected after approval lands once, as an adjustment of the next open period naming the period', async () => {
    // Worked example (docs): 40 % of a $200.00 job, 4 h; the price is corrected to $300.00 after approval.
    const { teamId, userId } = await member(2);
    await payAs(userId, 'percentage', 4000);
    const day = '2026-03-17';
    const job = await newJob(t, { teamId, serviceDate: day, startTime: '09:00', flatRateCents: 20_000 });
    await workAt(userId, day, job.id, 4);
    const [{ subtotal }] = (await t.db.select({ subtotal: jobs.subtotalCents }).from(jobs).where(eq(jobs.id, job.id))) as [
      { subtotal: number },
    ];
    await approve(userId, day);
    const approved = await detail(userId, day);
    const piece = approved.lines.find((l) => l.kind === 'piece')!.cents;
    expect(piece).toBe(Math.round(subtotal * 0.4));

    await setPrice(job.id, 30_000);
    // Owed: the week computed again (piece pay and the rest pay that follows it) less what it paid.
    const [live] = await computeBatch(t.db, await loadPeriodContext(t.db, day), [userId]);
    const owed = live!.grossCents - approved.grossCents;
    expect(owed).toBeGreaterThan(0);
    expect(live!.lines.find((l) => l.kind === 'piece')!.cents - piece).toBe(4_000);
    // The approved week is unchanged; the next week pays the difference, naming what changed and when.
    expect((await detail(userId, day)).grossCents).toBe(approved.grossCents);
    const next = await detail(userId, '2026-03-22');
    expect(adjustmentLine(next)).toMatchObject({
      cents: owed,
      items: [
        { cents: owed, jobId: job.id, adjustment: { kind: 'jobPrice', periodStart: '2026-03-15', periodEnd: '2026-03-21' } },
      ],
    });
    // The same job saved again without a change of price adds nothing.
    await setPrice(job.id, 30_000);
    expect(await t.db.select().from(payAdjustments).where(eq(payAdjustments.userId, userId))).toHaveLength(1);
    // Approving the next week freezes it there: the week after does not pay it again.
    await approve(userId, '2026-03-22');
    expect(adjustmentLine(await detail(userId, '2026-03-22'))?.cents).toBe(owed);
    expect(adjustmentLine(await detail(userId, '2026-03-29'))).toBeUndefined();
    const [row] = await t.db.select().from(payAdjustments).where(eq(payAdjustments.userId, userId));
    expect(row).toMatchObject({ appliedPeriodStart: '2026-03-22', cents: owed });
  });

  it('refuses a change of the percentage split while an approved period holds piece pay, naming it', async () => {
    // The test above approved the week 2026-03-15 – 03-21 of a percentage-paid employee (the next week holds
    // only its adjustment: no piece pay to split again).
    const settings = (await t.call<PayrollSettings>('/wage/settings', { token: office, body: {} })).data;
    const before = await t.fingerprint();
    const changed = await t.call('/wage/updateSettings', {
      token: office,
      locale: 'en',
      body: { ...settings, percentSplit: 'full_each' },
    });
    expect(changed.code).toBe(Code.REFUSED);
    expect(changed.message).toContain('would recompute the approved pay period 2026-03-15 – 2026-03-21');
    expect(await t.fingerprint()).toBe(before);
  });

  it("reopening: the period's own pending adjustment is absorbed, one already paid later is taken back, never paid twice", async () => {
    // The first test's employee again (its history starts clean).
    const { teamId, userId } = await member(0);
    await payAs(userId, 'percentage', 4000);
    const [W1, W2] = ['2026-04-21', '2026-04-26'];
    const job = await newJob(t, { teamId, serviceDate: W1, startTime: '09:00', flatRateCents: 20_000 });
    await workAt(userId, W1, job.id, 4);
    const liveGross = async () => (await computeBatch(t.db, await loadPeriodContext(t.db, W1), [userId]))[0]!.grossCents;
    await approve(userId, W1);
    const g1 = (await detail(userId, W1)).grossCents;
    await setPrice(job.id, 30_000);
    const d = (await liveGross()) - g1;
    await approve(userId, W2);
    expect(adjustmentLine(await detail(userId, W2))?.cents).toBe(d);
    // W1 reopened: computed again (+d), less what W2 already paid of it (−d), so its gross stays.
    await reopen(userId, W1);
    const reopened = await detail(userId, W1);
    expect(adjustmentLine(reopened)).toMatchObject({ cents: -d, items: [{ adjustment: { kind: 'jobPrice', paidIn: W2 } }] });
    expect(reopened.grossCents).toBe(g1);
    await approve(userId, W1);
    // A later change is only the new difference; a pending one is absorbed when its period is reopened.
    const before = await liveGross();
    await setPrice(job.id, 40_000);
    const e = (await liveGross()) - before;
    const rows = async () => t.db.select().from(payAdjustments).where(eq(payAdjustments.userId, userId));
    expect((await rows()).map((r) => r.cents).sort()).toEqual([d, e].sort());
    await reopen(userId, W1);
    expect((await rows()).map((r) => r.cents)).toEqual([d]);
    expect((await detail(userId, W1)).grossCents).toBe((await liveGross()) - d);
  });

  it('a tip voided after approval is taken back in the next open period', async () => {
    const { teamId, userId } = await member(3);
    await payAs(userId, 'hourly', 2500);
    const day = '2026-04-01';
    const job = await newJob(t, { teamId, serviceDate: day, startTime: '09:00' });
    await workAt(userId, day, job.id, 2);
    const [customer] = await t.db.select({ id: jobs.customerId }).from(jobs).where(eq(jobs.id, job.id));
    const [payment] = await t.db
      .insert(customerPayments)
      .values({
        customerId: customer!.id,
        kind: 'payment',
        paidOn: day,
        amountCents: 100,
        gratuityCents: 900,
        method: 'cash',
        jobId: job.id,
      })
      .returning();
    await approve(userId, day);
    expect((await detail(userId, day)).lines.find((l) => l.kind === 'tips')?.cents).toBe(900);
    const voided = await t.call('/customerPayment/void', {
      token: admin,
      body: { id: payment!.id, version: payment!.version, reason: 'Card disputed' },
    });
    expect(voided.code).toBe(0);
    expect((await detail(userId, day)).lines.find((l) => l.kind === 'tips')?.cents).toBe(900);
    expect(adjustmentLine(await detail(userId, '2026-04-05'))).toMatchObject({
      cents: -900,
      items: [{ paymentId: payment!.id, adjustment: { kind: 'tipVoided', periodStart: '2026-03-29', periodEnd: '2026-04-04' } }],
    });
  });

  it('a late tip stays in the later week when its own week is reopened and approved again (the first approval decides)', async () => {
    // Worked example (docs): week 1 approved; a tip paid in week 1 is recorded after that: week 2 carries it.
    const { teamId, userId } = await member(4);
    await payAs(userId, 'hourly', 2500);
    const day = '2026-04-08';
    const job = await newJob(t, { teamId, serviceDate: day, startTime: '09:00' });
    await workAt(userId, day, job.id, 2);
    await approve(userId, day);
    const [customer] = await t.db.select({ id: jobs.customerId }).from(jobs).where(eq(jobs.id, job.id));
    await t.db.insert(customerPayments).values({
      customerId: customer!.id,
      kind: 'payment',
      paidOn: day,
      amountCents: 100,
      gratuityCents: 700,
      method: 'cash',
      jobId: job.id,
    });
    const tipsOf = (d: WageDetail) => d.lines.find((l) => l.kind === 'tips')?.cents ?? 0;
    expect(tipsOf(await detail(userId, '2026-04-12'))).toBe(700);
    await reopen(userId, day);
    await approve(userId, day);
    // Reopened and approved again after the tip was recorded: still in week 2, never back in week 1.
    expect(tipsOf(await detail(userId, day))).toBe(0);
    expect(tipsOf(await detail(userId, '2026-04-12'))).toBe(700);
    const [approval] = await t.db
      .select()
      .from(payPeriodApprovals)
      .where(and(eq(payPeriodApprovals.userId, userId), eq(payPeriodApprovals.periodStart, '2026-04-05')));
    const [first] = await t.db
      .select({ approvedAt: payPeriodSnapshots.approvedAt })
      .from(payPeriodSnapshots)
      .where(and(eq(payPeriodSnapshots.userId, userId), sql`${payPeriodSnapshots.reopenedAt} is not null`));
    expect(approval!.firstApprovedAt).toEqual(first!.approvedAt);
  });
});
