import {
  AGING_BUCKETS,
  type AgingResponse,
  type AgingRow,
  addDays,
  agingBucket,
  Code,
  type CustomerListItem,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { issueInvoice, newCustomer } from './balances.test-support';

// Issue 19 item 4: the aging view by customer, its export, and the customer list's amount owed.
let t: TestApp;
let office: string;
let today: string;
let owes: number;
let credit: number;
let current: number;
const DAYS_PAST_DUE = [0, -5, 1, 30, 31, 60, 61, 90, 91, 200];
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  today = await businessToday(t.db);
  owes = await newCustomer(t, office, 'Quillon Agingtest');
  for (const [i, days] of DAYS_PAST_DUE.entries()) await issueInvoice(t, owes, 1_000 * (i + 1), addDays(today, -days));
  credit = await newCustomer(t, office, 'Quillon Creditcase');
  const paid = await t.call('/customerPayment/add', {
    token: office,
    body: { customerId: credit, amountCents: 2_500, method: 'cash', paidOn: today },
  });
  expect(paid.code).toBe(Code.OK);
  current = await newCustomer(t, office, 'Quillon Notyetdue');
  await issueInvoice(t, current, 700, addDays(today, 10));
});
afterAll(() => t.close());

const aging = (body: Record<string, unknown>) =>
  t.call<AgingResponse>('/billing/aging', { token: office, body: { pageNum: 1, pageSize: 100, ...body } });
const key = (bucket: string) => `${bucket}Cents` as keyof AgingRow;

describe('/billing/aging', () => {
  it("puts each open amount in its bucket by days past due, as the contract's agingBucket does", async () => {
    const result = await aging({ keyword: 'agingtest' });
    expect(result.code).toBe(Code.OK);
    expect(result.data.list.map((r) => r.customerId)).toEqual([owes]);
    const expected = Object.fromEntries(AGING_BUCKETS.map((b) => [key(b), 0]));
    for (const [i, days] of DAYS_PAST_DUE.entries())
      (expected[key(agingBucket(addDays(today, -days), today))] as number) += 1_000 * (i + 1);
    const row = result.data.list[0]!;
    expect(row).toMatchObject(expected);
    // 0 and −5 days: current 1,000 + 2,000; 1 and 30: 7,000; 31 and 60: 11,000; 61 and 90: 15,000; 91 and 200: 19,000.
    expect([row.currentCents, row.days1to30Cents, row.days31to60Cents, row.days61to90Cents, row.over90Cents]).toEqual([
      3_000, 7_000, 11_000, 15_000, 19_000,
    ]);
    expect(row).toMatchObject({ openCents: 55_000, creditCents: 0, balanceCents: 55_000, oldestDueOn: addDays(today, -200) });
    expect(result.data.asOf).toBe(today);
    // Filtered totals are those of the filtered set.
    expect(result.data.totals).toMatchObject({ over90Cents: 19_000, openCents: 55_000, balanceCents: 55_000 });
  });

  it('totals cover every customer, not the page, and equal the sum of all rows', async () => {
    const all: AgingRow[] = [];
    let totals: AgingResponse['totals'] | undefined;
    for (let page = 1; ; page++) {
      const result = await aging({ pageNum: page, pageSize: 100 });
      all.push(...result.data.list);
      totals = result.data.totals;
      if (all.length >= result.data.total || result.data.list.length === 0) break;
    }
    const small = await aging({ pageSize: 1 });
    expect(small.data.list).toHaveLength(1);
    expect(small.data.totals).toEqual(totals);
    for (const field of ['currentCents', 'days1to30Cents', 'over90Cents', 'openCents', 'creditCents', 'balanceCents'] as const)
      expect(totals![field]).toBe(all.reduce((s, r) => s + r[field], 0));
    expect(all.find((r) => r.customerId === credit)).toMatchObject({ openCents: 0, creditCents: 2_500, balanceCents: -2_500 });
  });

  it('past due only, without a search, totals exactly its rows (buckets from the maintained dates)', async () => {
    const all: AgingRow[] = [];
    let result = await aging({ pastDueOnly: true, pageSize: 100 });
    for (let page = 2; all.push(...result.data.list) < result.data.total; page++)
      result = await aging({ pastDueOnly: true, pageNum: page, pageSize: 100 });
    expect(all.map((r) => r.customerId)).toContain(owes);
    expect(all.map((r) => r.customerId)).not.toContain(current);
    for (const field of [
      'currentCents',
      'days1to30Cents',
      'days61to90Cents',
      'over90Cents',
      'openCents',
      'balanceCents',
    ] as const)
      expect(result.data.totals[field]).toBe(all.reduce((s, r) => s + r[field], 0));
    // The default order: balance, highest first.
    expect(all.map((r) => r.balanceCents)).toEqual(all.map((r) => r.balanceCents).sort((x, y) => y - x));
  });

  it('past due only leaves out customers with nothing past due', async () => {
    const ids = (await aging({ keyword: 'quillon', pastDueOnly: true })).data.list.map((r) => r.customerId);
    expect(ids).toEqual([owes]);
    const every = (await aging({ keyword: 'quillon' })).data.list.map((r) => r.customerId).sort();
    expect(every).toEqual([owes, credit, current].sort());
  });

  it("exports the report to XLSX in the caller's language with a totals row", async () => {
    const file = await t.app.inject({
      method: 'GET',
      url: '/_/billing/agingExport?keyword=quillon&pastDueOnly=false',
      headers: { authorization: office, 'accept-language': 'zh' },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('账龄');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('90 天以上');
    const rows = sheet.getSheetValues().filter((r) => Array.isArray(r)) as unknown[][];
    const line = rows.find((r) => r[1] === 'Quillon Agingtest')!;
    expect(line[1 + header.indexOf('90 天以上')]).toBe(190);
    expect(line[1 + header.indexOf('预付余额')]).toBe(0);
    const last = rows[rows.length - 1]!;
    expect(last[1]).toBe('合计');
    expect(last[1 + header.indexOf('欠款余额')]).toBe(550 + 7 - 25);
  });
});

describe('customer list: amount owed', () => {
  const list = (body: Record<string, unknown>) =>
    t.call<{ list: CustomerListItem[] }>('/customer/queryList', {
      token: office,
      body: { pageNum: 1, pageSize: 50, keyword: 'quillon', ...body },
    });

  it('shows the balance of each row and filters owes / has credit / any', async () => {
    const any = await list({ balance: 'any' });
    expect(Object.fromEntries(any.data.list.map((r) => [r.id, r.balanceCents]))).toEqual({
      [owes]: 55_000,
      [credit]: -2_500,
      [current]: 700,
    });
    expect((await list({ balance: 'owes' })).data.list.map((r) => r.id).sort()).toEqual([owes, current].sort());
    expect((await list({ balance: 'credit' })).data.list.map((r) => r.id)).toEqual([credit]);
    // Without a search too (the credit filter gathers its customers from the balance index): every
    // customer in credit, by name, counted exactly.
    const inCredit = await t.call<{ list: CustomerListItem[]; total: number }>('/customer/queryList', {
      token: office,
      body: { pageNum: 1, pageSize: 100, balance: 'credit' },
    });
    expect(inCredit.data.list.map((r) => r.id)).toContain(credit);
    expect(inCredit.data.list.every((r) => (r.balanceCents ?? 0) < 0)).toBe(true);
    expect(inCredit.data.total).toBe(inCredit.data.list.length);
    const names = inCredit.data.list.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const sorted = await list({ sort: { field: 'balanceCents', order: 'descend' } });
    expect(sorted.data.list.map((r) => r.id)).toEqual([owes, current, credit]);
  });

  it('lists a customer with no billing yet at a zero balance, between owing and credit, in both sort orders', async () => {
    const fresh = await newCustomer(t, office, 'Quillon Nobilling');
    const byBalance = async (order: string, body: Record<string, unknown> = {}) =>
      (await list({ sort: { field: 'balanceCents', order }, ...body })).data.list.map((r) => [r.id, r.balanceCents]);
    expect(await byBalance('descend')).toEqual([
      [owes, 55_000],
      [current, 700],
      [fresh, 0],
      [credit, -2_500],
    ]);
    expect(await byBalance('ascend')).toEqual([
      [credit, -2_500],
      [fresh, 0],
      [current, 700],
      [owes, 55_000],
    ]);
    // No search: the sort walks the balance index, sound because every customer has a row (migration 0033).
    const [missing] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from customers c where not exists (select 1 from customer_balances b where b.customer_id = c.id)`,
    );
    expect(missing!.n).toBe(0);
    const page = await byBalance('ascend', { keyword: '', pageSize: 100 });
    expect(page.map(([, cents]) => cents)).toEqual(page.map(([, cents]) => cents).sort((x, y) => x! - y!));
  });
});
