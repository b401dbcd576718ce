import {
  addDays,
  type CausedConflicts,
  type ChangeLogEntry,
  Code,
  type PlanChangeApplied,
  type PlanChangePreview,
  type PlanDetail,
  type PlanListItem,
  type PlanOccurrenceResult,
  type PlanStateResult,
} from '@tidyhouse/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { priceItemIdOf } from '../../customers/customers.fixtures';
import { jobLines, jobs } from '../jobs/jobs.tables';
import { generateDuePlans } from './generation';
import { addPlan, inDays, planBody, planJobs, today } from './plans.fixtures';
import { servicePlans } from './plans.tables';
import { horizonEndOf, occurrencesBetween } from './recurrence';

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const HORIZON_WEEKS = 12;
const call = <T>(path: string, body: unknown) => t.call<T>(path, { token: office, body });
const planRow = async (id: number) => (await t.db.select().from(servicePlans).where(eq(servicePlans.id, id)))[0]!;
const weeklyDates = (from: string) =>
  occurrencesBetween({ rrule: 'FREQ=WEEKLY;INTERVAL=1', patternFrom: from }, from, horizonEndOf(today(), HORIZON_WEEKS));

describe('adding a plan', () => {
  it('generates a job for every visit to the horizon, scheduled with the team and the window start, priced on its own date', async () => {
    const plan = await addPlan(t, office);
    expect(plan.reference).toMatch(/^P-\d{4}-\d{4,}$/);
    const list = await planJobs(t, plan.id);
    expect(list.map((j) => j.occurrenceDate)).toEqual(weeklyDates(inDays(1)));
    expect(plan.jobsCreated).toBe(list.length);
    for (const job of list) {
      expect(job).toMatchObject({ status: 'scheduled', startMinutes: 9 * 60, windowEndMinutes: 11 * 60, frequency: 'weekly' });
      expect(job.serviceDate).toBe(job.occurrenceDate);
      expect(job.revenueCents).toBe(16000);
      expect(job.quotedMinutes).toBe(180);
      expect(job.reference).toMatch(/^J-\d{4}-\d{4,}$/);
    }
    // The kitchen's rate changes 30 days after the seed (5500 → 6000 cents): each job has the rate of its date.
    const kitchen = await priceItemIdOf(t, 'Kitchen');
    const lines = await t.db
      .select({ date: jobs.serviceDate, unit: jobLines.unitPriceCents, kind: jobLines.kind, minutes: jobLines.minutesEach })
      .from(jobLines)
      .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
      .where(and(eq(jobs.planId, plan.id), eq(jobLines.priceItemId, kitchen)))
      .orderBy(asc(jobs.serviceDate));
    expect(lines.length).toBe(list.length);
    for (const line of lines) expect(line.unit).toBe(line.date! < inDays(30) ? 5500 : 6000);
    const base = await t.db
      .select({ minutes: jobLines.minutesEach })
      .from(jobLines)
      .where(and(eq(jobLines.jobId, list[0]!.id), eq(jobLines.kind, 'base')));
    expect(base[0]!.minutes).toBe(180 - 45);
  });

  it('lists and details the plan with its next visit and lines, and logs the change', async () => {
    const plan = await addPlan(t, office, { frequency: 'monthly', startDate: inDays(3) });
    const list = await call<{ list: PlanListItem[]; total: number }>('/servicePlan/queryList', { keyword: plan.reference });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id: plan.id, frequency: 'monthly', nextVisit: inDays(3), windowStart: '09:00' });
    const detail = await call<PlanDetail>('/servicePlan/detail', { id: plan.id });
    expect(detail.data.lines).toEqual([expect.objectContaining({ nameEn: 'Kitchen', quantity: 1 })]);
    expect(detail.data.rrule).toMatch(/^FREQ=MONTHLY;BYDAY=(\+[1-4]|-1)[A-Z]{2}$/);
    expect(detail.data.upcoming[0]).toMatchObject({ date: inDays(3), status: 'scheduled', movedByHand: false });
    const history = await call<{ list: ChangeLogEntry[] }>('/servicePlan/history', { id: plan.id });
    expect(history.data.list[0]).toMatchObject({ action: 'addPlan', user: 'office' });
  });

  it('refuses a location, team or price entry that does not exist, changing nothing', async () => {
    for (const [override, field] of [
      [{ locationId: 999999 }, 'locationId'],
      [{ preferredTeamId: 999999 }, 'preferredTeamId'],
      [{ lines: [{ priceItemId: 999999, quantity: 1 }] }, 'lines.0.priceItemId'],
    ] as const) {
      const before = await t.fingerprint();
      const result = await call<{ issues: { field: string }[] }>('/servicePlan/add', await planBody(t, override));
      expect(result.code).toBe(Code.INVALID_INPUT);
      expect(result.data.issues[0]!.field).toBe(field);
      expect(await t.fingerprint()).toBe(before);
    }
  });
});

describe('generation', () => {
  it('is idempotent: a second run, or a run that lost its horizon, adds no job', async () => {
    const plan = await addPlan(t, office, { frequency: 'biweekly' });
    const count = (await planJobs(t, plan.id)).length;
    expect(await generateDuePlans(t.db, { horizonWeeks: HORIZON_WEEKS })).toEqual({ plans: 0, jobs: 0, conflicts: [] });
    await t.db.update(servicePlans).set({ generatedUntil: null }).where(eq(servicePlans.id, plan.id));
    const rerun = await generateDuePlans(t.db, { horizonWeeks: HORIZON_WEEKS });
    expect(rerun.jobs).toBe(0);
    expect((await planJobs(t, plan.id)).length).toBe(count);
    // A longer horizon adds only the new weeks.
    const longer = await generateDuePlans(t.db, { horizonWeeks: HORIZON_WEEKS + 4 });
    expect((await planJobs(t, plan.id)).length).toBe(count + 2);
    expect(longer.jobs).toBeGreaterThanOrEqual(2);
  });
});

describe('one visit', () => {
  it('skips a visit: its job is cancelled, keeps the date, and is never generated again', async () => {
    const plan = await addPlan(t, office);
    const target = (await planJobs(t, plan.id))[2]!;
    const result = await call<PlanOccurrenceResult>('/servicePlan/skipOccurrence', {
      id: plan.id,
      occurrenceDate: target.occurrenceDate,
      reason: 'Family visiting',
    });
    expect(result.data).toMatchObject({ jobId: target.id, status: 'cancelled' });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, target.id));
    expect(job).toMatchObject({
      status: 'cancelled',
      occurrenceDate: target.occurrenceDate,
      cancelNote: 'Skipped: Family visiting',
    });
    await t.db.update(servicePlans).set({ generatedUntil: null }).where(eq(servicePlans.id, plan.id));
    await generateDuePlans(t.db, { horizonWeeks: HORIZON_WEEKS });
    expect((await planJobs(t, plan.id)).filter((j) => j.occurrenceDate === target.occurrenceDate)).toHaveLength(1);
    const again = await call('/servicePlan/skipOccurrence', { id: plan.id, occurrenceDate: target.occurrenceDate });
    expect(again.code).toBe(Code.REFUSED);
  });

  it('skips a visit beyond the horizon by making its job now', async () => {
    const plan = await addPlan(t, office);
    const far = addDays(inDays(1), 7 * 20);
    const result = await call<PlanOccurrenceResult>('/servicePlan/skipOccurrence', { id: plan.id, occurrenceDate: far });
    expect(result.code).toBe(Code.OK);
    expect(result.data).toMatchObject({ occurrenceDate: far, status: 'cancelled' });
  });

  it('refuses a date that is not a visit of the plan, or in the past, naming the field and changing nothing', async () => {
    const plan = await addPlan(t, office);
    for (const date of [inDays(2), inDays(-7)]) {
      const before = await t.fingerprint();
      const result = await call<{ issues: { field: string }[] }>('/servicePlan/skipOccurrence', {
        id: plan.id,
        occurrenceDate: date,
      });
      expect(result.code).toBe(Code.INVALID_INPUT);
      expect(result.data.issues[0]!.field).toBe('occurrenceDate');
      expect(result.message).toContain(date);
      expect(await t.fingerprint()).toBe(before);
    }
  });

  it('moves a visit: the job takes the new day and time and is marked moved by hand', async () => {
    const plan = await addPlan(t, office);
    const target = (await planJobs(t, plan.id))[1]!;
    const toDate = addDays(target.occurrenceDate!, 2);
    const result = await call<PlanOccurrenceResult>('/servicePlan/moveOccurrence', {
      id: plan.id,
      occurrenceDate: target.occurrenceDate,
      toDate,
      startTime: '13:30',
    });
    expect(result.data).toMatchObject({ date: toDate, occurrenceDate: target.occurrenceDate });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, target.id));
    expect(job).toMatchObject({
      serviceDate: toDate,
      startMinutes: 13 * 60 + 30,
      movedByHand: true,
      occurrenceDate: target.occurrenceDate,
    });
    // Onto another visit of the same plan: refused.
    const clash = await call('/servicePlan/moveOccurrence', {
      id: plan.id,
      occurrenceDate: (await planJobs(t, plan.id))[3]!.occurrenceDate,
      toDate: (await planJobs(t, plan.id))[4]!.occurrenceDate,
    });
    expect(clash.code).toBe(Code.REFUSED);
  });
});

describe('changing a plan from a date', () => {
  it('previews exactly what apply then does: adds, moves, re-prices, cancels, and keeps skipped, moved and completed jobs', async () => {
    const plan = await addPlan(t, office);
    const before = await planJobs(t, plan.id);
    // Kept: a completed job, a skipped visit and a visit moved by hand.
    await t.db.update(jobs).set({ status: 'completed', actualMinutes: 170 }).where(eq(jobs.id, before[3]!.id));
    await call('/servicePlan/skipOccurrence', { id: plan.id, occurrenceDate: before[4]!.occurrenceDate });
    await call('/servicePlan/moveOccurrence', {
      id: plan.id,
      occurrenceDate: before[5]!.occurrenceDate,
      toDate: addDays(before[5]!.occurrenceDate!, 1),
    });
    const version = (await planRow(plan.id)).version;
    // From the 3rd visit: every two weeks, two days later in the week, at a new price and a new window.
    const fromDate = addDays(before[2]!.occurrenceDate!, 2);
    const body = {
      id: plan.id,
      version,
      fromDate,
      frequency: 'biweekly',
      servicePriceCents: 18500,
      budgetMinutes: 180,
      preferredTeamId: before[0]!.preferredTeamId,
      windowStart: '10:00',
      windowEnd: '12:00',
      lines: [{ priceItemId: await priceItemIdOf(t, 'Kitchen'), quantity: 1 }],
    };
    const preview = await call<PlanChangePreview>('/servicePlan/previewChange', body);
    expect(preview.code).toBe(Code.OK);
    const p = preview.data;
    expect(p.kept.map((k) => [k.jobId, k.reason]).sort()).toEqual(
      [
        [before[3]!.id, 'completed'],
        [before[4]!.id, 'skipped'],
        [before[5]!.id, 'by_hand'],
      ].sort(),
    );
    expect(p.move.length).toBeGreaterThan(0);
    expect(p.cancel.length).toBeGreaterThan(0);
    // Nothing was written by the preview.
    expect((await planRow(plan.id)).version).toBe(version);

    const applied = await call<PlanChangeApplied & CausedConflicts>('/servicePlan/applyChange', body);
    expect(applied.code).toBe(Code.OK);
    // The schedule conflicts the change caused (issue 20) are the ones the preview announced.
    const { version: newVersion, ...done } = applied.data;
    expect(done).toEqual(p);
    expect(newVersion).toBe(version + 1);

    const after = await t.db.select().from(jobs).where(eq(jobs.planId, plan.id));
    const byId = new Map(after.map((j) => [j.id, j]));
    for (const m of p.move)
      expect(byId.get(m.jobId)).toMatchObject({
        serviceDate: m.toDate,
        occurrenceDate: m.toDate,
        revenueCents: 18500,
        startMinutes: 600,
      });
    for (const c of p.cancel) expect(byId.get(c.jobId)).toMatchObject({ status: 'cancelled', occurrenceDate: null });
    for (const k of p.kept) {
      const was = before.find((j) => j.id === k.jobId)!;
      // Kept as they were; a skipped visit earns nothing (docs/business-rules.md "Revenue").
      expect(byId.get(k.jobId)!.revenueCents).toBe(k.reason === 'skipped' ? 0 : was.revenueCents);
    }
    const addedDates = after
      .filter((j) => !before.some((b) => b.id === j.id))
      .map((j) => j.occurrenceDate)
      .sort();
    expect(addedDates).toEqual(p.add.map((a) => a.date));
    // Every live visit from the date now follows the new pattern: every 14 days from fromDate.
    const live = after
      .filter((j) => j.status === 'scheduled' && j.occurrenceDate! >= fromDate && !j.movedByHand)
      .map((j) => j.occurrenceDate!)
      .sort();
    for (const date of live) expect(Math.round((Date.parse(date) - Date.parse(fromDate)) / 86_400_000) % 14).toBe(0);
    // Jobs before the date are untouched.
    for (const j of before.filter((b) => b.occurrenceDate! < fromDate)) expect(byId.get(j.id)!.version).toBe(j.version);
    const history = await call<{ list: ChangeLogEntry[] }>('/servicePlan/history', { id: plan.id });
    expect(history.data.list[0]).toMatchObject({ action: 'changePlan' });
    expect(history.data.list[0]!.changes.rrule).toBeDefined();
  });

  it('keeps the weekday when only the price changes from one of the visits', async () => {
    const plan = await addPlan(t, office);
    const before = await planJobs(t, plan.id);
    const body = {
      ...(await planBody(t)),
      id: plan.id,
      version: 1,
      fromDate: before[1]!.occurrenceDate,
      servicePriceCents: 17000,
    };
    delete (body as Record<string, unknown>).startDate;
    delete (body as Record<string, unknown>).locationId;
    delete (body as Record<string, unknown>).notes;
    const preview = await call<PlanChangePreview>('/servicePlan/previewChange', body);
    expect(preview.data.move).toEqual([]);
    expect(preview.data.add).toEqual([]);
    expect(preview.data.cancel).toEqual([]);
    expect(preview.data.reprice.map((r) => r.date)).toEqual(before.slice(1).map((j) => j.occurrenceDate));
    expect(
      preview.data.reprice.every((r) => r.fromPriceCents === 16000 && r.toPriceCents === 17000 && r.changes.join() === 'price'),
    ).toBe(true);
  });

  it('keeps the weekday when only the price changes from a day that is not a visit; a new pattern only when asked', async () => {
    const plan = await addPlan(t, office); // weekly from tomorrow
    const before = await planJobs(t, plan.id);
    const fromDate = addDays(before[1]!.occurrenceDate!, 2); // two days after the second visit
    const body = {
      ...(await planBody(t)),
      id: plan.id,
      version: 1,
      fromDate,
      servicePriceCents: 17000,
    };
    delete (body as Record<string, unknown>).startDate;
    delete (body as Record<string, unknown>).locationId;
    delete (body as Record<string, unknown>).notes;
    const later = before.filter((j) => j.occurrenceDate! >= fromDate).map((j) => j.occurrenceDate);
    const pattern = await planRow(plan.id);
    const preview = await call<PlanChangePreview>('/servicePlan/previewChange', body);
    expect(preview.data).toMatchObject({ move: [], add: [], cancel: [] });
    expect(preview.data.reprice.map((r) => r.date)).toEqual(later);
    const applied = await call<PlanChangeApplied>('/servicePlan/applyChange', body);
    expect(applied.code).toBe(Code.OK);
    const after = await planJobs(t, plan.id);
    const live = after.filter((j) => j.status !== 'cancelled');
    expect(live.map((j) => j.serviceDate)).toEqual(before.map((j) => j.serviceDate));
    for (const job of live) expect(job.subtotalCents).toBe(job.occurrenceDate! >= fromDate ? 17000 : 16000);
    expect(await planRow(plan.id)).toMatchObject({ rrule: pattern.rrule, patternFrom: pattern.patternFrom });

    // Asked for, the pattern starts again on the date: the visits move to its weekday.
    const moved = await call<PlanChangePreview>('/servicePlan/previewChange', {
      ...body,
      version: applied.data.version,
      newPattern: true,
    });
    expect(moved.code).toBe(Code.OK);
    expect(moved.data.move.length + moved.data.add.length).toBeGreaterThan(0);
    expect(moved.data.move.every((m) => (Date.parse(m.toDate) - Date.parse(fromDate)) % (7 * 86_400_000) === 0)).toBe(true);
  });

  it('refuses a date before today and a stale version, changing nothing', async () => {
    const plan = await addPlan(t, office);
    const body = { id: plan.id, version: 1, fromDate: inDays(-1), frequency: 'weekly', servicePriceCents: 1, budgetMinutes: 60 };
    const before = await t.fingerprint();
    const past = await call<{ issues: { field: string }[] }>('/servicePlan/applyChange', body);
    expect(past.code).toBe(Code.INVALID_INPUT);
    expect(past.data.issues[0]!.field).toBe('fromDate');
    expect((await call('/servicePlan/applyChange', { ...body, version: 7, fromDate: inDays(1) })).code).toBe(Code.CONFLICT);
    expect(await t.fingerprint()).toBe(before);
  });
});

describe('pause, resume, cancel', () => {
  it('pauses (future jobs cancelled and released), resumes (generated again, same cadence) and cancels with the reason', async () => {
    const plan = await addPlan(t, office);
    const dates = (await planJobs(t, plan.id)).map((j) => j.occurrenceDate);
    const paused = await call<PlanStateResult>('/servicePlan/pause', { id: plan.id, version: 1, reason: 'Away for the summer' });
    expect(paused.data).toMatchObject({ status: 'not_used', jobsCancelled: dates.length });
    expect(await planJobs(t, plan.id)).toEqual([]);
    const cancelledJobs = await t.db.select().from(jobs).where(eq(jobs.planId, plan.id));
    expect(cancelledJobs.every((j) => j.status === 'cancelled' && j.cancelNote.includes('Away for the summer'))).toBe(true);
    expect(await generateDuePlans(t.db, { horizonWeeks: HORIZON_WEEKS })).toMatchObject({ jobs: 0 });

    const resumed = await call<PlanStateResult>('/servicePlan/resume', {
      id: plan.id,
      version: paused.data.version,
      fromDate: dates[2],
    });
    expect(resumed.data).toMatchObject({ status: 'used', jobsCreated: dates.length - 2 });
    expect((await planJobs(t, plan.id)).map((j) => j.occurrenceDate)).toEqual(dates.slice(2));

    const badCancel = await call<{ issues: { field: string; message: string }[] }>('/servicePlan/cancel', {
      id: plan.id,
      version: resumed.data.version,
      reason: ' ',
    });
    expect(badCancel.data.issues[0]).toMatchObject({ field: 'reason', message: 'cancel reason is required' });
    const cancelled = await call<PlanStateResult>('/servicePlan/cancel', {
      id: plan.id,
      version: resumed.data.version,
      reason: 'Moved away',
    });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', jobsCancelled: dates.length - 2 });
    const notes = (await t.db.select().from(jobs).where(eq(jobs.planId, plan.id))).map((j) => j.cancelNote);
    expect(notes.filter((n) => n.includes('Moved away'))).toHaveLength(dates.length - 2);
    // Cancelled is final.
    const resumeAgain = await call('/servicePlan/resume', { id: plan.id, version: cancelled.data.version });
    expect(resumeAgain.code).toBe(Code.REFUSED);
    expect(resumeAgain.message).toContain('cancelled');
    const history = await call<{ list: ChangeLogEntry[] }>('/servicePlan/history', { id: plan.id });
    expect(history.data.list.map((e) => e.action).slice(0, 3)).toEqual(['cancelPlan', 'resumePlan', 'pausePlan']);
  });
});

describe('sold recurring quote', () => {
  it('becomes a plan from tomorrow with its jobs; the first visit at the first-visit price', async () => {
    const sales = await t.loginAs('sales');
    const { quoteBody } = await import('../../customers/customers.fixtures');
    const quote = await t.call<{ id: number; version: number }>('/quote/add', {
      token: sales,
      body: await quoteBody(t, { phone1: '(650) 555-7301', address1: '15 Cedar Way', frequency: 'biweekly' }),
    });
    const sold = await t.call<{ locationId: number }>('/quote/changeStatus', {
      token: sales,
      body: { id: quote.data.id, version: 1, status: 'sold' },
    });
    expect(sold.code).toBe(Code.OK);
    const [plan] = await t.db.select().from(servicePlans).where(eq(servicePlans.quoteId, quote.data.id));
    expect(plan).toMatchObject({ frequency: 'biweekly', startDate: inDays(1), locationId: sold.data.locationId, status: 'used' });
    const list = await planJobs(t, plan!.id);
    expect(list.map((j) => j.occurrenceDate)).toEqual(
      occurrencesBetween({ rrule: plan!.rrule, patternFrom: inDays(1) }, inDays(1), horizonEndOf(today(), HORIZON_WEEKS)),
    );
    expect(list[0]!.revenueCents).toBeGreaterThan(list[1]!.revenueCents);
    expect(list[1]!.revenueCents).toBe(plan!.servicePriceCents);
  });
});
