import {
  addDays,
  Code,
  type ListResponse,
  type PricedItem,
  type PriceItem,
  type PriceItemDetail,
  todayIn,
} from '@tidyhouse/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { sysUsers } from '../employees/employees.tables';
import { rateOn } from './price-list.service';
import { DEMO_PRICES_SINCE } from './settings.seed';
import { priceItemRates, priceItems } from './settings.tables';
import { auditLog } from './system.tables';

let t: TestApp;
let admin: string;
const today = todayIn('America/Los_Angeles');
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const idOf = async (nameEn: string) => (await t.db.select().from(priceItems).where(eq(priceItems.nameEn, nameEn)))[0]!.id;
const detail = async (id: number) => (await t.call<PriceItemDetail>('/servicePrice/detail', { token: admin, body: { id } })).data;
const priceOn = async (date: string, kind?: string) =>
  (await t.call<PricedItem[]>('/servicePrice/priceOn', { token: admin, body: { date, kind } })).data;
const addRate = (id: number, effectiveFrom: string, unitPriceCents: number, inHomeMinutes = 20) =>
  t.call<PriceItemDetail>('/servicePrice/addRate', {
    token: admin,
    body: { id, effectiveFrom, unitPriceCents, inHomeMinutes },
    locale: 'en',
  });
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

/** A fresh entry with a rate from 1 Jan 2026 and one from 1 Mar 2026. */
async function twoRateItem(nameEn: string) {
  const [item] = await t.db.insert(priceItems).values({ kind: 'addon', nameEn, nameZh: nameEn }).returning();
  await t.db.insert(priceItemRates).values([
    { priceItemId: item!.id, effectiveFrom: '2026-01-01', inHomeMinutes: 10, unitPriceCents: 1000 },
    { priceItemId: item!.id, effectiveFrom: '2026-03-01', inHomeMinutes: 12, unitPriceCents: 1200 },
  ]);
  return item!.id;
}

describe('rateOn: the rate in force on a date', () => {
  it('has none before the first rate, takes a rate on its first day, and the latest not after the date', async () => {
    const a = await twoRateItem('Rate test A');
    const b = await twoRateItem('Rate test B');
    const on = async (date: string) => (await rateOn(t.db, [a, b], date)).get(a)?.unitPriceCents ?? null;
    expect(await on('2025-12-31')).toBeNull();
    expect(await on('2026-01-01')).toBe(1000);
    expect(await on('2026-02-28')).toBe(1000);
    expect(await on('2026-03-01')).toBe(1200);
    expect(await on('2030-01-01')).toBe(1200);
    const both = await rateOn(t.db, [a, b], '2026-03-01');
    expect([...both.keys()].sort()).toEqual([a, b].sort());
    expect(both.get(b)).toEqual({ effectiveFrom: '2026-03-01', inHomeMinutes: 12, unitPriceCents: 1200 });
    expect((await rateOn(t.db, [], today)).size).toBe(0);
  });
});

describe('priceOn: the price list of a day', () => {
  it('answers nothing before the first rates, the first rates on their day, and changes from their dates on', async () => {
    expect(await priceOn(addDays(DEMO_PRICES_SINCE, -1), 'item')).toEqual([]);
    const first = await priceOn(DEMO_PRICES_SINCE);
    expect(first.find((p) => p.nameEn === 'Bedroom')).toMatchObject({ unitPriceCents: 2800, inHomeMinutes: 20 });
    expect(first.map((p) => p.kind)).toEqual(
      [...first.map((p) => p.kind)].sort((x, y) => ['item', 'addon', 'fee'].indexOf(x) - ['item', 'addon', 'fee'].indexOf(y)),
    );

    const now = await priceOn(today);
    // The past change is in force, the future one not yet.
    expect(now.find((p) => p.nameEn === 'Bedroom')).toMatchObject({ unitPriceCents: 3000, effectiveFrom: addDays(today, -60) });
    expect(now.find((p) => p.nameEn === 'Kitchen')).toMatchObject({ unitPriceCents: 5500, effectiveFrom: DEMO_PRICES_SINCE });
    const later = await priceOn(addDays(today, 30));
    expect(later.find((p) => p.nameEn === 'Kitchen')).toMatchObject({ unitPriceCents: 6000, effectiveFrom: addDays(today, 30) });
    expect((await priceOn(addDays(today, 29))).find((p) => p.nameEn === 'Kitchen')!.unitPriceCents).toBe(5500);
  });

  it('filters by kind, leaves out inactive and removed entries, and serves every role', async () => {
    const fees = await priceOn(today, 'fee');
    expect(fees.map((p) => p.nameEn)).toEqual(['Trip fee', 'Pet fee', 'Key pickup']);
    const pet = await t.db.select().from(priceItems).where(eq(priceItems.nameEn, 'Pet fee'));
    await t.db.update(priceItems).set({ active: false }).where(eq(priceItems.id, pet[0]!.id));
    // Any signed-in office user (a cleaner's session reaches the field calls only).
    const sales = await t.loginAs('sales');
    const seen = await t.call<PricedItem[]>('/servicePrice/priceOn', { token: sales, body: { date: today, kind: 'fee' } });
    expect(seen.data.map((p) => p.nameEn)).toEqual(['Trip fee', 'Key pickup']);
    await t.db.update(priceItems).set({ active: true }).where(eq(priceItems.id, pet[0]!.id));
  });
});

describe('price list screen', () => {
  it('lists entries with the rate in force today and the next scheduled change', async () => {
    const list = await t.call<ListResponse<PriceItem>>('/servicePrice/queryList', {
      token: admin,
      body: { kind: 'item', pageSize: 100 },
    });
    const kitchen = list.data.list.find((p) => p.nameEn === 'Kitchen')!;
    expect(kitchen.current).toEqual({ effectiveFrom: DEMO_PRICES_SINCE, inHomeMinutes: 45, unitPriceCents: 5500 });
    expect(kitchen.next).toEqual({ effectiveFrom: addDays(today, 30), inHomeMinutes: 45, unitPriceCents: 6000 });
    const bedroom = list.data.list.find((p) => p.nameEn === 'Bedroom')!;
    expect(bedroom).toMatchObject({ current: { unitPriceCents: 3000 }, next: null });
    expect(list.data.list.every((p) => p.kind === 'item')).toBe(true);
    const zh = await t.call<ListResponse<PriceItem>>('/servicePrice/queryList', { token: admin, body: { name: '冰箱' } });
    expect(zh.data.list.map((p) => p.nameEn)).toEqual(['Inside fridge']);
  });

  it('shows the whole history, newest first, with what is past, current and scheduled', async () => {
    const bedroom = await detail(await idOf('Bedroom'));
    expect(bedroom.rates.map((r) => [r.effectiveFrom, r.status, r.unitPriceCents])).toEqual([
      [addDays(today, -60), 'current', 3000],
      [DEMO_PRICES_SINCE, 'past', 2800],
    ]);
    const kitchen = await detail(await idOf('Kitchen'));
    expect(kitchen.rates.map((r) => r.status)).toEqual(['scheduled', 'current']);
  });

  it('adds an entry with a first rate that may start later: until then it is not priced', async () => {
    const start = addDays(today, 7);
    const added = await t.call<PriceItemDetail>('/servicePrice/add', {
      token: admin,
      body: {
        kind: 'addon',
        nameEn: 'Inside microwave',
        nameZh: '微波炉内部清洁',
        inHomeMinutes: 10,
        unitPriceCents: 1500,
        effectiveFrom: start,
      },
    });
    expect(added.data).toMatchObject({
      current: null,
      next: { effectiveFrom: start, unitPriceCents: 1500 },
      taxable: false,
      active: true,
    });
    expect((await priceOn(today, 'addon')).some((p) => p.nameEn === 'Inside microwave')).toBe(false);
    expect((await priceOn(start, 'addon')).some((p) => p.nameEn === 'Inside microwave')).toBe(true);
    expect(await lastAudit()).toMatchObject({ module: 'priceList', action: 'add', recordId: added.data.id });
    const again = await t.call('/servicePrice/add', {
      token: admin,
      body: {
        kind: 'addon',
        nameEn: 'inside MICROWAVE',
        nameZh: '微波炉',
        inHomeMinutes: 10,
        unitPriceCents: 1500,
        effectiveFrom: start,
      },
    });
    expect(again.code).toBe(Code.CONFLICT);
  });
});

describe('rate changes from a date', () => {
  it('refuses a date in the past and changes nothing', async () => {
    const id = await idOf('Full bathroom');
    const result = await addRate(id, addDays(today, -1), 9999);
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toContain(`before today (${today})`);
    expect((await detail(id)).rates).toHaveLength(1);
  });

  it('takes a change from today at once; the rate in force today can then no longer be replaced', async () => {
    const id = await idOf('Half bathroom');
    const ok = await addRate(id, today, 2200, 15);
    expect(ok.data.current).toEqual({ effectiveFrom: today, inHomeMinutes: 15, unitPriceCents: 2200 });
    expect(ok.data.rates.map((r) => r.unitPriceCents)).toEqual([2200, 2000]);
    const replace = await addRate(id, today, 2500, 15);
    expect(replace.code).toBe(Code.REFUSED);
    expect(replace.message).toContain('already in force');
    expect((await detail(id)).current!.unitPriceCents).toBe(2200);
  });

  it('schedules a future change and replaces it on the same date while it is still ahead, keeping the history', async () => {
    const id = await idOf('Living area');
    const date = addDays(today, 14);
    const scheduled = await addRate(id, date, 3400, 25);
    expect(scheduled.data).toMatchObject({
      current: { unitPriceCents: 3200 },
      next: { effectiveFrom: date, unitPriceCents: 3400 },
    });
    const replaced = await addRate(id, date, 3500, 30);
    expect(replaced.code).toBe(Code.OK);
    expect(replaced.data.rates.map((r) => [r.effectiveFrom, r.unitPriceCents, r.inHomeMinutes])).toEqual([
      [date, 3500, 30],
      [DEMO_PRICES_SINCE, 3200, 25],
    ]);
    expect((await lastAudit()).summary).toContain('Replaced the scheduled rate');
    const further = await addRate(id, addDays(today, 60), 3600, 30);
    expect(further.data.rates).toHaveLength(3);
    expect(further.data.next!.effectiveFrom).toBe(date);
  });

  it('names who entered each rate in the history (nobody for seeded rates)', async () => {
    const id = await idOf('Dining room');
    const scheduled = await addRate(id, addDays(today, 10), 1900, 15);
    const [mine, seeded] = scheduled.data.rates;
    const [adminUser] = await t.db.select().from(sysUsers).where(eq(sysUsers.uname, 'admin'));
    expect(mine).toMatchObject({ status: 'scheduled', createdBy: adminUser!.id, createdByName: adminUser!.name });
    expect(seeded).toMatchObject({ status: 'current', createdBy: null, createdByName: null });
    await t.call('/servicePrice/removeRate', { token: admin, body: { id, rateId: mine!.id } });
  });

  it('cancels a scheduled change, but never a rate in force nor the only rate', async () => {
    const kitchen = await detail(await idOf('Kitchen'));
    const [scheduled, current] = kitchen.rates;
    const cancelCurrent = await t.call('/servicePrice/removeRate', {
      token: admin,
      body: { id: kitchen.id, rateId: current!.id },
    });
    expect(cancelCurrent.code).toBe(Code.REFUSED);
    const cancel = await t.call<PriceItemDetail>('/servicePrice/removeRate', {
      token: admin,
      body: { id: kitchen.id, rateId: scheduled!.id },
    });
    expect(cancel.data).toMatchObject({ next: null, current: { unitPriceCents: 5500 } });
    expect(cancel.data.rates).toHaveLength(1);

    const future = await t.call<PriceItemDetail>('/servicePrice/add', {
      token: admin,
      body: {
        kind: 'fee',
        nameEn: 'Holiday fee',
        nameZh: '节假日附加费',
        inHomeMinutes: 0,
        unitPriceCents: 2500,
        effectiveFrom: addDays(today, 20),
      },
    });
    const only = await t.call('/servicePrice/removeRate', {
      token: admin,
      body: { id: future.data.id, rateId: future.data.rates[0]!.id },
    });
    expect(only.code).toBe(Code.REFUSED);
    const otherItem = await t.call('/servicePrice/removeRate', {
      token: admin,
      body: { id: future.data.id, rateId: current!.id },
    });
    expect(otherItem.code).toBe(Code.NOT_FOUND);
  });
});

describe('modifying and removing entries', () => {
  it('changes the fields that are not dated with the version it read', async () => {
    const item = await detail(await idOf('Laundry (per load)'));
    const body = {
      id: item.id,
      version: item.version,
      kind: 'addon',
      nameEn: 'Laundry (per load)',
      nameZh: '洗衣（每桶）',
      taxable: true,
      active: true,
      sortOrder: 95,
    };
    const ok = await t.call<PriceItemDetail>('/servicePrice/modify', { token: admin, body });
    expect(ok.data).toMatchObject({ taxable: true, sortOrder: 95, version: item.version + 1, current: item.current });
    expect((await lastAudit()).changes).toEqual({
      taxable: { from: false, to: true },
      sortOrder: { from: item.sortOrder, to: 95 },
    });
    expect((await t.call('/servicePrice/modify', { token: admin, body })).code).toBe(Code.CONFLICT);
    const clash = await t.call('/servicePrice/modify', {
      token: admin,
      body: { ...body, version: item.version + 1, nameEn: 'Inside oven' },
    });
    expect(clash.code).toBe(Code.CONFLICT);
  });

  it('removes an entry softly: gone from lists and prices, its rates kept', async () => {
    const item = await detail(await idOf('Dining room'));
    expect((await t.call('/servicePrice/remove', { token: admin, body: { id: item.id, version: item.version } })).code).toBe(
      Code.OK,
    );
    expect((await t.call('/servicePrice/detail', { token: admin, body: { id: item.id } })).code).toBe(Code.NOT_FOUND);
    expect((await priceOn(today)).some((p) => p.id === item.id)).toBe(false);
    expect(await t.db.select().from(priceItemRates).where(eq(priceItemRates.priceItemId, item.id))).toHaveLength(1);
    expect(
      (
        await t.call('/servicePrice/addRate', {
          token: admin,
          body: { id: item.id, effectiveFrom: today, inHomeMinutes: 1, unitPriceCents: 1 },
        })
      ).code,
    ).toBe(Code.NOT_FOUND);
  });
});
