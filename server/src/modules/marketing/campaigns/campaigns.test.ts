import { addDays, type Campaign, type CampaignStatsRow, Code, type QuoteSaveResponse } from '@tidyhouse/contract';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { quoteBody } from '../../customers/customers.fixtures';
import { businessToday } from '../../customers/lookups';
import { quotes } from '../../sales/sales.tables';
import { modifyBody, newJob } from '../../service/jobs/jobs.fixtures';
import { auditLog } from '../../system/system.tables';
import { CAMPAIGN } from './campaigns.endpoints';

let t: TestApp;
let admin: string;
let office: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.sessionAs('super_admin');
  office = await t.sessionAs('office_manager');
  today = await businessToday(t.db);
});
afterAll(() => t.close());

let serial = 0;
/** A campaign running around today, added by the office manager (pending). */
async function addCampaign(values: Record<string, unknown> = {}) {
  serial += 1;
  const result = await t.call<Campaign>('/campaign/add', {
    token: office,
    body: {
      ...CAMPAIGN,
      sourceName: `Campaign ${serial}`,
      couponCode: `CODE-${serial}`,
      startDate: addDays(today, -10),
      endDate: addDays(today, 10),
      ...values,
    },
  });
  expect(result.code).toBe(Code.OK);
  return result.data;
}
const decide = (token: string, c: Campaign, decision: 'approved' | 'failed', reason = '') =>
  t.call<Campaign>('/campaign/audit', { token, body: { id: c.id, version: c.version, decision, reason } });
async function approved(values: Record<string, unknown> = {}) {
  const result = await decide(admin, await addCampaign(values), 'approved');
  expect(result.code).toBe(Code.OK);
  return result.data;
}
const issueOf = (result: { data: unknown }) => (result.data as { issues: { field: string; message: string }[] }).issues[0];

describe('demo campaigns', () => {
  it('come in every audit state, and the demo quotes link to them', async () => {
    const all = (await t.call<{ list: Campaign[] }>('/campaign/queryList', { token: admin, body: { pageSize: 100 } })).data.list;
    expect(new Set(all.map((c) => c.auditStatus))).toEqual(new Set(['pending', 'approved', 'failed']));
    const stats = (
      await t.call<CampaignStatsRow[]>('/campaign/stats', {
        token: admin,
        body: { dateFrom: addDays(today, -365), dateTo: today },
      })
    ).data;
    expect(stats.find((r) => r.sourceName === 'Spring mailer 2026')?.leads).toBeGreaterThan(0);
  });
});

describe('campaign approval', () => {
  it('is pending when added or changed, and only someone else with the key may approve or fail it', async () => {
    const added = await addCampaign();
    expect(added).toMatchObject({ auditStatus: 'pending', version: 1 });

    const own = await decide(office, added, 'approved');
    expect(own.code).toBe(Code.REFUSED);
    expect((await t.call<Campaign>('/campaign/detail', { token: admin, body: { id: added.id } })).data.auditStatus).toBe(
      'pending',
    );

    const ok = await decide(admin, added, 'approved');
    expect(ok.data).toMatchObject({ auditStatus: 'approved', version: 2, auditedByName: expect.any(String) });
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ module: 'campaigns', action: 'approve', recordId: added.id });
    expect((await decide(admin, ok.data, 'failed', 'late')).code).toBe(Code.REFUSED);

    // An edit, even by the approver, sends it back to pending; now the approver is its last editor.
    const edited = await t.call<Campaign>('/campaign/modify', {
      token: admin,
      body: { ...CAMPAIGN, ...pickEditable(ok.data), costCents: 75_000, id: ok.data.id, version: ok.data.version },
    });
    expect(edited.data).toMatchObject({ auditStatus: 'pending', costCents: 75_000, auditedByName: null });
    expect((await decide(admin, edited.data, 'approved')).code).toBe(Code.REFUSED);

    const noReason = await decide(office, edited.data, 'failed');
    expect(noReason.code).toBe(Code.INVALID_INPUT);
    expect(issueOf(noReason)?.field).toBe('reason');
    const failed = await decide(office, edited.data, 'failed', 'Cost over budget');
    expect(failed.data).toMatchObject({ auditStatus: 'failed', auditReason: 'Cost over budget' });
  });

  it('keeps coupon codes unique without regard to case, naming the field', async () => {
    await addCampaign({ couponCode: 'Spring-Clean' });
    const again = await t.call('/campaign/add', {
      token: office,
      body: { ...CAMPAIGN, sourceName: 'Copy', couponCode: 'SPRING-clean' },
    });
    expect(again.code).toBe(Code.INVALID_INPUT);
    expect(issueOf(again)?.field).toBe('couponCode');
    expect((await t.call('/campaign/queryList', { token: admin, body: { keyword: 'spring-clean' } })).data).toMatchObject({
      total: 1,
    });
  });
});

const pickEditable = (c: Campaign) => ({
  category: c.category,
  sourceName: c.sourceName,
  couponCode: c.couponCode,
  couponKind: c.couponKind,
  couponValue: c.couponValue,
  startDate: c.startDate,
  endDate: c.endDate,
  costCents: c.costCents,
  active: c.active,
});

describe('coupons on quotes', () => {
  const addQuote = async (overrides: Record<string, unknown>, locale: 'en' | 'zh' = 'en') =>
    t.call<QuoteSaveResponse>('/quote/add', { token: office, locale, body: await quoteBody(t, overrides) });
  const quoteRow = async (id: number) => (await t.db.select().from(quotes).where(eq(quotes.id, id)))[0]!;

  it('applies an approved, active coupon within its dates, valued by the campaign, and links the quote', async () => {
    const campaign = await approved({ couponValue: 1000 });
    const saved = await addQuote({ couponCode: campaign.couponCode.toLowerCase(), couponDiscountCents: 1 });
    expect(saved.code).toBe(Code.OK);
    const row = await quoteRow(saved.data.id);
    expect(row.campaignId).toBe(campaign.id);
    // 10 % of the price, rounded down; the client's figure is ignored.
    expect(row.couponDiscountCents).toBe(Math.floor(row.breakdown.basePriceCents / 10));
  });

  it('refuses a pending, failed, inactive, not yet started or ended campaign, saying why in both languages', async () => {
    const pending = await addCampaign();
    const failed = (await decide(admin, await addCampaign(), 'failed', 'no')).data;
    const inactive = await approved({ active: false });
    const future = await approved({ startDate: addDays(today, 1), endDate: addDays(today, 30) });
    const past = await approved({ startDate: addDays(today, -30), endDate: addDays(today, -1) });
    const cases: [string, string][] = [
      [pending.couponCode, 'not approved'],
      [failed.couponCode, 'not approved'],
      [inactive.couponCode, 'not active'],
      [future.couponCode, 'has not started'],
      [past.couponCode, 'ended before'],
      ['NO-SUCH-CODE', 'no campaign has this coupon code'],
    ];
    const before = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from quotes`))[0]!.n;
    for (const [couponCode, reason] of cases) {
      const result = await addQuote({ couponCode });
      expect(result.code).toBe(Code.INVALID_INPUT);
      expect(issueOf(result)).toMatchObject({ field: 'couponCode', message: expect.stringContaining(reason) });
    }
    const zh = await addQuote({ couponCode: pending.couponCode }, 'zh');
    expect(issueOf(zh)?.message).toContain('尚未审核通过');
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from quotes`))[0]!.n).toBe(before);
    const check = await t.call('/campaign/checkCoupon', {
      token: office,
      body: { couponCode: inactive.couponCode, serviceDate: today, basePriceCents: 10_000 },
    });
    expect(issueOf(check)?.message).toContain('not active');
  });

  it('caps the coupon at what the maximum discount leaves after the manual discount', async () => {
    const campaign = await approved({ couponValue: 9000 });
    const saved = await addQuote({ couponCode: campaign.couponCode, discountCents: 500 });
    expect(saved.code).toBe(Code.OK);
    const row = await quoteRow(saved.data.id);
    expect(row.couponDiscountCents + row.discountCents).toBe(row.breakdown.maxDiscountCents);
    expect(row.breakdown.discountExceedsMax).toBe(false);
  });

  it('links a quote without a coupon to the campaign its channel names', async () => {
    const campaign = await approved({ couponCode: '' });
    const saved = await addQuote({ channel: campaign.sourceName.toUpperCase() });
    expect((await quoteRow(saved.data.id)).campaignId).toBe(campaign.id);
  });
});

describe('coupons on jobs', () => {
  it('accepts a coupon valid on the service date and refuses one that is not, naming the field', async () => {
    const job = await newJob(t, { serviceDate: addDays(today, 5) });
    const campaign = await approved({ endDate: addDays(today, 6) });
    const ok = await t.call('/job/modify', {
      token: admin,
      body: await modifyBody(t, job.id, { couponCode: campaign.couponCode, couponCents: 1500 }),
    });
    expect(ok.code).toBe(Code.OK);
    // Moved past the campaign's end: refused on couponCode, nothing changed.
    const moved = await t.call('/job/modify', {
      token: admin,
      body: await modifyBody(t, job.id, { serviceDate: addDays(today, 8) }),
    });
    expect(moved.code).toBe(Code.INVALID_INPUT);
    expect(issueOf(moved)).toMatchObject({ field: 'couponCode', message: expect.stringContaining('ended before') });
  });
});

describe('campaign results', () => {
  it('count leads and sold quotes in the range, the revenue of the sold customers, and export them', async () => {
    const campaign = await approved({ couponCode: '', costCents: 10_000 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await t.call<QuoteSaveResponse>('/quote/add', {
            token: office,
            body: await quoteBody(t, { channel: campaign.sourceName, phone1: `(650) 555-01${10 + i}` }),
          })
        ).data.id,
      );
    // One quote sold to a customer who has completed or closed jobs.
    const [customer] = await queryRows<{ customer_id: number; revenue: number }>(
      t.db,
      sql`select customer_id, sum(subtotal_cents)::int as revenue from jobs where status in ('completed', 'closed')
          group by customer_id order by customer_id limit 1`,
    );
    await t.db.update(quotes).set({ status: 'sold', customerId: customer!.customer_id }).where(eq(quotes.id, ids[0]!));

    const stats = async (body: object) => (await t.call<CampaignStatsRow[]>('/campaign/stats', { token: office, body })).data;
    const row = (await stats({ dateFrom: today, dateTo: today })).find((r) => r.campaignId === campaign.id);
    expect(row).toMatchObject({
      leads: 3,
      sold: 1,
      conversionBps: 3333,
      revenueCents: Number(customer!.revenue),
      costPerSoldCents: 10_000,
      returnBps: Math.round(((Number(customer!.revenue) - 10_000) * 10_000) / 10_000),
    });
    const before = (await stats({ dateFrom: addDays(today, -5), dateTo: addDays(today, -1) })).find(
      (r) => r.campaignId === campaign.id,
    );
    expect(before).toMatchObject({ leads: 0, sold: 0, conversionBps: null, revenueCents: 0, costPerSoldCents: null });

    const byLeads = await stats({ dateFrom: today, dateTo: today, sort: { field: 'leads', order: 'descend' } });
    expect(byLeads.map((r) => r.leads)).toEqual([...byLeads.map((r) => r.leads)].sort((a, b) => b - a));

    const file = await t.call<Buffer>('/campaign/statsExport', {
      method: 'GET',
      token: office,
      locale: 'zh',
      query: { dateFrom: today, dateTo: today, sortField: 'leads', sortOrder: 'descend' },
    });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('来源名称');
    const exported = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === campaign.sourceName);
    expect(exported?.getCell(4).value).toBe(3);
    expect(exported?.getCell(5).value).toBe(1);
  });
});
