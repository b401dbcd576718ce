import { Code, type LaborType, type LaborTypeOption, type ListResponse } from '@tidyhouse/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { DEFAULT_LABOR_TYPES } from './settings.seed';
import { auditLog } from './system.tables';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const list = async (body: object = {}) =>
  (await t.call<ListResponse<LaborType>>('/laborType/queryList', { token: admin, body })).data;
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const WINDOWS = {
  nameEn: 'Window washing',
  nameZh: '擦窗',
  defaultHourlyRateCents: 2500,
  isPaid: true,
  countsAsInHome: true,
  sortOrder: 70,
};

describe('labor types', () => {
  it('start with the defaults a cleaning business needs', async () => {
    const all = await list();
    expect(all.list.map((l) => l.nameEn)).toEqual(DEFAULT_LABOR_TYPES.map((l) => l.nameEn));
    expect(all.list.find((l) => l.nameEn === 'Travel')).toMatchObject({
      isPaid: true,
      countsAsInHome: false,
      defaultHourlyRateCents: 1900,
    });
    expect(all.list.find((l) => l.nameEn === 'Deep cleaning')).toMatchObject({ countsAsInHome: true, nameZh: '深度保洁' });
    expect((await list({ name: '保洁' })).total).toBe(3);
  });

  it('are added, modified, deactivated and removed, each change logged', async () => {
    const added = await t.call<LaborType>('/laborType/add', { token: admin, body: WINDOWS });
    expect(added.data).toMatchObject({ ...WINDOWS, active: true, version: 1 });
    expect(await lastAudit()).toMatchObject({ module: 'laborTypes', action: 'add', recordId: added.data.id });
    expect((await t.call('/laborType/add', { token: admin, body: { ...WINDOWS, nameZh: '窗户' } })).code).toBe(Code.CONFLICT);

    const modified = await t.call<LaborType>('/laborType/modify', {
      token: admin,
      body: { ...WINDOWS, id: added.data.id, version: 1, defaultHourlyRateCents: 2650, active: true },
    });
    expect(modified.data).toMatchObject({ defaultHourlyRateCents: 2650, version: 2 });
    expect((await lastAudit()).changes).toEqual({ defaultHourlyRateCents: { from: 2500, to: 2650 } });
    const stale = await t.call('/laborType/modify', {
      token: admin,
      body: { ...WINDOWS, active: true, id: added.data.id, version: 1 },
    });
    expect(stale.code).toBe(Code.CONFLICT);

    const off = await t.call<LaborType>('/laborType/updateState', { token: admin, body: { id: added.data.id, active: false } });
    expect(off.data).toMatchObject({ active: false, version: 3 });
    expect((await list({ active: false })).list.map((l) => l.nameEn)).toEqual(['Window washing']);
    // Any signed-in office user (a cleaner's session reaches the field calls only).
    const sales = await t.loginAs('sales');
    const options = await t.call<LaborTypeOption[]>('/laborType/options', { token: sales });
    expect(options.data.map((o) => o.nameEn)).toEqual(DEFAULT_LABOR_TYPES.map((l) => l.nameEn));
    expect(Object.keys(options.data[0]!).sort()).toEqual([
      'countsAsInHome',
      'defaultHourlyRateCents',
      'id',
      'isPaid',
      'nameEn',
      'nameZh',
    ]);

    expect((await t.call('/laborType/remove', { token: admin, body: { id: added.data.id, version: 3 } })).code).toBe(Code.OK);
    expect((await t.call('/laborType/detail', { token: admin, body: { id: added.data.id } })).code).toBe(Code.NOT_FOUND);
    // Its name is free again.
    expect((await t.call('/laborType/add', { token: admin, body: WINDOWS })).code).toBe(Code.OK);
  });

  it('filters unpaid types', async () => {
    await t.call('/laborType/add', {
      token: admin,
      body: {
        nameEn: 'Unpaid meal break',
        nameZh: '无薪用餐休息',
        defaultHourlyRateCents: 0,
        isPaid: false,
        countsAsInHome: false,
      },
    });
    expect((await list({ isPaid: false })).list.map((l) => l.nameEn)).toEqual(['Unpaid meal break']);
  });
});
