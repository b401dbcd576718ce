import { Code, type EmployeeDetail, type EmployeeListItem, type ListResponse, type RoleOption } from '@tidyhouse/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { auditLog } from '../system/system.tables';
import { employeeSkills, sysUsers } from './employees.tables';
import { roleIdOf, skillOf, teamOf, userIdOf, userOf, userRef } from './test-support';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

type List = ListResponse<EmployeeListItem>;
const list = (body: object, token = admin) => t.call<List>('/sysUser/queryList', { token, body });
const newEmployee = async (overrides: object = {}) => ({
  uname: 'kim.le',
  password: 'Kim-pass-123',
  verifyPassword: 'Kim-pass-123',
  name: 'Kim Le',
  roleId: await roleIdOf(t, 'cleaner'),
  phone: '(415) 555-0177',
  hireDate: '2026-10-01',
  location: 'Daly City',
  ...overrides,
});

describe('add', () => {
  it('answers the spec messages for missing fields, in both languages', async () => {
    const en = await t.call<{ issues: { field: string; message: string }[] }>('/sysUser/add', { token: admin, body: {} });
    expect(en.code).toBe(Code.INVALID_INPUT);
    const byField = Object.fromEntries(en.data.issues.map((i) => [i.field, i.message]));
    expect(byField).toMatchObject({
      uname: 'user name is required',
      password: 'password is required',
      verifyPassword: 'verify password is required',
      roleId: 'job role is required',
      name: 'name is required',
    });
    const zh = await t.call('/sysUser/add', {
      token: admin,
      body: { ...(await newEmployee()), roleId: undefined },
      locale: 'zh',
    });
    expect(zh.message).toBe('职位角色为必填项');
    const mismatch = await t.call('/sysUser/add', { token: admin, body: await newEmployee({ verifyPassword: 'Other-pass-9' }) });
    expect(mismatch).toMatchObject({ code: Code.INVALID_INPUT, message: 'The password is inconsistent twice!' });
  });

  it('adds an employee who can log in, with the next employee number, and never answers the password', async () => {
    const before = await t.fingerprint();
    const added = await t.call<{ id: number; version: number }>('/sysUser/add', {
      token: admin,
      body: await newEmployee({ skillIds: [(await skillOf(t, 'Pet friendly')).id] }),
    });
    expect(added.code).toBe(Code.OK);
    expect(await t.fingerprint()).not.toBe(before);
    const detail = await t.call<EmployeeDetail>('/sysUser/detail', { token: admin, body: { id: added.data.id } });
    expect(detail.data).toMatchObject({
      uname: 'kim.le',
      name: 'Kim Le',
      roleCode: 'cleaner',
      status: 'active',
      accountStatus: 'normal',
      enabled: true,
      hireDate: '2026-10-01',
      teamId: null,
      hasPhoto: false,
      skills: [{ nameEn: 'Pet friendly' }],
    });
    expect(detail.data.employeeNo).toMatch(/^E\d{4}$/);
    const numbers = (await t.db.select({ n: sysUsers.employeeNo }).from(sysUsers)).map((r) => Number(r.n!.slice(1)));
    expect(Number(detail.data.employeeNo!.slice(1))).toBe(Math.max(...numbers));
    expect(JSON.stringify(detail.data)).not.toMatch(/password"|argon2|passwordHash/i);
    await t.login('kim.le', 'Kim-pass-123');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'add'), eq(auditLog.recordId, added.data.id)));
    expect(entry!.summary).toContain('Kim Le');
    expect(JSON.stringify(entry!.changes)).not.toContain('Kim-pass-123');
  });

  it('refuses a user name taken in any letter case with 10009 naming it, and a taken employee number', async () => {
    const taken = await t.call('/sysUser/add', { token: admin, body: await newEmployee({ uname: 'Rosa.Martinez' }) });
    expect(taken).toMatchObject({ code: Code.CONFLICT, message: 'The user name "Rosa.Martinez" is already taken.' });
    const zh = await t.call('/sysUser/add', { token: admin, body: await newEmployee({ uname: 'ROSA.MARTINEZ' }), locale: 'zh' });
    expect(zh.message).toBe('用户名“ROSA.MARTINEZ”已被占用。');
    const number = (await userOf(t, 'mei.lin')).employeeNo!;
    const dup = await t.call('/sysUser/add', {
      token: admin,
      body: await newEmployee({ uname: 'other.one', employeeNo: number.toLowerCase() }),
    });
    expect(dup).toMatchObject({
      code: Code.CONFLICT,
      message: `The employee number "${number.toLowerCase()}" is already in use.`,
    });
  });

  it('lets only a super administrator hand out the super administrator role', async () => {
    const office = await t.loginAs('office_manager');
    const body = await newEmployee({ uname: 'boss.two', roleId: await roleIdOf(t, 'super_admin') });
    expect((await t.call('/sysUser/add', { token: office, body })).code).toBe(Code.REFUSED);
    const modify = await t.call('/sysUser/modify', {
      token: office,
      body: { ...(await userRef(t, 'sales')), roleId: await roleIdOf(t, 'super_admin') },
    });
    expect(modify.code).toBe(Code.REFUSED);
    const touchAdmin = await t.call('/sysUser/modify', {
      token: office,
      body: { ...(await userRef(t, 'admin')), phone: '(650) 555-0111' },
    });
    expect(touchAdmin.code).toBe(Code.REFUSED);
  });
});

describe('queryList', () => {
  it('offers the job roles in the caller language', async () => {
    const zh = await t.call<RoleOption[]>('/sysUser/roleOptions', { token: admin, locale: 'zh' });
    expect(zh.data.map((r) => r.code)).toEqual(['super_admin', 'office_manager', 'scheduler', 'sales', 'cleaner']);
    expect(zh.data.find((r) => r.code === 'cleaner')).toMatchObject({ name: '保洁技师', enabled: true, isSuper: false });
  });

  it('searches by name, employee number and phone digits, with role, team and photo on each row', async () => {
    const byName = await list({ keyword: 'martinez' });
    expect(byName.data.list.map((r) => r.uname)).toEqual(['rosa.martinez']);
    const rosa = byName.data.list[0]!;
    expect(rosa).toMatchObject({
      roleCode: 'cleaner',
      roleName: 'Field Technician',
      teamName: 'Team Sunshine',
      teamColor: '#fadb14',
      teamTextColor: '#262626',
      isLeader: true,
      hasPhoto: true,
    });
    expect(rosa.photoTag).toMatch(/^[0-9a-f]{16}$/);
    expect((await list({ keyword: rosa.employeeNo! })).data.list.map((r) => r.id)).toEqual([rosa.id]);
    expect((await list({ keyword: '5550211' })).data.list.map((r) => r.id)).toEqual([rosa.id]);
    expect((await list({ keyword: '李秀' })).data.list.map((r) => r.uname)).toEqual(['xiuying.li']);
    expect((await list({ keyword: 'fang.wang' })).data.list.map((r) => r.name)).toEqual(['王芳']);
    expect((await list({ keyword: '%' })).data.total).toBe(0);
    const zh = await t.call<List>('/sysUser/queryList', { token: admin, body: { keyword: 'martinez' }, locale: 'zh' });
    expect(zh.data.list[0]!.roleName).toBe('保洁技师');
  });

  it('filters by status, account status, role, team, no team and location; pages with a total', async () => {
    expect((await list({ status: 'terminated' })).data.list.map((r) => r.uname)).toEqual(['juan.morales']);
    expect((await list({ accountStatus: 'frozen' })).data.list.map((r) => r.uname)).toEqual(['tomas.vargas']);
    const sales = await list({ roleId: await roleIdOf(t, 'sales') });
    expect(sales.data.list.map((r) => r.uname).sort()).toEqual(['ashley.brooks', 'sales']);
    const ocean = await list({ teamId: (await teamOf(t, 'Team Ocean')).id });
    expect(ocean.data.list.map((r) => r.name).sort()).toEqual(['Grace Huang', 'Mei Lin', '李秀英'].sort());
    const noTeam = await list({ teamId: 0, roleId: await roleIdOf(t, 'cleaner') });
    expect(noTeam.data.list.map((r) => r.uname)).toEqual(expect.arrayContaining(['hong.liu', 'juan.morales']));
    expect(noTeam.data.list.every((r) => r.teamId === null)).toBe(true);
    expect((await list({ location: 'redwood' })).data.list.map((r) => r.uname).sort()).toEqual([
      'lucia.hernandez',
      'sofia.ramirez',
    ]);
    const all = await list({ pageSize: 100 });
    const page2 = await list({ pageNum: 2, pageSize: 5, sort: { field: 'employeeNo', order: 'ascend' } });
    expect(page2.data.total).toBe(all.data.total);
    expect(all.data.total).toBeGreaterThanOrEqual(20);
    const numbers = all.data.list.map((r) => r.employeeNo!).sort();
    expect(page2.data.list.map((r) => r.employeeNo)).toEqual(numbers.slice(5, 10));
  });
});

describe('modify', () => {
  it('changes the profile with the version read; a stale version is 10009 and changes nothing', async () => {
    const ref = await userRef(t, 'sofia.ramirez');
    const body = {
      ...ref,
      phone: '(650) 555-4444',
      emergencyContact: 'Luz Ramirez',
      driverLicenseExpiry: '2030-06-30',
      notes: '',
    };
    const ok = await t.call<{ version: number }>('/sysUser/modify', { token: admin, body });
    expect(ok.code).toBe(Code.OK);
    expect(ok.data.version).toBe(ref.version + 1);
    const after = await userOf(t, 'sofia.ramirez');
    expect(after).toMatchObject({
      phone: '(650) 555-4444',
      emergencyContact: 'Luz Ramirez',
      driverLicenseExpiry: '2030-06-30',
      notes: null,
    });
    const stale = await t.call('/sysUser/modify', { token: admin, body: { ...body, phone: '(650) 555-0112' } });
    expect(stale.code).toBe(Code.CONFLICT);
    expect((await userOf(t, 'sofia.ramirez')).phone).toBe('(650) 555-4444');
  });

  it('replaces the password when given twice and ends the employee sessions', async () => {
    const session = await t.login('carmen.torres');
    const ref = await userRef(t, 'carmen.torres');
    const missing = await t.call('/sysUser/modify', { token: admin, body: { ...ref, password: 'Carmen-new-pass' } });
    expect(missing).toMatchObject({ code: Code.INVALID_INPUT, message: 'verify password is required' });
    const body = { ...ref, password: 'Carmen-new-pass', verifyPassword: 'Carmen-new-pass' };
    expect((await t.call('/sysUser/modify', { token: admin, body })).code).toBe(Code.OK);
    expect((await t.call('/getUserInfo', { method: 'GET', token: session })).code).not.toBe(Code.OK);
    expect((await t.call('/login', { body: { uname: 'carmen.torres', password: TEST_PASSWORD } })).code).toBe(Code.REFUSED);
    await t.login('carmen.torres', 'Carmen-new-pass');
  });

  it('refuses to rename onto a taken user name', async () => {
    const result = await t.call('/sysUser/modify', {
      token: admin,
      body: { ...(await userRef(t, 'ana.lopez')), uname: 'MEI.LIN' },
    });
    expect(result).toMatchObject({ code: Code.CONFLICT, message: 'The user name "MEI.LIN" is already taken.' });
  });
});

describe('remove', () => {
  it('refuses an employee with history, naming it, and says to terminate instead', async () => {
    const result = await t.call('/sysUser/remove', { token: admin, body: await userRef(t, 'rosa.martinez') });
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toMatch(/Rosa Martinez cannot be deleted .*pay rates, remarks, team membership.*terminate instead/);
    expect((await userOf(t, 'rosa.martinez')).deletedAt).toBeNull();
  });

  it('removes an employee without history; the user name is then free again', async () => {
    const ref = await userRef(t, 'hong.liu');
    expect((await t.call('/sysUser/remove', { token: admin, body: ref })).code).toBe(Code.OK);
    expect((await t.call('/sysUser/detail', { token: admin, body: { id: ref.id } })).code).toBe(Code.NOT_FOUND);
    expect((await list({ keyword: 'Hong Liu' })).data.total).toBe(0);
    const again = await t.call('/sysUser/add', {
      token: admin,
      body: await newEmployee({ uname: 'hong.liu', name: 'Hong Liu' }),
    });
    expect(again.code).toBe(Code.OK);
  });

  it('refuses to remove, disable or terminate one own account', async () => {
    const me = await userRef(t, 'admin');
    expect((await t.call('/sysUser/remove', { token: admin, body: me })).code).toBe(Code.REFUSED);
    expect((await t.call('/sysUser/updateState', { token: admin, body: { id: me.id, enabled: false } })).code).toBe(Code.REFUSED);
    const terminate = await t.call('/sysUser/terminate', { token: admin, body: { id: me.id, terminatedOn: '2026-11-01' } });
    expect(terminate.code).toBe(Code.REFUSED);
  });
});

describe('skills of an employee', () => {
  it('replaces the set; detail (getCheckedSkills) reads it back', async () => {
    const id = await userIdOf(t, 'grace.huang');
    const carpet = await skillOf(t, 'Carpet cleaning');
    const deep = await skillOf(t, 'Deep cleaning');
    const result = await t.call('/sysUser/setUserSkill', {
      token: admin,
      body: { id, skillIds: [carpet.id, deep.id, carpet.id] },
    });
    expect(result.code).toBe(Code.OK);
    const detail = await t.call<EmployeeDetail>('/sysUser/detail', { token: admin, body: { id } });
    expect(detail.data.skillIds.sort()).toEqual([carpet.id, deep.id].sort());
    const unknown = await t.call('/sysUser/setUserSkill', { token: admin, body: { id, skillIds: [99_999] } });
    expect(unknown).toMatchObject({ code: Code.REFUSED, message: expect.stringContaining('99999') });
    expect(await t.db.select().from(employeeSkills).where(eq(employeeSkills.userId, id))).toHaveLength(2);
  });
});
