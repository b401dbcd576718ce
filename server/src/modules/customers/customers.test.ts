import { Code, type CustomerListItem } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { teams } from '../employees/employees.tables';
import { zones, zoneZips } from '../system/settings.tables';
import { locationBody } from './customers.fixtures';
import { customers } from './customers.tables';
import { searchTokens, termsOf, wordsOf } from './search-terms';

let t: TestApp;
let office: string;
let zoneId: number;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
  const [zone] = await t.db.insert(zones).values({ name: 'Test Zone', code: 'TZ', color: '#abcdef' }).returning({ id: zones.id });
  await t.db.insert(zoneZips).values({ zoneId: zone!.id, zip: '99501', kind: 'primary' });
  zoneId = zone!.id;
  teamId = (await t.db.select({ id: teams.id }).from(teams).limit(1))[0]!.id;
});
afterAll(() => t.close());

const addCustomer = async (body: Record<string, unknown>) => {
  const result = await t.call<{ id: number; version: number; locationId: number | null }>('/customer/add', {
    token: office,
    body,
  });
  expect(result.code).toBe(Code.OK);
  return result.data;
};
const list = async (body: Record<string, unknown>) => {
  const result = await t.call<{ list: CustomerListItem[]; total: number }>('/customer/queryList', {
    token: office,
    body: { pageSize: 100, ...body },
  });
  expect(result.code).toBe(Code.OK);
  return result.data;
};

describe('customer search terms', () => {
  it('indexes words, Chinese given names, phones by their endings, e-mail and addresses', () => {
    expect(wordsOf("Mary-Kate O'Brien")).toEqual(expect.arrayContaining(['mary-kate', 'marykate', "o'brien", 'obrien']));
    expect(wordsOf('陈美玲')).toEqual(['陈美玲', '美玲', '玲']);
    expect(wordsOf('12 Laurel Street')).toEqual(expect.arrayContaining(['12', 'laurel', 'street', 'st']));
    const terms = termsOf({
      name: 'Wei Chen',
      company: '',
      email: 'Wei.Chen@Example.com',
      phones: ['+1 (650) 555-0142'],
      places: [{ address1: '12 Laurel St', city: 'San Carlos', zip: '94070' }],
    });
    expect(terms).toEqual(
      expect.arrayContaining([
        'wei',
        'chen',
        'wei.chen@example.com',
        '6505550142',
        '5550142',
        '0142',
        'laurel',
        'san',
        'carlos',
        '94070',
      ]),
    );
  });

  it('reads a typed phone as one word, other text as words', () => {
    expect(searchTokens('(650) 555-0142')).toEqual(['6505550142']);
    expect(searchTokens('  Chen  laurel, ')).toEqual(['chen', 'laurel']);
    expect(searchTokens('')).toEqual([]);
  });
});

describe('customer list', () => {
  it('finds a customer by any word of the name, a Chinese given name, phone, e-mail, address, city and zip', async () => {
    const { id } = await addCustomer({
      name: '欧阳美玲',
      company: 'Quillfeather Studio',
      phone1: '(650) 555-6123',
      email: 'meiling.ouyang@example.org',
      location: locationBody({ address1: '310 Zinfandel Way', city: 'Menlo Park', zip: '99501' }),
    });
    for (const keyword of [
      '欧阳',
      '美玲',
      'quillfeather stud',
      '650-555-6123',
      '5556123',
      '6123',
      'meiling.ouyang@',
      'zinfandel',
      '310 zinfandel',
      '99501',
    ]) {
      const found = await list({ keyword });
      expect(
        found.list.map((c) => c.id),
        keyword,
      ).toContain(id);
    }
    expect((await list({ keyword: 'zinfandel nowhere' })).total).toBe(0);
    // LIKE wildcards in the search are plain characters.
    expect((await list({ keyword: 'q_illfeather' })).total).toBe(0);
  });

  it('answers the primary address, zone and team of each row, and filters by them', async () => {
    const { id } = await addCustomer({
      name: 'Filter Person',
      phone1: '(650) 555-6200',
      status: 'active',
      serviceTeamId: teamId,
      source: 'yelp',
      location: locationBody({ address1: '1 Filter Rd', zip: '99501' }),
    });
    const found = await list({ zoneId, status: 'active', serviceTeamId: teamId, source: 'yelp' });
    expect(found.list.map((c) => c.id)).toEqual([id]);
    expect(found.list[0]).toMatchObject({
      address1: '1 Filter Rd',
      zip: '99501',
      zone: { id: zoneId, name: 'Test Zone', color: '#abcdef' },
      serviceTeam: { id: teamId },
    });
    expect((await list({ zoneId, status: 'inactive' })).total).toBe(0);
  });

  it('pages with a total and a stable order, sorted by a whitelisted field', async () => {
    const first = await list({ pageNum: 1, pageSize: 25, sort: { field: 'name', order: 'ascend' } });
    const second = await list({ pageNum: 2, pageSize: 25, sort: { field: 'name', order: 'ascend' } });
    expect(first.total).toBeGreaterThanOrEqual(300);
    expect(first.list).toHaveLength(25);
    expect(new Set([...first.list, ...second.list].map((c) => c.id)).size).toBe(50);
    const names = first.list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const ignored = await list({ pageSize: 5, sort: { field: 'card_vendor_token', order: 'ascend' } });
    expect(ignored.list).toHaveLength(5);
  });
});

describe('customer records', () => {
  it('adds, edits with the version it read (stale: 10009), changes status, and answers the detail with counts', async () => {
    const { id, version, locationId } = await addCustomer({
      name: 'Ana Lopez',
      phone1: '(408) 555-6300',
      location: locationBody(),
    });
    expect(locationId).toBeGreaterThan(0);
    const body = { id, version, name: 'Ana María López', phone1: '(408) 555-6300', email: 'ana@example.com' };
    const edited = await t.call<{ version: number }>('/customer/modify', { token: office, body });
    expect(edited.data.version).toBe(version + 1);
    const stale = await t.call('/customer/modify', { token: office, body: { ...body, name: 'Lost update' } });
    expect(stale.code).toBe(Code.CONFLICT);
    const status = await t.call('/customer/updateStatus', {
      token: office,
      body: { id, version: version + 1, status: 'active' },
    });
    expect(status.code).toBe(Code.OK);
    const detail = await t.call<{
      name: string;
      status: string;
      counts: Record<string, number>;
      payments: { totalReceivedCents: number };
    }>('/customer/detail', { token: office, body: { id } });
    expect(detail.data).toMatchObject({
      name: 'Ana María López',
      status: 'active',
      counts: { locations: 1, documents: 0, payments: 0, refunds: 0, connectRecords: 0, quotes: 0 },
      payments: { totalReceivedCents: 0 },
    });
    // The new name is searchable at once.
    expect((await list({ keyword: 'maría' })).list.map((c) => c.id)).toContain(id);
  });

  it('removes a customer without payments (soft), refuses one with payments', async () => {
    const { id, version } = await addCustomer({ name: 'Removable', phone1: '(408) 555-6400' });
    await t.call('/customerPayment/add', {
      token: office,
      body: { customerId: id, paidOn: '2026-11-01', amountCents: 5000, method: 'cash' },
    });
    const refused = await t.call('/customer/remove', { token: office, body: { id, version } });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toContain('Set the customer inactive instead');

    const other = await addCustomer({ name: 'Gone Soon', phone1: '(408) 555-6401' });
    expect((await t.call('/customer/remove', { token: office, body: { id: other.id, version: other.version } })).code).toBe(
      Code.OK,
    );
    expect((await t.call('/customer/detail', { token: office, body: { id: other.id } })).code).toBe(Code.NOT_FOUND);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, other.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await list({ keyword: 'gone soon' })).total).toBe(0);
  });

  it('refuses an unknown service team with a message', async () => {
    const result = await t.call('/customer/add', {
      token: office,
      body: { name: 'X', phone1: '(408) 555-6500', serviceTeamId: 99_999 },
    });
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toBe('Team 99999 does not exist.');
  });

  it('reads and saves preferences with their version', async () => {
    const { id } = await addCustomer({ name: 'Prefers Text', phone1: '(408) 555-6600' });
    const read = await t.call<{ version: number; noticeMethod: string | null }>('/customer/preferences', {
      token: office,
      body: { customerId: id },
    });
    expect(read.data).toMatchObject({ version: 1, noticeMethod: null });
    const body = {
      customerId: id,
      version: 1,
      noticeMethod: 'text',
      scheduledMethod: 'email',
      invoiceType: 'fax',
      paymentMethod: 'check',
      healthConcern: 'Allergic to bleach',
      preferredTeamId: teamId,
      preferredStartTime: '08:30',
      frequency: 'every_four_weeks',
      noteDirections: 'Water the orchid',
      travelDirections: 'Park on Elm',
    };
    const saved = await t.call<Record<string, unknown>>('/customer/savePreferences', { token: office, body });
    expect(saved.data).toMatchObject({ ...body, version: 2, preferredTeam: { id: teamId } });
    expect((await t.call('/customer/savePreferences', { token: office, body })).code).toBe(Code.CONFLICT);
  });

  it('gives the option lists any logged-in user needs', async () => {
    // Any signed-in office user (a cleaner's session reaches the field calls only).
    const sales = await t.loginAs('sales');
    const result = await t.call<{ teams: unknown[]; employees: { name: string }[]; zones: unknown[]; channels: string[] }>(
      '/customer/options',
      { token: sales },
    );
    expect(result.code).toBe(Code.OK);
    expect(result.data.teams.length).toBeGreaterThan(0);
    expect(result.data.employees.map((e) => e.name)).toContain('Linda Chen');
    expect(result.data.channels.length).toBeGreaterThan(0);
  });
});
