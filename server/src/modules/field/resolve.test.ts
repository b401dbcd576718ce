import { type AttendanceResponse, Code, type CompletionList, type FieldSyncResult } from '@tidyhouse/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../test/clock';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { userIdOf } from '../employees/test-support';
import { timePunches } from '../payroll/time-cards/time-cards.tables';
import { auditLog } from '../system/system.tables';
import { CLEANER, crewJob, fieldCall, momentOn, newKey } from './actions.fixtures';
import { fieldActions, jobFieldStates } from './field.tables';

/**
 * Issue 21, lane F5: the phone's Spanish answers (field calls only; the office stays en/zh), and the
 * office clearing a field conflict it has looked at (Job Completion by job, the time card by day).
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

const at = (date: string, hhmm: string) => momentOn(t, date, hhmm);
const audits = async (action: string) =>
  Number((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n);

describe('Spanish answers on the phone', () => {
  it('answers a refused field action, its input and a sync result in Spanish', async () => {
    const day = '2022-03-01';
    const refused = await onBusinessDay(day, async () =>
      t.call('/field/punch', {
        token: rosaToken,
        locale: 'es',
        body: { key: newKey(), kind: 'mealStart', at: await at(day, '08:00') },
      }),
    );
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toBe('No ha marcado la entrada.');
    const bad = await t.call('/field/punch', { token: rosaToken, locale: 'es', body: { key: newKey(), at: 'x', kind: 'nap' } });
    expect(bad.code).toBe(Code.INVALID_INPUT);
    expect(bad.message).toContain('Tipo debe ser uno de: entrada, salida');
    const synced = await onBusinessDay(day, async () =>
      t.call<FieldSyncResult>('/field/sync', {
        token: rosaToken,
        locale: 'es',
        body: { actions: [{ type: 'punch', key: newKey(), kind: 'mealEnd', at: await at(day, '08:00') }] },
      }),
    );
    expect(synced.data.results[0]).toMatchObject({ status: 'refused', message: 'No está en su descanso de comida.' });
  });

  it('answers the gate and the sign-in in Spanish on the field calls, English or Chinese elsewhere as before', async () => {
    const denied = await t.call('/field/myDay', { token: null, locale: 'es', body: {} });
    expect(denied.code).toBe(Code.NOT_LOGGED_IN);
    expect(denied.message).toContain('No ha iniciado sesión');
    const login = await t.call('/login', { locale: 'es', ip: '10.9.8.7', body: { uname: 'nobody.here', password: 'wrong-one' } });
    expect(login.message).toBe('Usuario o contraseña incorrectos.');
    // What has no Spanish comes in English on a Spanish phone, not in the default language.
    const roleName = async (locale: 'es' | 'en') => {
      const body = { uname: CLEANER, password: TEST_PASSWORD };
      const answer = await t.call<{ userInfo: { roleName: string } }>('/login', { locale, ip: '10.9.8.6', body });
      return answer.data.userInfo.roleName;
    };
    const spanishDay = await t.call('/field/myDay', { token: rosaToken, locale: 'es', body: {} });
    const englishDay = await t.call('/field/myDay', { token: rosaToken, locale: 'en', body: {} });
    expect(spanishDay.data).toEqual(englishDay.data);
    expect(await roleName('es')).toBe(await roleName('en'));
    // A back-office call asking for Spanish answers as it always has: the default language, Chinese.
    const office = await t.call('/timeCard/queryFlags', { token: null, locale: 'es', body: {} });
    const chinese = await t.call('/timeCard/queryFlags', { token: null, locale: 'zh', body: {} });
    expect(office.message).toBe(chinese.message);
    const cleanerElsewhere = await t.call('/officeDay/completionList', { token: rosaToken, locale: 'es', body: {} });
    expect(cleanerElsewhere.code).toBe(Code.FORBIDDEN);
    expect(cleanerElsewhere.message).toBe(
      (await t.call('/officeDay/completionList', { token: rosaToken, locale: 'zh', body: {} })).message,
    );
  });
});

describe('the office clears a field conflict', () => {
  it('clears a job’s flag from Job Completion once, with an audit entry; the cleaner may not', async () => {
    const day = '2022-03-04';
    const job = await crewJob(t, day, '09:00');
    await onBusinessDay(day, async () => {
      await fieldCall(t, rosaToken, '/field/jobEvent', {
        key: newKey(),
        jobId: job.id,
        kind: 'checkIn',
        at: await at(day, '09:00'),
      });
      const confirmed = await t.call('/job/updateState', {
        token: office,
        body: { id: job.id, version: job.version, status: 'completed', actualMinutes: 120 },
      });
      expect(confirmed.code).toBe(Code.OK);
      const out = await fieldCall(t, rosaToken, '/field/jobEvent', {
        key: newKey(),
        jobId: job.id,
        kind: 'checkOut',
        at: await at(day, '11:00'),
      });
      expect(out.status).toBe('conflict');
    });
    const flagged = async () => {
      const list = await t.call<CompletionList>('/officeDay/completionList', { token: office, body: { date: day } });
      return list.data.list.find((j) => j.id === job.id)!.fieldConflict;
    };
    expect(await flagged()).toBe(true);

    const byCleaner = await t.call('/field/resolveJobConflict', { token: rosaToken, body: { jobId: job.id } });
    expect(byCleaner.code).toBe(Code.FORBIDDEN);
    expect(await flagged()).toBe(true);

    const before = await audits('resolveJobConflict');
    const resolved = await t.call<{ resolved: number }>('/field/resolveJobConflict', { token: office, body: { jobId: job.id } });
    expect(resolved.code).toBe(Code.OK);
    expect(resolved.data.resolved).toBeGreaterThan(0);
    expect(await flagged()).toBe(false);
    expect((await t.db.select().from(jobFieldStates).where(eq(jobFieldStates.jobId, job.id)))[0]!.conflictAt).toBeNull();
    const [action] = await t.db
      .select()
      .from(fieldActions)
      .where(and(eq(fieldActions.jobId, job.id), eq(fieldActions.status, 'conflict')));
    expect(action!.resolvedAt).not.toBeNull();
    expect(await audits('resolveJobConflict')).toBe(before + 1);

    // Nothing open any more: a second call changes nothing and logs nothing.
    const again = await t.call<{ resolved: number }>('/field/resolveJobConflict', { token: office, body: { jobId: job.id } });
    expect(again.data.resolved).toBe(0);
    expect(await audits('resolveJobConflict')).toBe(before + 1);
  });

  it('clears a cleaner’s punch conflicts of a time-card day', async () => {
    const day = '2022-03-07';
    await onBusinessDay(day, async () =>
      fieldCall(t, rosaToken, '/field/punch', { key: newKey(), kind: 'clockIn', at: await at(day, '07:00') }),
    );
    const open = (
      await t.db
        .select()
        .from(fieldActions)
        .where(and(eq(fieldActions.userId, rosa), eq(fieldActions.workDate, day)))
    )[0]!;
    expect(open.punchId).not.toBeNull();
    const card = async () =>
      (
        await t.call<AttendanceResponse>('/jhSchedule/queryAttendance', {
          token: office,
          body: { view: 'week', date: day, userId: rosa },
        })
      ).data.days.find((d) => d.workDate === day)!;
    const [punch] = await t.db.select().from(timePunches).where(eq(timePunches.id, open.punchId!));
    const corrected = await t.call('/timeCard/updatePunch', {
      token: office,
      body: {
        id: punch!.id,
        version: punch!.version,
        kind: 'shift',
        startTime: '06:45',
        endTime: '11:00',
        reason: 'At the office',
      },
    });
    expect(corrected.code).toBe(Code.OK);
    const out = await onBusinessDay(day, async () =>
      fieldCall(t, rosaToken, '/field/punch', {
        key: newKey(),
        kind: 'clockOut',
        at: await at(day, '11:30'),
        restBreaksTaken: true,
      }),
    );
    expect(out.status).toBe('conflict');
    expect((await card()).fieldConflicts).toHaveLength(1);

    const resolved = await t.call<{ resolved: number }>('/field/resolveCardConflicts', {
      token: office,
      body: { userId: rosa, date: day },
    });
    expect(resolved.data).toEqual({ resolved: 1 });
    expect((await card()).fieldConflicts).toEqual([]);
  });
});
