import { Code, momentAtWallClock, type WageDetail } from '@tidyhouse/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customerPayments } from '../../billing/payments/payments.tables';
import { employeePayRates } from '../../employees/employee-records.tables';
import { activeTeam, modifyBody, newJob } from '../../service/jobs/jobs.fixtures';
import { jobs } from '../../service/jobs/jobs.tables';
import { payPeriodApprovals, timeCardDays, timePunches } from '../time-cards/time-cards.tables';
import { payAdjustments, payPeriodSnapshots } from './pay-freeze.tables';
import { computeBatch, loadPeriodContext } from './wage-inputs';

/**
 * Issue 24 "Done means": after approval, no sequence of the writes that touch pay changes an approved
 * period's lines; each forced change appears exactly once, as an adjustment in a later open period.
 * Weekly periods: the approved week 2026-05-03 – 05-09, the next open week from 05-10.
 */

let t: TestApp;
let office: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  admin = await t.sessionAs('super_admin');
});
afterAll(() => t.close());

const DAY = '2026-05-05';
const NEXT = '2026-05-10';
const AFTER = '2026-05-17';
const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return momentAtWallClock(date, h * 60 + m, 'America/Los_Angeles');
};
const detail = async (userId: number, date: string) =>
  (await t.call<WageDetail>('/wage/queryDetail', { token: office, body: { userId, date } })).data;
const ok = (result: { code: number; message?: string }) => expect(result.code, result.message).toBe(0);

/** Two members of one team on one job, each with a clean history; the first paid by percentage. */
async function setUp() {
  const team = await activeTeam(t, 1);
  const rows = (await t.db.execute(
    sql`select user_id from team_members where team_id = ${team.id} order by user_id limit 2`,
  )) as unknown as { rows: { user_id: number }[] };
  const [userId, mateId] = rows.rows.map((r) => Number(r.user_id)) as [number, number];
  for (const id of [userId, mateId]) {
    for (const table of [timePunches, timeCardDays, payPeriodApprovals, payPeriodSnapshots, payAdjustments])
      await t.db.delete(table).where(eq(table.userId, id));
    await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(eq(employeePayRates.userId, id));
  }
  const [rate] = await t.db
    .insert(employeePayRates)
    .values({ userId, payType: 'percentage', rateCents: 4000, effectiveFrom: '2025-01-01' })
    .returning();
  await t.db.insert(employeePayRates).values({ userId: mateId, payType: 'hourly', rateCents: 2200, effectiveFrom: '2025-01-01' });
  const job = await newJob(t, { teamId: team.id, serviceDate: DAY, startTime: '09:00', flatRateCents: 20_000 });
  await t.db.insert(timePunches).values([
    { userId, workDate: DAY, kind: 'shift', startsAt: at(DAY, '09:00'), endsAt: at(DAY, '13:00') },
    { userId, workDate: DAY, kind: 'job', jobId: job.id, startsAt: at(DAY, '09:00'), endsAt: at(DAY, '13:00') },
  ]);
  const [customer] = await t.db.select({ id: jobs.customerId }).from(jobs).where(eq(jobs.id, job.id));
  const [tip] = await t.db
    .insert(customerPayments)
    .values({
      customerId: customer!.id,
      kind: 'payment',
      paidOn: DAY,
      amountCents: 100,
      gratuityCents: 1_001,
      method: 'cash',
      jobId: job.id,
    })
    .returning();
  ok(await t.call('/timeCard/approvePeriod', { token: office, body: { date: DAY, userIds: [userId] } }));
  return { userId, mateId, rate: rate!, job, tip: tip!, customerId: customer!.id };
}

type World = Awaited<ReturnType<typeof setUp>>;

/** The writes of the issue: refused ones (rate, minimum wage, punch in the approved week) and forced ones. */
const write = fc.oneof(
  fc.record({ kind: fc.constant('price' as const), cents: fc.integer({ min: 50, max: 900 }).map((n) => n * 100) }),
  fc.record({ kind: fc.constant('voidTip' as const) }),
  fc.record({ kind: fc.constant('lateTip' as const), cents: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ kind: fc.constant('mateHours' as const), hours: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('rate' as const) }),
  fc.record({ kind: fc.constant('minimumWage' as const) }),
  fc.record({ kind: fc.constant('punch' as const) }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

async function apply(world: World, w: Write) {
  switch (w.kind) {
    case 'price':
      return ok(
        await t.call('/job/modify', { token: admin, body: await modifyBody(t, world.job.id, { flatRateCents: w.cents }) }),
      );
    case 'voidTip': {
      const [tip] = await t.db.select().from(customerPayments).where(eq(customerPayments.id, world.tip.id));
      if (tip!.reversedById !== null) return;
      return ok(
        await t.call('/customerPayment/void', { token: admin, body: { id: tip!.id, version: tip!.version, reason: 'Disputed' } }),
      );
    }
    case 'lateTip':
      // Paid in the approved week, recorded now: the first approval sends it to the next open week.
      await t.db.insert(customerPayments).values({
        customerId: world.customerId,
        kind: 'payment',
        paidOn: DAY,
        amountCents: 100,
        gratuityCents: w.cents,
        method: 'cash',
        jobId: world.job.id,
      });
      return;
    case 'mateHours': {
      // The teammate's week is open: their job punch moves the split of the job's piece pay and tips.
      // A removed punch stays as a soft-deleted row: only a live one can be removed again.
      const [old] = await t.db
        .select()
        .from(timePunches)
        .where(and(eq(timePunches.userId, world.mateId), isNull(timePunches.deletedAt)));
      if (old)
        return ok(
          await t.call('/timeCard/removePunch', { token: office, body: { id: old.id, version: old.version, reason: 'Redo' } }),
        );
      return ok(
        await t.call('/timeCard/addPunch', {
          token: office,
          body: {
            userId: world.mateId,
            workDate: DAY,
            kind: 'job',
            jobId: world.job.id,
            startTime: '09:00',
            endTime: `${String(9 + w.hours).padStart(2, '0')}:00`,
            reason: 'Forgot',
            note: '',
          },
        }),
      );
    }
    case 'rate': {
      const [rate] = await t.db.select().from(employeePayRates).where(eq(employeePayRates.id, world.rate.id));
      const body = {
        id: rate!.id,
        version: rate!.version,
        payType: 'percentage',
        rateCents: 4500,
        effectiveFrom: '2025-01-01',
        reason: 'Raise',
      };
      return expect((await t.call('/sysUserPay/correct', { token: office, body })).code).toBe(Code.REFUSED);
    }
    case 'minimumWage':
      return expect(
        (await t.call('/wage/addMinimumWage', { token: office, body: { effectiveFrom: DAY, centsPerHour: 3000 } })).code,
      ).toBe(Code.REFUSED);
    case 'punch': {
      const body = {
        userId: world.userId,
        workDate: DAY,
        kind: 'shift',
        startTime: '14:00',
        endTime: '15:00',
        reason: 'Late entry',
        note: '',
      };
      return expect((await t.call('/timeCard/addPunch', { token: office, body })).code).toBe(Code.REFUSED);
    }
  }
}

describe('approval freezes pay: property', () => {
  it('no sequence of writes changes the approved lines; each forced change is paid exactly once later', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        const world = await setUp();
        const approved = await detail(world.userId, DAY);
        for (const w of writes) {
          await apply(world, w);
          const now = await detail(world.userId, DAY);
          expect({ lines: now.lines, grossCents: now.grossCents }).toEqual({
            lines: approved.lines,
            grossCents: approved.grossCents,
          });
        }
        // What the approved week should have paid, computed again, less what it paid: the adjustments.
        const [live] = await computeBatch(t.db, await loadPeriodContext(t.db, DAY), [world.userId]);
        const rows = await t.db.select().from(payAdjustments).where(eq(payAdjustments.userId, world.userId));
        expect(rows.reduce((s, r) => s + r.cents, 0)).toBe(live!.grossCents - approved.grossCents);
        // Each appears once, in the next open week; approving it there freezes it, and no later week pays it again.
        const next = await detail(world.userId, NEXT);
        const items = next.lines.find((l) => l.kind === 'adjustment')?.items ?? [];
        expect(items.map((i) => i.cents).sort()).toEqual(rows.map((r) => r.cents).sort());
        expect(items.every((i) => i.adjustment?.periodStart === '2026-05-03')).toBe(true);
        ok(await t.call('/timeCard/approvePeriod', { token: office, body: { date: NEXT, userIds: [world.userId] } }));
        expect((await detail(world.userId, AFTER)).lines.some((l) => l.kind === 'adjustment')).toBe(false);
        const frozen = await detail(world.userId, NEXT);
        expect(frozen.lines.find((l) => l.kind === 'adjustment')?.items ?? []).toEqual(items);
      }),
      { numRuns: 8 },
    );
    // Eight worlds of real API writes: 20 s alone, and past the 30 s default on a loaded machine.
  }, 120_000);
});
