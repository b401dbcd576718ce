import { Code, type EmployeeDetail, type TeamBoard } from '@tidyhouse/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { loginAttempts } from '../auth/auth.tables';
import { auditLog } from '../system/system.tables';
import { teamMembers } from './employees.tables';
import { userIdOf, userOf } from './test-support';

/** Who may log in: terminated, disabled or frozen employees may not, and their sessions end (9999). */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const tryLogin = (uname: string) => t.call('/login', { body: { uname, password: TEST_PASSWORD } });
const lastAttempt = async (uname: string) =>
  (await t.db.select().from(loginAttempts).where(eq(loginAttempts.uname, uname)).orderBy(desc(loginAttempts.id)).limit(1))[0]!;

describe('updateState', () => {
  it('disabling ends the session at once (9999) and refuses login; enabling lets them back in', async () => {
    const session = await t.login('daniel.nguyen');
    const id = await userIdOf(t, 'daniel.nguyen');
    const off = await t.call<{ enabled: boolean }>('/sysUser/updateState', { token: admin, body: { id, enabled: false } });
    expect(off).toMatchObject({ code: Code.OK, data: { enabled: false, status: 'active' } });
    const next = await t.call('/getUserInfo', { method: 'GET', token: session });
    expect(next).toMatchObject({ code: Code.ACCOUNT_BLOCKED, message: expect.stringMatching(/disabled/) });
    expect((await tryLogin('daniel.nguyen')).code).toBe(Code.ACCOUNT_BLOCKED);
    expect((await lastAttempt('daniel.nguyen')).result).toBe('accountDisabled');
    expect((await t.call('/sysUser/updateState', { token: admin, body: { id, enabled: true } })).code).toBe(Code.OK);
    await t.login('daniel.nguyen');
  });

  it('a frozen account cannot log in, and a session of theirs ends on the next call', async () => {
    expect((await tryLogin('tomas.vargas')).code).toBe(Code.ACCOUNT_BLOCKED);
    const session = await t.login('elena.castillo');
    const id = await userIdOf(t, 'elena.castillo');
    expect((await t.call('/sysUser/isBlocking', { token: admin, body: { id, blocked: true } })).code).toBe(Code.OK);
    expect((await t.call('/userCenter/profile', { token: session })).code).toBe(Code.ACCOUNT_BLOCKED);
  });

  it('an office manager cannot disable, freeze or terminate the super administrator', async () => {
    const office = await t.loginAs('office_manager');
    const id = await userIdOf(t, 'admin');
    expect((await t.call('/sysUser/updateState', { token: office, body: { id, enabled: false } })).code).toBe(Code.REFUSED);
    expect((await t.call('/sysUser/isBlocking', { token: office, body: { id, blocked: true } })).code).toBe(Code.REFUSED);
    const terminate = await t.call('/sysUser/terminate', { token: office, body: { id, terminatedOn: '2026-11-01' } });
    expect(terminate.code).toBe(Code.REFUSED);
    expect((await userOf(t, 'admin')).enabled).toBe(true);
  });
});

describe('terminate and reinstate', () => {
  it('sets the status and date, ends the sessions, takes them out of their team, and refuses login', async () => {
    const session = await t.login('lucia.hernandez');
    const id = await userIdOf(t, 'lucia.hernandez');
    expect((await t.db.select().from(teamMembers).where(eq(teamMembers.userId, id))).length).toBe(1);
    const result = await t.call('/sysUser/terminate', {
      token: admin,
      body: { id, terminatedOn: '2026-11-15', reason: 'Moved to Oregon' },
    });
    expect(result).toMatchObject({ code: Code.OK, data: { status: 'terminated', terminatedOn: '2026-11-15' } });
    expect((await t.call('/getUserInfo', { method: 'GET', token: session, locale: 'en' })).message).toMatch(/no longer active/);
    expect((await tryLogin('lucia.hernandez')).code).toBe(Code.ACCOUNT_BLOCKED);
    expect((await lastAttempt('lucia.hernandez')).result).toBe('accountTerminated');
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, id))).toEqual([]);
    const detail = await t.call<EmployeeDetail>('/sysUser/detail', { token: admin, body: { id } });
    expect(detail.data).toMatchObject({ status: 'terminated', terminationReason: 'Moved to Oregon', teamId: null });
    const board = await t.call<TeamBoard>('/ygTeam/board', { token: admin });
    const everyone = [...board.data.unassigned, ...board.data.teams.flatMap((team) => team.members)];
    expect(everyone.some((m) => m.userId === id)).toBe(false);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'terminate'));
    expect(entry!.changes).toMatchObject({ status: { from: 'active', to: 'terminated' }, teamId: { to: null } });

    const again = await t.call('/sysUser/terminate', { token: admin, body: { id, terminatedOn: '2026-11-16' } });
    expect(again).toMatchObject({ code: Code.REFUSED, message: 'Lucia Hernandez is already terminated.' });
  });

  it('refuses a date terminated before the hire date, naming both', async () => {
    const id = await userIdOf(t, 'sofia.ramirez');
    const result = await t.call('/sysUser/terminate', { token: admin, body: { id, terminatedOn: '2020-01-01' } });
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toContain('date terminated (2020-01-01)');
    expect((await userOf(t, 'sofia.ramirez')).status).toBe('active');
  });

  it('reinstates a terminated employee, who may then log in again', async () => {
    const id = await userIdOf(t, 'juan.morales');
    expect((await tryLogin('juan.morales')).code).toBe(Code.ACCOUNT_BLOCKED);
    const result = await t.call('/sysUser/reinstate', { token: admin, body: { id } });
    expect(result).toMatchObject({ code: Code.OK, data: { status: 'active', terminatedOn: null } });
    await t.login('juan.morales');
    const notTerminated = await t.call('/sysUser/reinstate', { token: admin, body: { id } });
    expect(notTerminated.code).toBe(Code.REFUSED);
  });
});
