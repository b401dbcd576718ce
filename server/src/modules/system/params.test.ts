import {
  type BusinessProfile,
  type BusinessProfileDetail,
  Code,
  type Disclaimer,
  fieldLabelOf,
  type ListResponse,
  type PaymentParams,
  QUOTE_PARAM_LIMITS,
  type QuoteParams,
  type QuoteSettings,
  todayIn,
} from '@tidyhouse/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { createSecrets, parseSecretKey } from '../../platform/secrets';
import { paymentParameters } from './settings.tables';
import { auditLog } from './system.tables';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const secrets = createSecrets(parseSecretKey(TEST_SECRET_KEY)!);
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const storedPayment = async () => (await t.db.select().from(paymentParameters).where(eq(paymentParameters.id, 1)))[0]!;
const get = async <T>(path: string, token = admin, body: object = {}) => (await t.call<T>(path, { token, body })).data;

describe('business profile', () => {
  it('shows the header address to every logged-in user', async () => {
    // Any signed-in office user (a cleaner's session reaches the field calls only).
    const sales = await t.loginAs('sales');
    expect(await get<BusinessProfile>('/sysParam/businessProfile', sales)).toMatchObject({
      street: '1250 Bayshore Highway',
      suite: 'Suite 210',
      city: 'Burlingame',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('saves a valid profile, normalizing state and ZIP+4, and logs what changed', async () => {
    const before = await get<BusinessProfileDetail>('/sysParam/profileDetail');
    const result = await t.call<BusinessProfileDetail>('/sysParam/profileModify', {
      token: admin,
      body: { ...before, suite: 'Suite 300', state: 'ca', zip: '94010-4417', salesTaxBps: 925, version: before.version },
    });
    expect(result.data).toMatchObject({
      suite: 'Suite 300',
      state: 'CA',
      zip: '94010',
      salesTaxBps: 925,
      version: before.version + 1,
    });
    expect((await get<BusinessProfile>('/sysParam/businessProfile')).suite).toBe('Suite 300');
    expect(await lastAudit()).toMatchObject({
      module: 'parameters',
      action: 'profileModify',
      changes: { suite: { from: 'Suite 210', to: 'Suite 300' }, salesTaxBps: { from: 0, to: 925 } },
    });
    const stale = await t.call('/sysParam/profileModify', { token: admin, body: { ...before, version: before.version } });
    expect(stale.code).toBe(Code.CONFLICT);
  });

  it('names each invalid field in the caller language', async () => {
    const before = await get<BusinessProfileDetail>('/sysParam/profileDetail');
    const bad = { ...before, zip: 'ABCDE', timeZone: 'Mars/Olympus', salesTaxBps: 3000 };
    const en = await t.call<{ issues: { field: string; message: string }[] }>('/sysParam/profileModify', {
      token: admin,
      body: bad,
      locale: 'en',
    });
    expect(en.code).toBe(Code.INVALID_INPUT);
    expect(en.data.issues.map((i) => i.message)).toEqual([
      'Zip code must be a US ZIP code (12345 or 12345-6789)',
      'Time zone must be an IANA time zone, such as America/Los_Angeles',
      'Sales tax must be between 0% and 25%',
    ]);
    const zh = await t.call('/sysParam/profileModify', { token: admin, body: { ...before, zip: '' }, locale: 'zh' });
    expect(zh.message).toBe('邮编为必填项');
  });

  it('keeps business hours as wall-clock times, closing after opening', async () => {
    const before = await get<BusinessProfileDetail>('/sysParam/profileDetail');
    expect([before.openingTime, before.closingTime]).toEqual(['07:00', '19:00']);
    const backwards = await t.call<{ issues: { field: string; message: string }[] }>('/sysParam/profileModify', {
      token: admin,
      body: { ...before, openingTime: '18:00', closingTime: '08:00' },
      locale: 'en',
    });
    expect(backwards.code).toBe(Code.INVALID_INPUT);
    expect(backwards.data.issues).toEqual([{ field: 'closingTime', message: 'closing time must be after the opening time' }]);
    const saved = await t.call<BusinessProfileDetail>('/sysParam/profileModify', {
      token: admin,
      body: { ...before, openingTime: '08:30', closingTime: '18:00' },
    });
    expect(saved.data).toMatchObject({ openingTime: '08:30', closingTime: '18:00' });
    expect(await lastAudit()).toMatchObject({
      changes: { openingTime: { from: '07:00', to: '08:30' }, closingTime: { from: '19:00', to: '18:00' } },
    });
    await t.call('/sysParam/profileModify', {
      token: admin,
      body: { ...saved.data, openingTime: '07:00', closingTime: '19:00' },
    });
  });
});

describe('quote parameters', () => {
  it('starts with the demo values, in the units of their names', async () => {
    expect(await get<QuoteParams>('/sysParam/quoteParams')).toMatchObject({
      minutesPerPersonPer1000Sqft: 45,
      priceRangeVarianceBps: 1000,
      maxDiscountBps: 1500,
      defaultTeamSize: 2,
      defaultPricePerMinuteCents: 95,
      overtimeMultiplierBps: 15000,
      dailyCleanMinutesGoal: 360,
      dailyRevenueGoalCents: 300000,
      // Invoices are due on receipt until the business sets its terms.
      paymentTermsDays: 0,
    });
  });

  it('accepts each limit and refuses one beyond it', async () => {
    for (const [name, { min, max }] of Object.entries(QUOTE_PARAM_LIMITS)) {
      for (const value of [min, max]) {
        const current = await get<QuoteParams>('/sysParam/quoteParams');
        const ok = await t.call<QuoteParams>('/sysParam/quoteParamsModify', {
          token: admin,
          body: { ...current, [name]: value },
        });
        expect(ok.code, `${name} = ${value}`).toBe(Code.OK);
        expect((ok.data as Record<string, unknown>)[name]).toBe(value);
      }
      for (const value of [min - 1, max + 1]) {
        const current = await get<QuoteParams>('/sysParam/quoteParams');
        const bad = await t.call('/sysParam/quoteParamsModify', {
          token: admin,
          body: { ...current, [name]: value },
          locale: 'en',
        });
        expect(bad.code, `${name} = ${value}`).toBe(Code.INVALID_INPUT);
        expect(bad.message, `${name} = ${value}`).toMatch(new RegExp(`^${fieldLabelOf(name, 'en')} must be (between|at)`));
      }
    }
  });

  it('lets every role read the quote settings with the sales tax and today in the business time zone', async () => {
    const sales = await t.loginAs('sales');
    const settings = await get<QuoteSettings>('/sysParam/quoteSettings', sales);
    const profile = await get<BusinessProfileDetail>('/sysParam/profileDetail');
    expect(settings).toMatchObject({
      salesTaxBps: profile.salesTaxBps,
      timeZone: 'America/Los_Angeles',
      today: todayIn('America/Los_Angeles'),
    });
    expect(settings.defaultTeamSize).toBeTypeOf('number');
    expect((await t.call('/sysParam/quoteParams', { token: sales })).code).toBe(Code.FORBIDDEN);
  });
});

describe('payment vendor parameters', () => {
  it('stores the access key encrypted and answers it only masked', async () => {
    const stored = await storedPayment();
    expect(stored.apiAccessKeyEncrypted).toMatch(/^v1:/);
    expect(stored.apiAccessKeyEncrypted).not.toContain('sk_test');
    const plain = secrets.decrypt(stored.apiAccessKeyEncrypted!);
    const params = await get<PaymentParams>('/sysParam/paymentParams');
    expect(params).toMatchObject({
      accountId: 'acct_1TidyhouseDemo042',
      hasApiKey: true,
      cardTypes: ['visa', 'mastercard', 'amex', 'discover'],
    });
    expect(params.apiAccessKeyMasked).toBe(`${'•'.repeat(plain.length - 2)}${plain.slice(-2)}`);
    expect(JSON.stringify(params)).not.toContain(plain.slice(0, 8));
  });

  it('keeps the key when none or an empty one is sent, and replaces it when a new one is typed', async () => {
    const before = await get<PaymentParams>('/sysParam/paymentParams');
    const cipher = (await storedPayment()).apiAccessKeyEncrypted;
    const { apiAccessKeyMasked: _m, hasApiKey: _h, updatedAt: _u, ...form } = before;

    const kept = await t.call<PaymentParams>('/sysParam/paymentParamsModify', {
      token: admin,
      body: { ...form, cardTypes: ['amex', 'visa'] },
    });
    expect(kept.data).toMatchObject({
      cardTypes: ['visa', 'amex'],
      hasApiKey: true,
      apiAccessKeyMasked: before.apiAccessKeyMasked,
    });
    expect((await storedPayment()).apiAccessKeyEncrypted).toBe(cipher);
    const keptEntry = await lastAudit();
    expect(keptEntry.summary).not.toContain('key');
    expect(keptEntry.changes).toEqual({ cardTypes: { from: ['visa', 'mastercard', 'amex', 'discover'], to: ['visa', 'amex'] } });

    const empty = await t.call<PaymentParams>('/sysParam/paymentParamsModify', {
      token: admin,
      body: { ...form, version: kept.data.version, apiAccessKey: '   ' },
    });
    expect(empty.code).toBe(Code.OK);
    expect((await storedPayment()).apiAccessKeyEncrypted).toBe(cipher);

    const newKey = 'sk_live_51NewVendorKey7781';
    const replaced = await t.call<PaymentParams>('/sysParam/paymentParamsModify', {
      token: admin,
      body: { ...form, version: empty.data.version, apiAccessKey: newKey },
    });
    expect(replaced.data.apiAccessKeyMasked).toMatch(/^•+81$/);
    expect(JSON.stringify(replaced)).not.toContain(newKey);
    expect(secrets.decrypt((await storedPayment()).apiAccessKeyEncrypted!)).toBe(newKey);
    const entry = await lastAudit();
    expect(entry.summary).toContain('API access key replaced');
    expect(JSON.stringify(entry)).not.toContain(newKey);
    expect(JSON.stringify(entry)).not.toContain('7781');
  });

  it('checks the remit-to address and the card list', async () => {
    const current = await get<PaymentParams>('/sysParam/paymentParams');
    const bad = await t.call('/sysParam/paymentParamsModify', {
      token: admin,
      locale: 'en',
      body: { version: current.version, cardTypes: ['visa', 'jcb'], remitToState: 'Cali', remitToZip: '9401' },
    });
    expect(bad.code).toBe(Code.INVALID_INPUT);
    expect(bad.message).toContain('Card types accepted, item 2');
    expect(bad.message).toContain('Remit-to state must be a two-letter US state code');
    expect(bad.message).toContain('Remit-to ZIP code must be a US ZIP code');
  });

  it('is not for roles without the screen', async () => {
    const scheduler = await t.loginAs('scheduler');
    expect((await t.call('/sysParam/paymentParams', { token: scheduler })).code).toBe(Code.FORBIDDEN);
  });
});

describe('disclaimers', () => {
  it('has demo texts for each purpose in both languages', async () => {
    const list = await get<ListResponse<Disclaimer>>('/sysParam/disclaimerList', admin, { pageSize: 100 });
    expect(new Set(list.list.map((d) => d.purpose))).toEqual(new Set(['quote', 'invoice', 'gift_certificate']));
    for (const d of list.list) {
      expect(d.textEn.length).toBeGreaterThan(20);
      expect(d.textZh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(list.list[0]!.purpose).toBe('quote');
  });

  it('adds, modifies and removes disclaimers; names are unique within a purpose', async () => {
    const body = {
      purpose: 'invoice',
      name: 'Late payment',
      textEn: 'A 1.5% monthly late fee applies.',
      textZh: '逾期每月收取 1.5% 滞纳金。',
    };
    const added = await t.call<Disclaimer>('/sysParam/disclaimerAdd', { token: admin, body });
    expect(added.data).toMatchObject({ ...body, active: true, version: 1 });
    expect((await t.call('/sysParam/disclaimerAdd', { token: admin, body: { ...body, name: 'LATE PAYMENT' } })).code).toBe(
      Code.CONFLICT,
    );
    expect((await t.call('/sysParam/disclaimerAdd', { token: admin, body: { ...body, purpose: 'quote' } })).code).toBe(Code.OK);

    const modified = await t.call<Disclaimer>('/sysParam/disclaimerModify', {
      token: admin,
      body: { ...body, id: added.data.id, version: 1, textEn: 'A 1% monthly late fee applies.', active: false },
    });
    expect(modified.data).toMatchObject({ version: 2, active: false });
    expect((await lastAudit()).changes).toMatchObject({
      textEn: { to: 'A 1% monthly late fee applies.' },
      active: { from: true, to: false },
    });

    const options = await get<Disclaimer[]>('/sysParam/disclaimerOptions', await t.loginAs('sales'), { purpose: 'invoice' });
    expect(options.map((d) => d.name)).toEqual(['Payment terms']);

    expect((await t.call('/sysParam/disclaimerRemove', { token: admin, body: { id: added.data.id, version: 2 } })).code).toBe(
      Code.OK,
    );
    expect((await t.call('/sysParam/disclaimerDetail', { token: admin, body: { id: added.data.id } })).code).toBe(Code.NOT_FOUND);
    const invoices = await get<ListResponse<Disclaimer>>('/sysParam/disclaimerList', admin, { purpose: 'invoice' });
    expect(invoices.list.map((d) => d.name)).toEqual(['Payment terms']);
  });
});
