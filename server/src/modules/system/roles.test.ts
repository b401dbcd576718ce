import {
  ALL_PERMISSION_KEYS,
  Code,
  FIELD_USE_KEY,
  type ListResponse,
  type PermissionNode,
  type Role,
  type RoleDetail,
  type UserInfo,
} from '@tidyhouse/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { loginAttempts } from '../auth/auth.tables';
import { sysUsers } from '../employees/employees.tables';
import { auditLog, rolePermissions, roles } from './system.tables';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const roleOf = async (code: string) => (await t.db.select().from(roles).where(eq(roles.code, code)))[0]!;
/** How many live users hold a role: counted here, so the demo data may grow. */
const holdersOf = async (code: string) => {
  const role = await roleOf(code);
  const rows = await t.db
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .where(and(eq(sysUsers.roleId, role.id), isNull(sysUsers.deletedAt)));
  return rows.length;
};
const detail = async (id: number) => (await t.call<RoleDetail>('/sysRole/detail', { token: admin, body: { id } })).data;
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const pickNames = (role: { id: number; nameEn: string; nameZh: string }) => ({
  id: role.id,
  nameEn: role.nameEn,
  nameZh: role.nameZh,
});
const menuUrls = (info: UserInfo) => info.sysMenuList.flatMap((g) => (g.children ?? []).map((c) => c.url));

describe('role list and detail', () => {
  it('lists the roles, super administrator first, with user and key counts', async () => {
    const result = await t.call<ListResponse<Role>>('/sysRole/queryList', { token: admin, body: {} });
    expect(result.code).toBe(Code.OK);
    const [first, ...rest] = result.data.list;
    expect(first).toMatchObject({ code: 'super_admin', isSuper: true, userCount: 1, keyCount: ALL_PERMISSION_KEYS.length });
    const cleaner = rest.find((r) => r.code === 'cleaner')!;
    // The field app's key only (issue 21): no screen, so no back-office menu.
    expect(cleaner).toMatchObject({ userCount: await holdersOf('cleaner'), keyCount: 1, enabled: true });
    expect(cleaner.userCount).toBeGreaterThan(1);
    const scheduler = rest.find((r) => r.code === 'scheduler')!;
    const stored = await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, scheduler.id));
    expect(scheduler.keyCount).toBe(stored.length);
  });

  it('filters by name in either language and by state', async () => {
    const en = await t.call<ListResponse<Role>>('/sysRole/queryList', { token: admin, body: { name: 'SCHED' } });
    expect(en.data.list.map((r) => r.code)).toEqual(['scheduler']);
    const zh = await t.call<ListResponse<Role>>('/sysRole/queryList', { token: admin, body: { name: '销售' } });
    expect(zh.data.list.map((r) => r.code)).toEqual(['sales']);
    const disabled = await t.call<ListResponse<Role>>('/sysRole/queryList', { token: admin, body: { enabled: false } });
    expect(disabled.data).toEqual({ list: [], total: 0 });
  });

  it('answers the keys of a role; the super administrator holds every key', async () => {
    expect((await detail((await roleOf('super_admin')).id)).keys).toHaveLength(ALL_PERMISSION_KEYS.length);
    const sales = await detail((await roleOf('sales')).id);
    expect(sales.keys).toContain('/sales/quotationlist');
    expect(sales.keys).not.toContain('/sys/roleauthor');
    expect((await t.call('/sysRole/detail', { token: admin, body: { id: 9999 } })).code).toBe(Code.NOT_FOUND);
  });

  it('answers the permission tree: groups, canonical screens, action keys, in both languages', async () => {
    const tree = (await t.call<PermissionNode[]>('/sysRole/permissionTree', { token: admin })).data;
    // A key of no screen sits in a group of its own: granting it never drags a screen along.
    expect(tree.find((g) => g.key === '/field')).toMatchObject({
      kind: 'group',
      children: [{ key: FIELD_USE_KEY, kind: 'action', title: { en: expect.any(String), zh: expect.any(String) } }],
    });
    const sys = tree.find((g) => g.key === '/sys')!;
    expect(sys.title).toEqual({ en: 'System Set-up', zh: '系统设置' });
    expect(sys.children!.map((s) => s.key)).toContain('/sys/logs');
    const customers = tree.find((g) => g.key === '/customer')!.children!;
    expect(customers.find((s) => s.key === '/customer/secretkey')!.children![0]!.key).toBe('customer:keys:reveal');
    expect(JSON.stringify(tree)).not.toContain('/quick/customerlist');
  });
});

describe('adding and modifying roles', () => {
  it('adds a role with a code from its name and its keys, and logs it', async () => {
    const result = await t.call<RoleDetail>('/sysRole/add', {
      token: admin,
      body: { nameEn: 'Office Assistant', nameZh: '办公室助理', description: 'Front desk', keys: ['/sys/region', '/sys/region'] },
    });
    expect(result.code).toBe(Code.OK);
    expect(result.data).toMatchObject({
      code: 'office_assistant',
      keys: ['/sys/region'],
      userCount: 0,
      keyCount: 1,
      enabled: true,
    });
    expect(await lastAudit()).toMatchObject({ module: 'roles', action: 'add', recordId: result.data.id, uname: 'admin' });
    const again = await t.call<RoleDetail>('/sysRole/add', {
      token: admin,
      body: { nameEn: 'office assistant', nameZh: '助理' },
    });
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.message).toContain('office assistant');
    const other = await t.call<RoleDetail>('/sysRole/add', {
      token: admin,
      body: { nameEn: 'Office-Assistant', nameZh: '前台' },
    });
    expect(other.data.code).toBe('office_assistant_2');
  });

  it('modifies names and description with the version it read; a stale version changes nothing', async () => {
    const role = await roleOf('sales');
    const ok = await t.call<RoleDetail>('/sysRole/modify', {
      token: admin,
      body: { id: role.id, version: role.version, nameEn: 'Sales Rep', nameZh: '销售代表', description: 'Quotes' },
    });
    expect(ok.data).toMatchObject({ nameEn: 'Sales Rep', code: 'sales', version: role.version + 1 });
    const entry = await lastAudit();
    expect(entry.changes).toEqual({ nameEn: { from: 'Sales Representative', to: 'Sales Rep' }, description: expect.any(Object) });
    const stale = await t.call('/sysRole/modify', {
      token: admin,
      body: { id: role.id, version: role.version, nameEn: 'Seller', nameZh: '销售代表', description: '' },
    });
    expect(stale.code).toBe(Code.CONFLICT);
    expect((await roleOf('sales')).nameEn).toBe('Sales Rep');
  });

  it('keeps the description in both languages: seeded, changed, and kept when a change leaves Chinese out', async () => {
    const seeded = await roleOf('scheduler');
    expect(seeded.description).toMatch(/^[ -~]+$/);
    expect(seeded.descriptionZh).toMatch(/[\u4e00-\u9fff]/);
    const changed = await t.call<RoleDetail>('/sysRole/modify', {
      token: admin,
      body: { ...pickNames(seeded), version: seeded.version, description: 'Plans the day', descriptionZh: '安排当天' },
    });
    expect(changed.data).toMatchObject({ description: 'Plans the day', descriptionZh: '安排当天' });
    expect((await lastAudit()).changes).toMatchObject({ descriptionZh: { from: seeded.descriptionZh, to: '安排当天' } });
    await t.call('/sysRole/modify', {
      token: admin,
      body: { ...pickNames(seeded), version: changed.data.version, description: 'Plans the day and teams' },
    });
    expect((await roleOf('scheduler')).descriptionZh).toBe('安排当天');
  });
});

describe('enabling and disabling', () => {
  it('throws the users of a disabled role out at once and refuses their logins until enabled again', async () => {
    const role = await roleOf('scheduler');
    const token = await t.loginAs('scheduler');
    const result = await t.call<{ sessionsEnded: number }>('/sysRole/updateState', {
      token: admin,
      body: { id: role.id, enabled: false },
      locale: 'en',
    });
    expect(result.data.sessionsEnded).toBeGreaterThanOrEqual(1);
    const next = await t.call('/getUserInfo', { method: 'GET', token, locale: 'en' });
    expect(next).toMatchObject({
      code: Code.ACCOUNT_BLOCKED,
      message: 'Your role is disabled. Please contact the administrator.',
    });
    const login = await t.call('/login', { body: { uname: 'scheduler', password: TEST_PASSWORD } });
    expect(login.code).toBe(Code.ACCOUNT_BLOCKED);
    const [attempt] = await t.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.uname, 'scheduler'))
      .orderBy(desc(loginAttempts.id))
      .limit(1);
    expect(attempt).toMatchObject({ success: false, result: 'roleDisabled' });
    expect(await lastAudit()).toMatchObject({ action: 'disable', recordId: role.id });

    await t.call('/sysRole/updateState', { token: admin, body: { id: role.id, enabled: true } });
    expect((await t.call('/login', { body: { uname: 'scheduler', password: TEST_PASSWORD } })).code).toBe(Code.OK);
  });

  it('never disables the super administrator role, nor the caller own role', async () => {
    const superRole = await roleOf('super_admin');
    const refused = await t.call('/sysRole/updateState', {
      token: admin,
      body: { id: superRole.id, enabled: false },
      locale: 'zh',
    });
    expect(refused).toMatchObject({ code: Code.REFUSED, message: '超级管理员角色不能被停用或删除。' });
    expect((await roleOf('super_admin')).enabled).toBe(true);

    const manager = await roleOf('office_manager');
    await t.db.insert(rolePermissions).values({ roleId: manager.id, key: '/sys/roleauthor' });
    const office = await t.loginAs('office_manager');
    const own = await t.call('/sysRole/updateState', { token: office, body: { id: manager.id, enabled: false }, locale: 'en' });
    expect(own).toMatchObject({ code: Code.REFUSED, message: 'You cannot disable your own role.' });
    await t.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, manager.id), eq(rolePermissions.key, '/sys/roleauthor')));
  });
});

describe('removing roles', () => {
  it('refuses while any user holds the role, and for the super administrator', async () => {
    const cleaner = await roleOf('cleaner');
    const held = await t.call('/sysRole/remove', {
      token: admin,
      body: { id: cleaner.id, version: cleaner.version },
      locale: 'en',
    });
    const holders = await holdersOf('cleaner');
    expect(held).toMatchObject({
      code: Code.REFUSED,
      message: `The role is held by ${holders} ${holders === 1 ? 'user' : 'users'}. Give them another role before removing it.`,
    });
    const superRole = await roleOf('super_admin');
    const top = await t.call('/sysRole/remove', { token: admin, body: { id: superRole.id, version: superRole.version } });
    expect(top.code).toBe(Code.REFUSED);
    expect((await roleOf('cleaner')).deletedAt).toBeNull();
  });

  it('soft-deletes a role no one holds: gone from the list and the detail, kept in the table', async () => {
    const added = await t.call<RoleDetail>('/sysRole/add', { token: admin, body: { nameEn: 'Temp Role', nameZh: '临时角色' } });
    const { id, version } = added.data;
    expect((await t.call('/sysRole/remove', { token: admin, body: { id, version: version + 5 } })).code).toBe(Code.CONFLICT);
    expect((await t.call('/sysRole/remove', { token: admin, body: { id, version } })).code).toBe(Code.OK);
    expect((await t.call('/sysRole/detail', { token: admin, body: { id } })).code).toBe(Code.NOT_FOUND);
    const list = await t.call<ListResponse<Role>>('/sysRole/queryList', { token: admin, body: { name: 'Temp' } });
    expect(list.data.total).toBe(0);
    expect((await t.db.select().from(roles).where(eq(roles.id, id)))[0]!.deletedAt).toBeInstanceOf(Date);
    expect(await lastAudit()).toMatchObject({ action: 'remove', recordId: id });
  });

  it('counts only users not removed as holders', async () => {
    const added = await t.call<RoleDetail>('/sysRole/add', { token: admin, body: { nameEn: 'Seasonal', nameZh: '季节工' } });
    const [user] = await t.db.select().from(sysUsers).where(eq(sysUsers.uname, 'carmen.torres'));
    await t.db.update(sysUsers).set({ roleId: added.data.id, deletedAt: new Date() }).where(eq(sysUsers.id, user!.id));
    const removed = await t.call('/sysRole/remove', { token: admin, body: { id: added.data.id, version: added.data.version } });
    expect(removed.code).toBe(Code.OK);
  });
});

describe('setting permissions', () => {
  it('takes effect on the next request: a removed key is refused at once and the menu shrinks', async () => {
    const manager = await roleOf('office_manager');
    const office = await t.loginAs('office_manager');
    expect((await t.call('/zone/queryList', { token: office, body: {} })).code).toBe(Code.OK);
    const before = (await t.call<UserInfo>('/getUserInfo', { method: 'GET', token: office })).data;
    expect(menuUrls(before)).toContain('/sys/region');

    const keys = (await detail(manager.id)).keys.filter((k) => k !== '/sys/region');
    const saved = await t.call<RoleDetail>('/sysRole/setPermissions', {
      token: admin,
      body: { id: manager.id, version: manager.version, keys },
    });
    expect(saved.data).toMatchObject({ keyCount: keys.length, version: manager.version + 1 });
    expect(saved.data.keys).not.toContain('/sys/region');

    expect((await t.call('/zone/queryList', { token: office, body: {} })).code).toBe(Code.FORBIDDEN);
    const after = (await t.call<UserInfo>('/getUserInfo', { method: 'GET', token: office })).data;
    expect(menuUrls(after)).not.toContain('/sys/region');
    expect(after.permissions).not.toContain('/sys/region');
    expect(menuUrls(after)).toHaveLength(menuUrls(before).length - 1);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'setPermissions', recordId: manager.id });
    expect(entry.summary).toContain('removed Zone Management');

    const restored = await t.call<RoleDetail>('/sysRole/setPermissions', {
      token: admin,
      body: { id: manager.id, version: manager.version + 1, keys: [...keys, '/sys/region'] },
    });
    expect(restored.code).toBe(Code.OK);
    expect((await t.call('/zone/queryList', { token: office, body: {} })).code).toBe(Code.OK);
  });

  it('refuses a stale version and changes nothing', async () => {
    const sales = await roleOf('sales');
    const stale = await t.call('/sysRole/setPermissions', {
      token: admin,
      body: { id: sales.id, version: sales.version - 1, keys: [] },
    });
    expect(stale.code).toBe(Code.CONFLICT);
    expect((await detail(sales.id)).keys.length).toBeGreaterThan(0);
  });

  it('never takes a key from the super administrator; the full set is accepted and changes nothing', async () => {
    const superRole = await roleOf('super_admin');
    const fewer = ALL_PERMISSION_KEYS.filter((k) => k !== 'sys:logs:clear');
    const refused = await t.call('/sysRole/setPermissions', {
      token: admin,
      body: { id: superRole.id, version: superRole.version, keys: fewer },
    });
    expect(refused.code).toBe(Code.REFUSED);
    const full = await t.call<RoleDetail>('/sysRole/setPermissions', {
      token: admin,
      body: { id: superRole.id, version: superRole.version, keys: ALL_PERMISSION_KEYS },
    });
    expect(full.data.keys).toHaveLength(ALL_PERMISSION_KEYS.length);
    expect((await roleOf('super_admin')).version).toBe(superRole.version);
  });

  it('answers 10001 naming an unknown key', async () => {
    const sales = await roleOf('sales');
    const result = await t.call('/sysRole/setPermissions', {
      token: admin,
      locale: 'en',
      body: { id: sales.id, version: sales.version, keys: ['/sales/quotationlist', '/sys/everything'] },
    });
    expect(result).toMatchObject({ code: Code.INVALID_INPUT, message: 'Permissions, item 2 is not a permission key' });
  });
});
