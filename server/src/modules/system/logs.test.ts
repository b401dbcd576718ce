import {
  addDays,
  addMonths,
  Code,
  type ListResponse,
  type LogClearResult,
  type LoginLogEntry,
  type OperationLogEntry,
  startOfDayIn,
  todayIn,
} from '@tidyhouse/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { loginAttempts } from '../auth/auth.tables';
import { sysUsers } from '../employees/employees.tables';
import { DEMO_LOG_DAYS } from './logs.seed';
import { clearLogs } from './logs.service';
import { auditLog, businessProfile, rolePermissions, roles } from './system.tables';

const TZ = 'America/Los_Angeles';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const attempt = (uname: string, at: string, result = 'ok') =>
  t.db.insert(loginAttempts).values({ uname, at: new Date(at), result, success: result === 'ok', ip: '10.0.0.7' });
const operation = (at: string, values: Partial<typeof auditLog.$inferInsert> = {}) =>
  t.db.insert(auditLog).values({ at: new Date(at), module: 'zones', action: 'modify', summary: 'Old change', ...values });
const queryLogin = async (body: object) =>
  (await t.call<ListResponse<LoginLogEntry>>('/sysLog/queryLogin', { token: admin, body })).data;
const queryOperation = async (body: object) =>
  (await t.call<ListResponse<OperationLogEntry>>('/sysLog/queryOperation', { token: admin, body })).data;

describe('operation log in the viewer language', () => {
  const inLocale = async (locale: 'en' | 'zh', body: object) =>
    (await t.call<ListResponse<OperationLogEntry>>('/sysLog/queryOperation', { token: admin, body, locale })).data.list;

  it('renders a new entry from its facts in zh and en, codes and money included; an old entry keeps its text', async () => {
    const [user] = await t.db.select().from(sysUsers).where(eq(sysUsers.uname, 'sales'));
    expect((await t.call('/sysUser/isBlocking', { token: admin, body: { id: user!.id, blocked: true } })).code).toBe(Code.OK);
    await t.call('/sysUser/isBlocking', { token: admin, body: { id: user!.id, blocked: false } });
    const filter = { module: 'employees', action: 'freeze', pageSize: 5 };
    expect((await inLocale('zh', filter))[0]!.summary).toBe(`冻结了 ${user!.name}（sales）的账户`);
    expect((await inLocale('en', filter))[0]!.summary).toBe(`Froze the account of ${user!.name} (sales)`);

    await operation(new Date().toISOString(), {
      module: 'customers',
      action: 'changeRefundStatus',
      summary: 'Refund #9 of $12.50: customer_dissatisfied → refunded',
      details: { params: { id: 9, amountCents: 1250, from: 'not_refunded', to: 'refunded' } },
    });
    await operation(new Date().toISOString(), { module: 'customers', action: 'legacyAction', summary: 'Written before details' });
    const zh = await inLocale('zh', { module: 'customers', pageSize: 5 });
    expect(zh.map((e) => e.summary)).toContain('退款 #9（$12.50）：未退款 → 已退款');
    expect(zh.map((e) => e.summary)).toContain('Written before details');
    const en = await inLocale('en', { module: 'customers', pageSize: 5 });
    expect(en.map((e) => e.summary)).toContain('Refund #9 of $12.50: not refunded → refunded');
  });

  it('finds an entry by the words the viewer reads, in either language', async () => {
    const [user] = await t.db.select().from(sysUsers).where(eq(sysUsers.uname, 'sales'));
    await t.call('/sysUser/isBlocking', { token: admin, body: { id: user!.id, blocked: true } });
    await t.call('/sysUser/isBlocking', { token: admin, body: { id: user!.id, blocked: false } });
    for (const text of [`解冻了 ${user!.name}`, 'Unfroze the account', '解冻账户']) {
      const found = await inLocale('zh', { module: 'employees', text, pageSize: 5 });
      expect(
        found.map((e) => e.action),
        text,
      ).toContain('unfreeze');
    }
    expect(await inLocale('zh', { module: 'employees', text: '解冻了 没有此人', pageSize: 5 })).toEqual([]);
  });

  it('renders the seeded demo changes in Chinese', async () => {
    const zh = await inLocale('zh', { dateTo: addDays(todayIn(TZ), -2), pageSize: 100 });
    const summaries = zh.map((e) => e.summary);
    expect(summaries).toContain('修改了报价参数：最大折扣');
    expect(summaries).toContain('修改了工种「路途」：默认时薪');
    expect(summaries.every((s) => !/Modified|Changed/.test(s))).toBe(true);
  });
});

describe('demo logs', () => {
  it('seeds sign-ins of the office staff and a few changes, reaching back past three months', async () => {
    const today = todayIn(TZ);
    const older = await queryLogin({ dateTo: addDays(addMonths(today, -3), -1), pageSize: 100 });
    expect(older.total).toBeGreaterThan(0);
    const all = await queryLogin({ dateFrom: addDays(today, -(DEMO_LOG_DAYS + 1)), dateTo: addDays(today, -2), pageSize: 100 });
    const people = new Set(all.list.filter((e) => e.userId !== null).map((e) => e.uname));
    expect([...people].every((uname) => ['admin', 'office', 'scheduler', 'sales'].includes(uname))).toBe(true);
    expect(all.list.some((e) => e.result === 'bad_credentials')).toBe(true);
    const changes = await queryOperation({ dateTo: addDays(today, -2), pageSize: 100 });
    expect(changes.total).toBeGreaterThanOrEqual(6);
    expect(changes.list.every((e) => e.uname === 'admin' || e.uname === 'office')).toBe(true);
  });
});

describe('login tracker', () => {
  it('lists attempts newest first with time, user, result, IP and user agent', async () => {
    await t.call('/login', { body: { uname: 'sales', password: 'wrong-one' } });
    const list = await queryLogin({ pageSize: 5 });
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(list.list[0]).toMatchObject({ uname: 'sales', success: false, result: 'bad_credentials', ip: '127.0.0.1' });
    expect(list.list[1]).toMatchObject({ uname: 'admin', success: true, result: 'ok' });
    expect(Date.parse(list.list[0]!.at)).toBeGreaterThanOrEqual(Date.parse(list.list[1]!.at));
    expect(list.list[0]!.userAgent).toBe('lightMyRequest');
  });

  it('filters by business dates in the business time zone, both ends included', async () => {
    // 23:30 in Los Angeles on 28 February is 07:30 UTC on 1 March.
    await attempt('tz.late', '2025-03-01T07:30:00Z');
    await attempt('tz.early', '2025-03-01T08:00:00Z');
    const feb = await queryLogin({ dateFrom: '2025-02-28', dateTo: '2025-02-28', uname: 'tz.' });
    expect(feb.list.map((e) => e.uname)).toEqual(['tz.late']);
    const march = await queryLogin({ dateFrom: '2025-03-01', uname: 'tz.' });
    expect(march.list.map((e) => e.uname)).toEqual(['tz.early']);
  });

  it('filters by the start of the user name, the result and success', async () => {
    await attempt('mei.lin', '2025-05-02T17:00:00Z', 'locked');
    await attempt('mei.lin', '2025-05-02T16:00:00Z', 'bad_credentials');
    expect((await queryLogin({ uname: 'MEI' })).list.map((e) => e.result)).toEqual(['locked', 'bad_credentials']);
    expect((await queryLogin({ uname: 'lin' })).total).toBe(0);
    expect((await queryLogin({ uname: 'mei', result: 'locked' })).total).toBe(1);
    expect((await queryLogin({ uname: 'mei', success: true })).total).toBe(0);
    expect((await queryLogin({ uname: 'a%' })).total).toBe(0);
  });
});

describe('operation log', () => {
  it('lists entries newest first, filtered by user, module, action, text and dates', async () => {
    await operation('2025-04-10T18:00:00Z', {
      uname: 'Office',
      module: 'priceList',
      action: 'addRate',
      summary: 'New rate of "Kitchen"',
    });
    await operation('2025-04-11T18:00:00Z', {
      uname: 'office',
      module: 'zones',
      action: 'add',
      summary: 'Added zone "Daly City"',
    });
    // Those two days only: the demo data has changes by office too, in the last months.
    const days = { dateFrom: '2025-04-10', dateTo: '2025-04-11' };
    expect((await queryOperation({ uname: 'off', ...days })).list.map((e) => e.action)).toEqual(['add', 'addRate']);
    expect((await queryOperation({ uname: 'off', module: 'zones', ...days })).list.map((e) => e.summary)).toEqual([
      'Added zone "Daly City"',
    ]);
    expect((await queryOperation({ action: 'addRate', text: 'KITCHEN' })).total).toBe(1);
    expect((await queryOperation({ uname: 'off', dateFrom: '2025-04-11', dateTo: '2025-04-11' })).total).toBe(1);
  });

  it('writes an entry for every change made through the API, with who and where', async () => {
    const office = await t.loginAs('office_manager');
    const before = await t.call<{ version: number }>('/sysParam/quoteParams', { token: office });
    await t.call('/sysParam/quoteParamsModify', {
      token: office,
      body: { ...before.data, version: before.data.version, defaultTeamSize: 3 },
    });
    const [entry] = (await queryOperation({ module: 'parameters', pageSize: 1 })).list;
    expect(entry).toMatchObject({
      uname: 'office',
      ip: '127.0.0.1',
      action: 'quoteParamsModify',
      changes: { defaultTeamSize: { from: 2, to: 3 } },
    });
  });
});

describe('clearing', () => {
  beforeEach(async () => {
    await t.db.delete(loginAttempts).where(like(loginAttempts.uname, 'old.%'));
  });

  it('deletes entries before the cut-off day one, two or three months back, counting them', async () => {
    const today = todayIn(TZ);
    const oneMonth = addMonths(today, -1);
    const justBefore = new Date(startOfDayIn(oneMonth, TZ).getTime() - 1000).toISOString();
    const justAfter = startOfDayIn(oneMonth, TZ).toISOString();
    await attempt('old.before', justBefore);
    await attempt('old.after', justAfter);
    await operation(justBefore, { summary: 'old.before' });
    await operation(justAfter, { summary: 'old.after' });

    const result = await t.call<LogClearResult>('/sysLog/clear', { token: admin, body: { option: 'oneMonth' } });
    expect(result.code).toBe(Code.OK);
    expect(result.data).toMatchObject({ cutoffDate: oneMonth, cutoffAt: justAfter });
    expect(result.data.loginDeleted).toBeGreaterThanOrEqual(1);
    expect(result.data.operationDeleted).toBeGreaterThanOrEqual(1);
    expect((await queryLogin({ uname: 'old.' })).list.map((e) => e.uname)).toEqual(['old.after']);
    expect((await queryOperation({ text: 'old.' })).list.map((e) => e.summary)).toEqual(['old.after']);

    const two = await t.call<LogClearResult>('/sysLog/clear', { token: admin, body: { option: 'twoMonths' } });
    expect(two.data).toMatchObject({ cutoffDate: addMonths(today, -2), loginDeleted: 0, operationDeleted: 0 });
    const three = await t.call<LogClearResult>('/sysLog/clear', { token: admin, body: { option: 'threeMonths' } });
    expect(three.data.cutoffDate).toBe(addMonths(today, -3));
  });

  it('logs the clearing itself, and no clearing ever deletes a clearing entry', async () => {
    await operation('2024-01-05T18:00:00Z', { module: 'logs', action: 'clear', summary: 'An old clearing' });
    const result = await t.call<LogClearResult>('/sysLog/clear', { token: admin, body: { option: 'date', date: todayIn(TZ) } });
    expect(result.code).toBe(Code.OK);
    const clears = (await queryOperation({ module: 'logs', action: 'clear' })).list;
    expect(clears.map((e) => e.summary)).toContain('An old clearing');
    expect(clears[0]).toMatchObject({ uname: 'admin', changes: { operationDeleted: { to: result.data.operationDeleted } } });
    expect(clears[0]!.summary).toContain(`before ${todayIn(TZ)}`);
    // Everything else before today is gone.
    const left = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'zones')));
    expect(left.every((e) => e.at >= startOfDayIn(todayIn(TZ), TZ))).toBe(true);
  });

  it('clears only the login attempts or only the operations when asked', async () => {
    await attempt('old.login', '2024-06-01T18:00:00Z');
    await operation('2024-06-01T18:00:00Z', { summary: 'old.operation' });
    const logins = await t.call<LogClearResult>('/sysLog/clear', {
      token: admin,
      body: { option: 'date', date: '2024-07-01', target: 'login' },
    });
    expect(logins.data).toMatchObject({ loginDeleted: 1, operationDeleted: 0 });
    expect((await queryOperation({ text: 'old.operation' })).total).toBe(1);
    const ops = await t.call<LogClearResult>('/sysLog/clear', {
      token: admin,
      body: { option: 'date', date: '2024-07-01', target: 'operation' },
    });
    expect(ops.data).toMatchObject({ loginDeleted: 0, operationDeleted: 1 });
  });

  it('refuses a date after today and deletes nothing', async () => {
    await attempt('old.kept', '2024-06-01T18:00:00Z');
    const tomorrow = addDays(todayIn(TZ), 1);
    const result = await t.call('/sysLog/clear', { token: admin, body: { option: 'date', date: tomorrow }, locale: 'en' });
    expect(result).toMatchObject({ code: Code.REFUSED });
    expect(result.message).toContain(tomorrow);
    expect((await queryLogin({ uname: 'old.kept' })).total).toBe(1);
  });

  it('computes the cut-off in the business time zone', async () => {
    await t.db.update(businessProfile).set({ timeZone: 'Asia/Shanghai' });
    try {
      // 20:00 UTC on 31 March is already 1 April in Shanghai: one month back is 1 March, 00:00 +08:00.
      const result = await t.db.transaction((tx) =>
        clearLogs(tx, { option: 'oneMonth', target: 'both' }, new Date('2026-03-31T20:00:00Z')),
      );
      expect(result).toMatchObject({ cutoffDate: '2026-03-01', cutoffAt: '2026-02-28T16:00:00.000Z' });
      const la = await t.db.transaction(async (tx) => {
        await tx.update(businessProfile).set({ timeZone: TZ });
        return clearLogs(tx, { option: 'oneMonth', target: 'both' }, new Date('2026-03-31T20:00:00Z'));
      });
      expect(la).toMatchObject({ cutoffDate: '2026-02-28', cutoffAt: '2026-02-28T08:00:00.000Z' });
    } finally {
      await t.db.update(businessProfile).set({ timeZone: TZ });
    }
  });

  it('needs its own action key: the log screen alone does not allow clearing', async () => {
    const [sales] = await t.db.select().from(roles).where(eq(roles.code, 'sales'));
    await t.db.insert(rolePermissions).values({ roleId: sales!.id, key: '/sys/logs' });
    const token = await t.loginAs('sales');
    expect((await t.call('/sysLog/queryOperation', { token, body: {} })).code).toBe(Code.OK);
    const before = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect((await t.call('/sysLog/clear', { token, body: { option: 'oneMonth' } })).code).toBe(Code.FORBIDDEN);
    expect(await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)).toEqual(before);
  });
});
