import {
  Code,
  calculateJobCosting,
  JOB_STATUSES,
  JOB_TRANSITIONS,
  type JobDetail,
  type JobSaved,
  type JobStatus,
} from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../../test/clock';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { locationWith } from '../../customers/customers.fixtures';
import { customerLocations } from '../../customers/customers.tables';
import { priceItemRates, priceItems } from '../../system/settings.tables';
import { activeTeam, jobIn, modifyBody, newJob, SERVICE_DATE, scheduledJob } from './jobs.fixtures';
import { jobLines, jobs } from './jobs.tables';

let t: TestApp;
let token: string;
/** Holds employee:pay:manage: sees the labor cost the scheduler does not. */
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('scheduler');
  manager = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const call = <T>(path: string, body: unknown, locale: 'en' | 'zh' = 'en') => t.call<T>(path, { token, body, locale });
const detail = async (id: number, as = token) => {
  const result = await t.call<JobDetail>('/job/detail', { token: as, body: { id } });
  expect(result.code).toBe(Code.OK);
  return result.data;
};

/** What each target needs in updateState. */
const targetBody = async (status: JobStatus): Promise<Record<string, unknown>> => {
  switch (status) {
    case 'scheduled':
      return { teamId: (await activeTeam(t)).id, serviceDate: SERVICE_DATE, startTime: '08:30' };
    case 'completed':
      return { actualMinutes: 135 };
    case 'uncompleted':
      return { reason: 'Customer not home' };
    case 'cancelled':
      return { reason: 'weather', feeCents: 0 };
    default:
      return {};
  }
};

describe('job status flow (docs/business-rules.md "Job status")', () => {
  const cases = JOB_STATUSES.flatMap((from) => JOB_STATUSES.map((to) => ({ from, to })));
  for (const { from, to } of cases) {
    const allowed = JOB_TRANSITIONS[from].includes(to) && to !== 'closed';
    it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused with 10010 naming both statuses'}`, async () => {
      const job = await jobIn(t, from);
      const body = { id: job.id, version: job.version, status: to, ...(await targetBody(to)) };
      const before = await t.fingerprint();
      const result = await call<JobSaved>('/job/updateState', body);
      if (allowed) {
        expect(result.code).toBe(Code.OK);
        expect(result.data.status).toBe(to);
        expect(result.data.version).toBe(job.version + 1);
        return;
      }
      expect(result.code).toBe(Code.REFUSED);
      expect(result.message).toContain(from);
      expect(result.message).toContain(to);
      expect(await t.fingerprint()).toBe(before);
      const zh = await call<JobSaved>('/job/updateState', body, 'zh');
      expect(zh.message).toMatch(/工单/);
    });
  }

  it('schedules only with a team, a date and a start time (the spec message names the team)', async () => {
    const job = await newJob(t);
    expect(job.status).toBe('unscheduled');
    const result = await call('/job/updateState', {
      id: job.id,
      version: job.version,
      status: 'scheduled',
      serviceDate: SERVICE_DATE,
      startTime: '09:00',
    });
    expect(result.code).toBe(Code.INVALID_INPUT);
    expect(result.message).toContain('team is required');
    const full = await scheduledJob(t);
    expect(full.status).toBe('scheduled');
  });

  it('a stale version changes nothing (10009)', async () => {
    const job = await scheduledJob(t);
    const result = await call('/job/updateState', {
      id: job.id,
      version: job.version + 5,
      status: 'completed',
      actualMinutes: 90,
    });
    expect(result.code).toBe(Code.CONFLICT);
    expect((await detail(job.id)).job.status).toBe('scheduled');
  });

  it('records actual minutes on completion and the reason of an uncompleted visit', async () => {
    const done = await jobIn(t, 'completed');
    expect((await detail(done.id)).job.actualMinutes).toBe(150);
    const missed = await jobIn(t, 'uncompleted');
    expect((await detail(missed.id)).job.uncompletedReason).toBe('Gate locked, nobody answered');
  });

  it('cancels with a reason and a fee: the fee becomes the only charge, no labor', async () => {
    const item = await datedItem(SERVICE_DATE, 2_500, 30);
    const job = await scheduledJob(t, { lines: [{ priceItemId: item, quantity: 2 }] });
    expect((await detail(job.id)).job.costing.revenueCents).toBeGreaterThan(0);
    const result = await call<JobSaved>('/job/updateState', {
      id: job.id,
      version: job.version,
      status: 'cancelled',
      reason: 'customer_request',
      note: 'Called at 7 am',
      feeCents: 4_000,
    });
    expect(result.code).toBe(Code.OK);
    const d = await detail(job.id);
    expect(d.job.cancelReason).toBe('customer_request');
    expect(d.job.cancelFeeCents).toBe(4_000);
    const fee = d.lines.find((l) => l.kind === 'fee' && l.priceItemId === null)!;
    expect(fee.amountCents).toBe(4_000);
    expect(d.lines.filter((l) => l !== fee).every((l) => l.free && l.amountCents === 0)).toBe(true);
    expect(d.job.costing.revenueCents).toBe(4_000);
    expect((await detail(job.id, manager)).job.costing.projectedLaborCents).toBe(0);
    expect(d.labor).toEqual([]);
  });

  it('re-cleans a completed job: a new linked unscheduled job at no charge', async () => {
    const item = await datedItem(SERVICE_DATE, 1_000, 20);
    const job = await scheduledJob(t, { lines: [{ priceItemId: item, quantity: 1 }] });
    const done = (
      await onBusinessDay(SERVICE_DATE, () =>
        call<JobSaved>('/job/updateState', { id: job.id, version: job.version, status: 'completed', actualMinutes: 100 }),
      )
    ).data;
    const result = await call<JobSaved>('/job/reclean', { id: done.id, reason: 'Baseboards missed' });
    expect(result.code).toBe(Code.OK);
    const re = await detail(result.data.id);
    expect(re.job.status).toBe('unscheduled');
    expect(re.job.recleanOf).toEqual({ id: done.id, reference: done.reference });
    expect(re.job.recleanReason).toBe('Baseboards missed');
    expect(re.lines.length).toBeGreaterThan(0);
    expect(re.lines.every((l) => l.free)).toBe(true);
    expect(re.job.costing.invoiceTotalCents).toBe(0);
    expect((await detail(done.id)).job.recleans.map((r) => r.id)).toEqual([re.job.id]);
    const scheduled = await scheduledJob(t);
    const refused = await call('/job/reclean', { id: scheduled.id, reason: 'x' });
    expect(refused.code).toBe(Code.REFUSED);
  });
});

/** A price-list entry whose first rate starts on `from` (a second one may follow). */
async function datedItem(
  from: string,
  unitPriceCents: number,
  minutes: number,
  taxable = false,
  later?: { from: string; unitPriceCents: number },
) {
  const [item] = await t.db
    .insert(priceItems)
    .values({ kind: 'addon', nameEn: `Test add-on ${from} ${unitPriceCents}`, nameZh: '测试附加项', taxable })
    .returning();
  await t.db
    .insert(priceItemRates)
    .values({ priceItemId: item!.id, effectiveFrom: from, inHomeMinutes: minutes, unitPriceCents });
  if (later)
    await t.db
      .insert(priceItemRates)
      .values({ priceItemId: item!.id, effectiveFrom: later.from, inHomeMinutes: minutes, unitPriceCents: later.unitPriceCents });
  return item!.id;
}

describe('pricing lines on the job date', () => {
  it('prices each line with the rate in force on the service date', async () => {
    const item = await datedItem('2026-01-01', 1_000, 15, false, { from: '2026-12-15', unitPriceCents: 1_400 });
    const before = await scheduledJob(t, { serviceDate: '2026-12-14', lines: [{ priceItemId: item, quantity: 2 }] });
    const after = await scheduledJob(t, { serviceDate: '2026-12-15', lines: [{ priceItemId: item, quantity: 2 }] });
    const [a, b] = [(await detail(before.id)).lines[0]!, (await detail(after.id)).lines[0]!];
    expect([a.unitPriceCents, a.rateEffectiveFrom]).toEqual([1_000, '2026-01-01']);
    expect([b.unitPriceCents, b.rateEffectiveFrom]).toEqual([1_400, '2026-12-15']);
  });

  it('refuses a line priced for another date, and an entry not yet priced on the date, changing nothing', async () => {
    const item = await datedItem('2026-01-01', 1_000, 15, false, { from: '2026-12-15', unitPriceCents: 1_400 });
    const future = await datedItem('2027-03-01', 500, 10);
    const job = await scheduledJob(t, { serviceDate: '2026-12-20' });
    const before = await t.fingerprint();
    const stale = await call('/job/saveLines', {
      id: job.id,
      version: job.version,
      lines: [{ priceItemId: item, quantity: 1, rateEffectiveFrom: '2026-01-01' }],
    });
    expect(stale.code).toBe(Code.INVALID_INPUT);
    expect(stale.message).toMatch(/^Lines, item 1: Price list entry: .*another date/);
    const notYet = await call('/job/saveLines', {
      id: job.id,
      version: job.version,
      lines: [{ priceItemId: future, quantity: 1 }],
    });
    expect(notYet.code).toBe(Code.INVALID_INPUT);
    expect(notYet.message).toContain('2026-12-20');
    expect(await t.fingerprint()).toBe(before);
  });

  it('keeps the copied rate of a kept line, allows a free line with a reason, and stores the costing of the contract function', async () => {
    const taxed = await datedItem('2026-01-01', 1_299, 0, true);
    const room = await datedItem('2026-01-01', 0, 20);
    const job = await scheduledJob(t, { lines: [{ priceItemId: room, quantity: 3 }], couponCents: 500 });
    const first = await detail(job.id);
    const saved = await call<JobSaved>('/job/saveLines', {
      id: job.id,
      version: first.job.version,
      lines: [
        { id: first.lines[0]!.id, quantity: 4 },
        { priceItemId: taxed, quantity: 1 },
        { priceItemId: room, quantity: 1, free: true, freeReason: 'Goodwill' },
      ],
    });
    expect(saved.code).toBe(Code.OK);
    const d = await detail(job.id, manager);
    expect(d.lines.map((l) => [l.quantity, l.free])).toEqual([
      [4, false],
      [1, false],
      [1, true],
    ]);
    const expected = calculateJobCosting({
      lines: d.lines,
      pricePerMinuteCents: d.job.pricePerMinuteCents,
      flatRateCents: d.job.flatRateCents,
      couponCents: d.job.couponCents,
      discountCents: d.job.discountCents,
      salesTaxBps: d.job.costing.salesTaxBps,
      members: d.labor.map((m) => ({ ...m, hourlyRateCents: m.hourlyRateCents! })),
    });
    const { lineAmountsCents, lineMinutes, ...totals } = expected;
    expect(d.lines.map((l) => l.amountCents)).toEqual(lineAmountsCents);
    expect(d.job.quotedMinutes).toBe(lineMinutes);
    expect(d.job.costing).toMatchObject(totals);
    expect(d.labor.length).toBeGreaterThan(0);
    expect(d.labor.every((m) => m.plannedMinutes === d.job.durationMinutes)).toBe(true);
  });
});

describe('bad input names the field and changes nothing', () => {
  it('refuses a removed location, an unknown team, a negative quantity and a free line without reason', async () => {
    const location = await locationWith(t, 'true', 'id desc');
    await t.db.update(customerLocations).set({ deletedAt: new Date() }).where(eq(customerLocations.id, location.id));
    const live = await locationWith(t, 'true');
    const cases: [Record<string, unknown>, string][] = [
      [{ locationId: location.id }, 'locationId'],
      [{ locationId: live.id, teamId: 987_654 }, 'teamId'],
      [{ locationId: live.id, preferredTeamId: 987_654 }, 'preferredTeamId'],
      [{ locationId: live.id, lines: [{ priceItemId: 1, quantity: -2 }] }, 'lines.0.quantity'],
      [{ locationId: live.id, lines: [{ priceItemId: 1, quantity: 1, free: true }] }, 'lines.0.freeReason'],
      [{ locationId: live.id, windowStart: '10:00', windowEnd: '09:00' }, 'windowEnd'],
    ];
    for (const [body, field] of cases) {
      const before = await t.fingerprint();
      const result = await t.call<{ issues: { field: string }[] }>('/job/add', { token, body });
      expect(result.code, field).toBe(Code.INVALID_INPUT);
      expect(result.data.issues.map((i) => i.field)).toContain(field);
      expect(await t.fingerprint()).toBe(before);
    }
  });

  it('refuses to edit a closed or cancelled job', async () => {
    for (const status of ['closed', 'cancelled']) {
      const job = await jobIn(t, status);
      const result = await call('/job/modify', await modifyBody(t, job.id, { notes: 'late edit' }));
      expect(result.code).toBe(Code.REFUSED);
    }
  });

  it('keeps a scheduled job scheduled: modify cannot clear its team, date or start time', async () => {
    const job = await scheduledJob(t);
    const result = await call<{ issues: { field: string }[] }>('/job/modify', await modifyBody(t, job.id, { teamId: null }));
    expect(result.code).toBe(Code.INVALID_INPUT);
    expect(result.data.issues[0]!.field).toBe('teamId');
  });
});

describe('modify and the change log', () => {
  it('saves every field, keeps 09:00 as wall-clock time and logs who changed what', async () => {
    // A price, so the $10.00 discount is within the maximum discount (job-discounts.test.ts).
    const job = await scheduledJob(t, { flatRateCents: 20_000 });
    const team = await activeTeam(t);
    const result = await call<JobSaved>('/job/modify', {
      ...(await modifyBody(t, job.id)),
      teamId: team.id,
      serviceDate: '2027-03-15', // the Monday after daylight-saving time starts
      startTime: '09:00',
      windowStart: '08:30',
      windowEnd: '10:00',
      durationMinutes: 150,
      customerAtHome: true,
      drivingDistanceTenthMiles: 125,
      notes: 'Dog in the yard',
      discountCents: 1_000,
    });
    expect(result.code).toBe(Code.OK);
    const d = await detail(job.id);
    expect(d.job).toMatchObject({
      serviceDate: '2027-03-15',
      startTime: '09:00',
      windowStart: '08:30',
      windowEnd: '10:00',
      customerAtHome: true,
      drivingDistanceTenthMiles: 125,
      notes: 'Dog in the yard',
      durationMinutes: 150,
    });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.startMinutes).toBe(540);
    const change = d.changes.find((c) => c.action === 'modify')!;
    expect(change.user).toBe('scheduler');
    expect(change.changes.serviceDate).toEqual({ from: SERVICE_DATE, to: '2027-03-15' });
    expect(d.changes.some((c) => c.action === 'add')).toBe(true);
    const lines = await t.db.select().from(jobLines).where(eq(jobLines.jobId, job.id));
    expect(lines).toEqual([]);
  });
});
