import { type AttendanceResponse, addDays, Code, type TimeCardFlagRow } from '@tidyhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { userIdOf } from '../../employees/test-support';
import { officeDays } from '../../office/office-days.tables';
import { auditLog } from '../../system/system.tables';
import { punchOf } from './time-cards.fixtures';

let t: TestApp;
let office: string;
let rosa: number;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  rosa = await userIdOf(t, 'rosa.martinez');
});
afterAll(() => t.close());

const call = <T = unknown>(path: string, body: unknown) => t.call<T>(path, { token: office, locale: 'en', body });
const lastLog = async (action: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'timeCards'), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]!;
/** Dates before the demo's history (it starts three years back), so seeded punches stay out of the way. */
const dayOf = async (date: string) => {
  const result = await call<AttendanceResponse>('/jhSchedule/queryAttendance', { view: 'day', date });
  expect(result.code).toBe(Code.OK);
  return result.data;
};

describe('punches', () => {
  it('adds a punch, corrects it with a reason logged with the times before and after, and refuses a stale version', async () => {
    const added = await call<{ id: number; version: number }>('/timeCard/addPunch', {
      userId: rosa,
      workDate: '2023-03-07',
      kind: 'shift',
      startTime: '08:00',
      endTime: '16:30',
    });
    expect(added.code).toBe(Code.OK);
    const corrected = await call<{ id: number; version: number }>('/timeCard/updatePunch', {
      id: added.data.id,
      version: added.data.version,
      kind: 'shift',
      startTime: '07:45',
      endTime: '16:30',
      reason: 'Clocked in at the supply room',
    });
    expect(corrected).toMatchObject({ code: Code.OK, data: { id: added.data.id, version: added.data.version + 1 } });
    const log = await lastLog('updatePunch');
    expect(log.summary).toBe(
      'Time card of Rosa Martinez on 2023-03-07: corrected clock-in/out 08:00–16:30 → 07:45–16:30. Reason: Clocked in at the supply room',
    );
    expect(log.changes).toMatchObject({ startTime: { from: '08:00', to: '07:45' } });

    const stale = await call('/timeCard/updatePunch', {
      id: added.data.id,
      version: added.data.version,
      kind: 'shift',
      startTime: '07:30',
      endTime: '16:30',
      reason: 'Again',
    });
    expect(stale.code).toBe(Code.CONFLICT);
    const noReason = await call<{ issues: { field: string }[] }>('/timeCard/updatePunch', {
      id: added.data.id,
      version: corrected.data.version,
      kind: 'shift',
      startTime: '07:30',
      endTime: '16:30',
    });
    expect(noReason.code).toBe(Code.INVALID_INPUT);
    expect(noReason.data.issues.map((i) => i.field)).toEqual(['reason']);

    const removed = await call('/timeCard/removePunch', {
      id: added.data.id,
      version: corrected.data.version,
      reason: 'Entered twice',
    });
    expect(removed.code).toBe(Code.OK);
    expect((await lastLog('removePunch')).summary).toContain('removed clock-in/out 07:45–16:30. Reason: Entered twice');
    const day = await dayOf('2023-03-07');
    expect(day.days.find((d) => d.userId === rosa)?.punches ?? []).toEqual([]);
  });

  it('an end at or before the start is the next morning; a day not begun is refused', async () => {
    const added = await call<{ id: number }>('/timeCard/addPunch', {
      userId: rosa,
      workDate: '2023-03-08',
      kind: 'shift',
      startTime: '18:00',
      endTime: '01:00',
    });
    expect(added.code).toBe(Code.OK);
    const card = (await dayOf('2023-03-08')).days.find((d) => d.userId === rosa)!;
    expect(card.punches[0]).toMatchObject({ startTime: '18:00', endTime: '01:00', endsNextDay: true });
    expect(card.totals.worked).toBe(7 * 60);

    const future = await call('/timeCard/addPunch', { userId: rosa, workDate: '2099-01-05', kind: 'shift', startTime: '08:00' });
    expect(future).toMatchObject({
      code: Code.REFUSED,
      message: 'Punches cannot be entered for 2099-01-05: it has not begun yet.',
    });
  });
});

describe('flags', () => {
  it('shows an open punch of a past day as a flag, in the day view and the flags list, until it is corrected', async () => {
    const open = await punchOf(t, { userId: rosa, workDate: '2023-03-21', start: '08:00', end: null });
    const card = (await dayOf('2023-03-21')).days.find((d) => d.userId === rosa)!;
    expect(card.flags).toContainEqual({ code: 'openPunch', params: { punchIds: [open.id], kind: 'shift' } });
    const listed = await call<{ list: TimeCardFlagRow[]; total: number }>('/timeCard/queryFlags', {
      from: '2023-03-20',
      to: '2023-03-22',
      userId: rosa,
    });
    expect(listed.data.list).toContainEqual({
      userId: rosa,
      name: 'Rosa Martinez',
      workDate: '2023-03-21',
      flag: { code: 'openPunch', params: { punchIds: [open.id], kind: 'shift' } },
    });

    await call('/timeCard/updatePunch', {
      id: open.id,
      version: open.version,
      kind: 'shift',
      startTime: '08:00',
      endTime: '12:00',
      reason: 'Forgot to clock out',
    });
    const after = (await dayOf('2023-03-21')).days.find((d) => d.userId === rosa)!;
    expect(after.flags).toEqual([]);
    expect(after.totals.worked).toBe(240);
  });

  it('the week view lists 7 days of one employee with totals, a 13-hour day flagged', async () => {
    await punchOf(t, { userId: rosa, workDate: '2023-03-14', start: '07:00', end: '20:30' });
    await punchOf(t, { userId: rosa, workDate: '2023-03-14', kind: 'meal', start: '11:00', end: '11:30' });
    const week = await call<AttendanceResponse>('/jhSchedule/queryAttendance', {
      view: 'week',
      date: '2023-03-14',
      userId: rosa,
    });
    expect(week.data.days.map((d) => d.workDate)).toEqual([
      '2023-03-12',
      '2023-03-13',
      '2023-03-14',
      '2023-03-15',
      '2023-03-16',
      '2023-03-17',
      '2023-03-18',
    ]);
    const long = week.data.days.find((d) => d.workDate === '2023-03-14')!;
    expect(long.flags.map((f) => f.code)).toEqual(['mealMissing', 'over12Hours']);
    // Other days may carry flags of the seeded team jobs (done, not punched): the count is the days' flags.
    const flagCount = week.data.days.reduce((n, d) => n + d.flags.length, 0);
    expect(flagCount).toBeGreaterThanOrEqual(2);
    expect(week.data.employees).toEqual([
      expect.objectContaining({ userId: rosa, totals: expect.objectContaining({ worked: 13 * 60, meal: 30 }), flagCount }),
    ]);
  });
});

describe('locks', () => {
  it('a closed office day refuses every punch write, changing nothing', async () => {
    const punch = await punchOf(t, { userId: rosa, workDate: '2023-03-28', start: '08:00', end: '12:00' });
    await t.db.insert(officeDays).values({ businessDate: '2023-03-28', status: 'closed' });
    const before = await t.fingerprint();
    const writes = [
      await call('/timeCard/addPunch', {
        userId: rosa,
        workDate: '2023-03-28',
        kind: 'shift',
        startTime: '13:00',
        endTime: '14:00',
      }),
      await call('/timeCard/updatePunch', {
        id: punch.id,
        version: punch.version,
        kind: 'shift',
        startTime: '08:00',
        endTime: '13:00',
        reason: 'x',
      }),
      await call('/timeCard/removePunch', { id: punch.id, version: punch.version, reason: 'x' }),
      await call('/timeCard/updateDay', { userId: rosa, workDate: '2023-03-28', missedRestBreaks: 1 }),
    ];
    expect(writes.map((w) => w.code)).toEqual([Code.REFUSED, Code.REFUSED, Code.REFUSED, Code.REFUSED]);
    expect(writes[0]!.message).toContain('The office day 2023-03-28 is closed');
    expect(await t.fingerprint()).toBe(before);
  });

  it('an approved period locks its cards until reopened with a reason', async () => {
    const punch = await punchOf(t, { userId: rosa, workDate: '2023-04-04', start: '08:00', end: '12:00' });
    const approved = await call<{ start: string; end: string; userIds: number[] }>('/timeCard/approvePeriod', {
      date: '2023-04-05',
    });
    // Weekly periods from the Sunday anchor; everyone with a card in it.
    expect(approved.data).toMatchObject({ start: '2023-04-02', end: '2023-04-08' });
    expect(approved.data.userIds).toContain(rosa);

    const before = await t.fingerprint();
    const edit = await call('/timeCard/updatePunch', {
      id: punch.id,
      version: punch.version,
      kind: 'shift',
      startTime: '08:00',
      endTime: '13:00',
      reason: 'Late clock-out',
    });
    expect(edit).toMatchObject({
      code: Code.REFUSED,
      message:
        'The time card of Rosa Martinez for 2023-04-04 is in the approved pay period 2023-04-02 – 2023-04-08: reopen the period (with a reason) to change it.',
    });
    const add = await call('/timeCard/addPunch', {
      userId: rosa,
      workDate: '2023-04-06',
      kind: 'shift',
      startTime: '08:00',
      endTime: '09:00',
    });
    expect(add.code).toBe(Code.REFUSED);
    expect(await t.fingerprint()).toBe(before);
    const card = (await dayOf('2023-04-04')).days.find((d) => d.userId === rosa)!;
    expect(card.periodApproved).toBe(true);

    const scheduler = await t.sessionAs('scheduler');
    expect((await t.call('/timeCard/reopenPeriod', { token: scheduler, body: { date: '2023-04-05', reason: 'x' } })).code).toBe(
      Code.FORBIDDEN,
    );
    const reopened = await call<{ userIds: number[] }>('/timeCard/reopenPeriod', {
      date: '2023-04-05',
      reason: 'Late clock-out found',
    });
    expect(reopened.data.userIds).toContain(rosa);
    expect((await lastLog('reopenPeriod')).summary).toContain('Reason: Late clock-out found');
    const again = await call('/timeCard/updatePunch', {
      id: punch.id,
      version: punch.version,
      kind: 'shift',
      startTime: '08:00',
      endTime: '13:00',
      reason: 'Late clock-out',
    });
    expect(again.code).toBe(Code.OK);
    expect((await call('/timeCard/reopenPeriod', { date: '2023-04-05', reason: 'Twice' })).code).toBe(Code.REFUSED);
  });
});

describe('demo punches', () => {
  it('cover the completed jobs of past days, with three flagged days and the other days clean', async () => {
    const today = (await call<AttendanceResponse>('/jhSchedule/queryAttendance', { view: 'day', date: '2026-01-05' })).data.today;
    const from = addDays(today, -60);
    const all = await call<{ list: TimeCardFlagRow[]; total: number }>('/timeCard/queryFlags', {
      from,
      to: today,
      pageSize: 100,
    });
    const codes = new Set(all.data.list.map((row) => row.flag.code));
    expect([...codes].sort()).toEqual(['mealMissing', 'openPunch', 'over12Hours']);
    const flaggedDays = new Set(all.data.list.map((row) => `${row.userId}|${row.workDate}`));
    expect(flaggedDays.size).toBe(3);
    const day = await dayOf(all.data.list[0]!.workDate);
    expect(day.days.some((d) => d.punches.some((p) => p.kind === 'job' && p.jobReference))).toBe(true);
  });
});
