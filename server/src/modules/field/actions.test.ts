import { type AttendanceResponse, addDays, Code, type FieldActionResult, type FieldSyncResult } from '@tidyhouse/contract';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helper';
import { userIdOf } from '../employees/test-support';
import { timeCardDays, timePunches } from '../payroll/time-cards/time-cards.tables';
import { auditLog } from '../system/system.tables';
import { CLEANER, crewJob, fieldCall, momentOn, newKey, otherCrewJob } from './actions.fixtures';
import { fieldActions, jobFieldStates } from './field.tables';

/**
 * The field app's writing calls (issue 21): punches and job events land in the time cards and the
 * job's field state; recorded moments within bounds; each key applied once; conflicts kept for the
 * office. Days before the demo's history (winter, so noon in California is 20:00 UTC), one per test.
 */

let t: TestApp;
let rosaToken: string;
let office: string;
let rosa: number;
beforeAll(async () => {
  t = await createTestApp();
  rosaToken = await t.sessionAs('cleaner');
  office = await t.sessionAs('office_manager');
  rosa = await userIdOf(t, CLEANER);
});
afterAll(() => t.close());

const DAYS = Array.from({ length: 13 }, (_, i) => addDays('2022-01-04', i * 3));
const at = (date: string, hhmm: string) => momentOn(t, date, hhmm);
const punch = (body: Record<string, unknown>) => fieldCall(t, rosaToken, '/field/punch', { key: newKey(), ...body });
const jobEvent = (body: Record<string, unknown>) => fieldCall(t, rosaToken, '/field/jobEvent', { key: newKey(), ...body });
const raw = (path: string, body: Record<string, unknown>) =>
  t.call<FieldActionResult>(path, { token: rosaToken, body: { key: newKey(), ...body } });
const punchesOn = (date: string) =>
  t.db
    .select()
    .from(timePunches)
    .where(and(eq(timePunches.userId, rosa), eq(timePunches.workDate, date), isNull(timePunches.deletedAt)))
    .orderBy(asc(timePunches.startsAt), asc(timePunches.id));
const stateOf = async (jobId: number) => (await t.db.select().from(jobFieldStates).where(eq(jobFieldStates.jobId, jobId)))[0];
const rowCount = async (table: typeof timePunches | typeof fieldActions | typeof auditLog | typeof jobFieldStates) =>
  Number((await t.db.select({ n: count() }).from(table))[0]!.n);

describe('a day from the phone', () => {
  it('lands in the time card as field punches with their location, punches the drive between jobs, and records a "no" to rest breaks', async () => {
    const day = DAYS[0]!;
    const [first, second] = [await crewJob(t, day, '08:00'), await crewJob(t, day, '10:00')];
    const here = { lat: 37.5629, lng: -122.3255, accuracyM: 14.6 };
    await onBusinessDay(day, async () => {
      expect(await punch({ kind: 'clockIn', at: await at(day, '07:30'), location: here })).toMatchObject({ status: 'applied' });
      await jobEvent({ jobId: first.id, kind: 'checkIn', at: await at(day, '07:50'), location: here });
      await jobEvent({
        jobId: first.id,
        kind: 'checklist',
        at: await at(day, '08:30'),
        checklist: [{ id: 'line-1', done: true }],
      });
      await jobEvent({ jobId: first.id, kind: 'checkOut', at: await at(day, '09:30') });
      await jobEvent({ jobId: second.id, kind: 'checkIn', at: await at(day, '09:52') });
      await jobEvent({ jobId: second.id, kind: 'note', at: await at(day, '10:05'), note: 'Dog was out in the yard' });
      await jobEvent({ jobId: second.id, kind: 'checkOut', at: await at(day, '11:20') });
      await punch({ kind: 'mealStart', at: await at(day, '11:25') });
      await punch({ kind: 'mealEnd', at: await at(day, '11:55') });
      await punch({ kind: 'clockOut', at: await at(day, '12:01'), restBreaksTaken: false });
    });
    const punches = await punchesOn(day);
    const kinds = punches.map((p) => `${p.kind}:${p.source}`);
    expect(kinds).toEqual(['shift:field', 'job:field', 'drive:field', 'job:field', 'meal:field']);
    expect(punches[0]).toMatchObject({ startLat: here.lat, startLng: here.lng, startAccuracyM: 15 });
    // The drive from the check-out at the first job to the check-in at the second.
    expect(punches[2]!.startsAt.toISOString()).toBe(await at(day, '09:30'));
    expect(punches[2]!.endsAt!.toISOString()).toBe(await at(day, '09:52'));
    // 4 h 31 min less a 30-minute meal earns a rest break: "no" records it missed, which the wage engine pays for.
    const [card] = await t.db
      .select()
      .from(timeCardDays)
      .where(and(eq(timeCardDays.userId, rosa), eq(timeCardDays.workDate, day)));
    expect(card?.missedRestBreaks).toBe(1);
    const state = await stateOf(second.id);
    expect(state?.note).toContain('Dog was out in the yard');
    expect(state?.doneAt?.toISOString()).toBe(await at(day, '11:20'));
    expect((await stateOf(first.id))?.checklist).toEqual({ 'line-1': true });
  });

  it('a "yes" to rest breaks records none', async () => {
    const day = DAYS[1]!;
    await onBusinessDay(day, async () => {
      await punch({ kind: 'clockIn', at: await at(day, '06:00') });
      await punch({ kind: 'clockOut', at: await at(day, '11:30'), restBreaksTaken: true });
    });
    const cards = await t.db
      .select()
      .from(timeCardDays)
      .where(and(eq(timeCardDays.userId, rosa), eq(timeCardDays.workDate, day)));
    expect(cards.map((c) => c.missedRestBreaks)).toEqual([]);
  });
});

describe('recorded moments', () => {
  it('refuses a moment in the future beyond the clock-skew allowance, before the shift or the job’s day; accepts a small skew', async () => {
    const day = DAYS[2]!;
    const job = await crewJob(t, day, '09:00');
    await onBusinessDay(day, async () => {
      const before = await t.fingerprint();
      const future = await raw('/field/punch', { kind: 'clockIn', at: await at(day, '12:05') });
      expect(future).toMatchObject({ code: Code.REFUSED });
      expect(future.message).toContain('later than now');
      const beforeDay = await raw('/field/jobEvent', { jobId: job.id, kind: 'checkIn', at: await at(addDays(day, -1), '23:50') });
      expect(beforeDay.code).toBe(Code.REFUSED);
      expect(await t.fingerprint()).toBe(before);
      // Noon is "now"; a phone one minute ahead is within the allowance.
      expect(await punch({ kind: 'clockIn', at: await at(day, '12:01') })).toMatchObject({ status: 'applied' });
      const early = await raw('/field/punch', { kind: 'clockOut', at: await at(day, '11:00'), restBreaksTaken: true });
      expect(early.code).toBe(Code.REFUSED);
      expect(early.message).toContain('before the shift began');
    });
  });

  it('refuses a closed day and an approved pay period, as an office punch is (10010; in a sync: that action refused)', async () => {
    // The approved period far from the other tests' days (a period may span two weeks).
    const [closedDay, approvedDay] = [DAYS[3]!, '2022-06-07'];
    await t.db.execute(sql`insert into office_days (business_date, status) values (${closedDay}, 'closed')
      on conflict (business_date) do update set status = 'closed'`);
    const approved = await t.call('/timeCard/approvePeriod', { token: office, body: { date: approvedDay, userIds: [rosa] } });
    expect(approved.code).toBe(Code.OK);
    await onBusinessDay(closedDay, async () => {
      const direct = await raw('/field/punch', { kind: 'clockIn', at: await at(closedDay, '07:00') });
      expect(direct.code).toBe(Code.REFUSED);
      expect(direct.message).toContain('closed');
      const synced = await fieldCall<FieldSyncResult>(t, rosaToken, '/field/sync', {
        actions: [{ type: 'punch', key: newKey(), kind: 'clockIn', at: await at(closedDay, '07:00') }],
      });
      expect(synced.results[0]).toMatchObject({ status: 'refused' });
      expect(synced.results[0]!.message).toContain('closed');
    });
    await onBusinessDay(approvedDay, async () => {
      const direct = await raw('/field/punch', { kind: 'clockIn', at: await at(approvedDay, '07:00') });
      expect(direct.code).toBe(Code.REFUSED);
      expect(direct.message).toContain('approved pay period');
    });
    expect(await punchesOn(closedDay)).toEqual([]);
    expect(await punchesOn(approvedDay)).toEqual([]);
  });
});

describe('the offline queue', () => {
  it('applies each action once: the same batch twice changes nothing and answers the same', async () => {
    const day = DAYS[5]!;
    const job = await crewJob(t, day, '08:30');
    const other = await otherCrewJob(t, day);
    const actions = [
      { type: 'punch', key: newKey(), kind: 'clockIn', at: await at(day, '08:00') },
      { type: 'jobEvent', key: newKey(), jobId: job.id, kind: 'checkIn', at: await at(day, '08:20') },
      {
        type: 'jobEvent',
        key: newKey(),
        jobId: job.id,
        kind: 'checklist',
        at: await at(day, '09:00'),
        checklist: [{ id: 'a', done: true }],
      },
      { type: 'jobEvent', key: newKey(), jobId: job.id, kind: 'checkOut', at: await at(day, '10:40') },
      { type: 'jobEvent', key: newKey(), jobId: job.id, kind: 'done', at: await at(day, '10:41') },
      { type: 'punch', key: newKey(), kind: 'mealEnd', at: await at(day, '10:50') },
      { type: 'jobEvent', key: newKey(), jobId: other.id, kind: 'note', at: await at(day, '10:55'), note: 'Wrong crew' },
      { type: 'punch', key: newKey(), kind: 'clockOut', at: await at(day, '11:30'), restBreaksTaken: false },
    ];
    const sync = () => onBusinessDay(day, () => fieldCall<FieldSyncResult>(t, rosaToken, '/field/sync', { actions }));
    const first = await sync();
    expect(first.results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'duplicate', // the check-out already reported it done
      'refused', // no meal break to end
      'refused', // another crew's job
      'applied',
    ]);
    const counts = async () => [
      await rowCount(timePunches),
      await rowCount(fieldActions),
      await rowCount(auditLog),
      await rowCount(jobFieldStates),
    ];
    const [countsBefore, fingerprint] = [await counts(), await t.fingerprint()];
    const second = await sync();
    expect(second).toEqual(first);
    expect(await counts()).toEqual(countsBefore);
    expect(await t.fingerprint()).toBe(fingerprint);
    expect((await punchesOn(day)).map((p) => p.kind)).toEqual(['shift', 'job']);
  });
  it('applies a batch sent twice at once only once (the second waits for the first key and reads its answer)', async () => {
    const day = DAYS[10]!;
    const actions = [{ type: 'punch', key: newKey(), kind: 'clockIn', at: await at(day, '08:00') }];
    const sync = () => fieldCall<FieldSyncResult>(t, rosaToken, '/field/sync', { actions });
    const [one, two] = await onBusinessDay(day, () => Promise.all([sync(), sync()]));
    expect(one).toEqual(two);
    expect(one.results[0]!.status).toBe('applied');
    expect((await punchesOn(day)).length).toBe(1);
  });

  it('opens one shift for clock-ins sent at once with different keys (a double tap)', async () => {
    const day = DAYS[11]!;
    // The day's row exists already, so nothing else makes the calls wait for each other.
    await t.db.execute(sql`insert into office_days (business_date) values (${day}) on conflict do nothing`);
    const moment = await at(day, '08:00');
    const answers = await onBusinessDay(day, () =>
      Promise.all(Array.from({ length: 4 }, () => raw('/field/punch', { kind: 'clockIn', at: moment }))),
    );
    expect(answers.map((a) => a.data.status).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
    expect((await punchesOn(day)).length).toBe(1);
  });
});

describe('a phone offline overnight', () => {
  it("applies yesterday's check-out sent this morning, but nothing older or recorded today on yesterday's job", async () => {
    const day = DAYS[9]!;
    const [job, older] = [await crewJob(t, day, '09:00'), await crewJob(t, addDays(day, -1), '09:00')];
    await onBusinessDay(day, async () => jobEvent({ jobId: job.id, kind: 'checkIn', at: await at(day, '11:00') }));
    const actions = [
      { type: 'jobEvent', key: newKey(), jobId: job.id, kind: 'checkOut', at: await at(day, '17:00') },
      { type: 'jobEvent', key: newKey(), jobId: older.id, kind: 'done', at: await at(addDays(day, -1), '17:00') },
      { type: 'jobEvent', key: newKey(), jobId: job.id, kind: 'note', at: await at(addDays(day, 1), '07:00'), note: 'Late' },
    ];
    const next = addDays(day, 1);
    const result = await onBusinessDay(next, () => fieldCall<FieldSyncResult>(t, rosaToken, '/field/sync', { actions }));
    expect(result.results.map((r) => r.status)).toEqual(['applied', 'refused', 'refused']);
    expect((await punchesOn(day)).find((p) => p.kind === 'job')?.endsAt?.toISOString()).toBe(await at(day, '17:00'));
  });
});

describe('conflicts with the office', () => {
  it('answers conflict when the office changed the punch meanwhile, keeps the office’s version and flags it', async () => {
    const day = DAYS[6]!;
    await onBusinessDay(day, async () => punch({ kind: 'clockIn', at: await at(day, '07:00') }));
    const open = (await punchesOn(day))[0]!;
    const corrected = await t.call('/timeCard/updatePunch', {
      token: office,
      body: {
        id: open.id,
        version: open.version,
        kind: 'shift',
        startTime: '06:45',
        endTime: '11:00',
        reason: 'Clocked in at the office',
      },
    });
    expect(corrected.code).toBe(Code.OK);
    const key = newKey();
    const result = await onBusinessDay(day, async () =>
      fieldCall<FieldSyncResult>(t, rosaToken, '/field/sync', {
        actions: [{ type: 'punch', key, kind: 'clockOut', at: await at(day, '11:30'), restBreaksTaken: true }],
      }),
    );
    expect(result.results[0]).toMatchObject({ key, status: 'conflict', punchId: open.id });
    expect(result.results[0]!.message).toContain('office');
    const [after] = await punchesOn(day);
    expect(after!.endsAt!.toISOString()).toBe(await at(day, '11:00'));
    const [flag] = await t.db
      .select()
      .from(fieldActions)
      .where(and(eq(fieldActions.userId, rosa), eq(fieldActions.key, key)));
    expect(flag).toMatchObject({ status: 'conflict', workDate: day, resolvedAt: null });
    // The office's time card lists it with the phone's moment and the sentence the cleaner got.
    const card = await t.call<AttendanceResponse>('/jhSchedule/queryAttendance', {
      token: office,
      locale: 'en',
      body: { view: 'week', date: day, userId: rosa },
    });
    expect(card.data.days.find((d) => d.workDate === day)!.fieldConflicts).toEqual([
      { kind: 'clockOut', at: '11:30', jobReference: null, message: result.results[0]!.message },
    ]);
  });

  it('answers conflict for a job the office confirmed meanwhile, and flags the job', async () => {
    const day = DAYS[7]!;
    const job = await crewJob(t, day, '09:00');
    await onBusinessDay(day, async () => {
      await jobEvent({ jobId: job.id, kind: 'checkIn', at: await at(day, '09:00') });
      const confirmed = await t.call('/job/updateState', {
        token: office,
        body: { id: job.id, version: job.version, status: 'completed', actualMinutes: 120 },
      });
      expect(confirmed.code).toBe(Code.OK);
      const out = await jobEvent({ jobId: job.id, kind: 'checkOut', at: await at(day, '11:00') });
      expect(out.status).toBe('conflict');
    });
    expect((await stateOf(job.id))?.conflictAt).not.toBeNull();
    expect((await punchesOn(day)).find((p) => p.kind === 'job')?.endsAt).toBeNull();
  });
});

describe('scope', () => {
  it('refuses another crew’s job, tomorrow’s job and another cleaner’s punch with 10003, changing nothing', async () => {
    const day = DAYS[8]!;
    const other = await otherCrewJob(t, day);
    const tomorrow = await crewJob(t, addDays(day, 1), '09:00');
    const [someone] = await t.db
      .select({ id: timePunches.id })
      .from(timePunches)
      .where(sql`${timePunches.userId} <> ${rosa}`)
      .limit(1);
    await onBusinessDay(day, async () => {
      const before = await t.fingerprint();
      const now = await at(day, '10:00');
      expect((await raw('/field/jobEvent', { jobId: other.id, kind: 'checkIn', at: now })).code).toBe(Code.FORBIDDEN);
      expect((await raw('/field/jobEvent', { jobId: tomorrow.id, kind: 'done', at: now })).code).toBe(Code.FORBIDDEN);
      const theirs = await raw('/field/punch', { kind: 'clockOut', at: now, restBreaksTaken: true, punchId: someone!.id });
      expect(theirs.code).toBe(Code.FORBIDDEN);
      expect(await t.fingerprint()).toBe(before);
    });
  });
});
