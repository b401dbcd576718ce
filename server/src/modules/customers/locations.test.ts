import { Code, type KeyListItem, type Location } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../platform/database';
import { auditLog } from '../system/system.tables';
import { locationBody, userIdOf } from './customers.fixtures';
import { customerKeyEvents, customerLocations, customers } from './customers.tables';

let t: TestApp;
let office: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
  const added = await t.call<{ id: number }>('/customer/add', {
    token: office,
    body: {
      name: 'Harold Finch',
      phone1: '(650) 555-9100',
      location: locationBody({ name: 'Main house', keyCode: '4821', alarmCode: '90210', gateCode: '#7731' }),
    },
  });
  customerId = added.data.id;
});
afterAll(() => t.close());

const locations = async () =>
  (await t.call<{ list: Location[] }>('/customerLocation/queryList', { token: office, body: { customerId } })).data.list;

describe('locations', () => {
  it('stores key, alarm and gate codes encrypted and answers them masked', async () => {
    const [location] = await locations();
    // Short codes show no digit at all (platform maskSecret).
    expect(location).toMatchObject({
      name: 'Main house',
      keyCode: '••••',
      alarmCode: '••••10',
      gateCode: '••••31',
      isPrimary: true,
    });
    const [row] = await t.db.select().from(customerLocations).where(eq(customerLocations.id, location!.id));
    for (const stored of [row!.keyCodeEncrypted, row!.alarmCodeEncrypted, row!.gateCodeEncrypted]) expect(stored).toMatch(/^v1:/);
    const [plain] = await queryRows<{ n: number | string }>(
      t.db,
      sql`select count(*) as n from customer_locations t where t::text like '%90210%' or t::text like '%4821%'`,
    );
    expect(Number(plain!.n)).toBe(0);
  });

  it('keeps a code when the save sends null, clears it with an empty string, replaces it with text', async () => {
    const [location] = await locations();
    const saved = await t.call<{ version: number }>('/customerLocation/modify', {
      token: office,
      body: {
        id: location!.id,
        version: location!.version,
        ...locationBody({ name: 'Main house', keyCode: null, alarmCode: '', gateCode: '#1200' }),
      },
    });
    expect(saved.code).toBe(Code.OK);
    const [after] = await locations();
    expect(after).toMatchObject({ keyCode: '••••', alarmCode: '', gateCode: '••••00' });
    const [row] = await t.db.select().from(customerLocations).where(eq(customerLocations.id, location!.id));
    expect(row!.alarmCodeEncrypted).toBeNull();
    const key = await t.call<{ value: string }>('/customerKey/reveal', {
      token: office,
      body: { locationId: location!.id, field: 'key' },
    });
    expect(key.data.value).toBe('4821');
  });

  it('keeps one primary location, whose address the customer list shows', async () => {
    const added = await t.call<{ id: number }>('/customerLocation/add', {
      token: office,
      body: { customerId, ...locationBody({ name: 'Beach house', address1: '200 Bayview Dr', zip: '94404', isPrimary: true }) },
    });
    const all = await locations();
    expect(all.filter((l) => l.isPrimary).map((l) => l.id)).toEqual([added.data.id]);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer).toMatchObject({ address1: '200 Bayview Dr', zip: '94404' });

    // Removing the primary makes the remaining location primary again.
    const beach = all.find((l) => l.id === added.data.id)!;
    expect(
      (await t.call('/customerLocation/remove', { token: office, body: { id: beach.id, version: beach.version } })).code,
    ).toBe(Code.OK);
    const left = await locations();
    expect(left.map((l) => [l.name, l.isPrimary])).toEqual([['Main house', true]]);
    const [again] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(again!.address1).toBe(locationBody().address1);
  });
});

describe('customer key list', () => {
  it('checks a key out to an employee and back in, with its history; a held key blocks removing the location', async () => {
    const [location] = await locations();
    const mei = await userIdOf(t, 'mei.lin');
    const out = await t.call<{ version: number }>('/customerKey/modify', {
      token: office,
      body: { locationId: location!.id, version: location!.version, keyTag: 'K-777', keyLocation: 'with_team', holderId: mei },
    });
    expect(out.code).toBe(Code.OK);
    const listed = await t.call<{ list: KeyListItem[] }>('/customerKey/queryList', {
      token: office,
      body: { holderId: mei, keyword: 'K-777' },
    });
    expect(listed.data.list).toHaveLength(1);
    expect(listed.data.list[0]).toMatchObject({
      locationId: location!.id,
      customer: { id: customerId, name: 'Harold Finch' },
      keyTag: 'K-777',
      keyLocation: 'with_team',
      keyHolder: { id: mei, name: 'Mei Lin' },
      keyCode: '••••',
    });
    expect(listed.data.list[0]!.keyCheckedOutAt).not.toBeNull();

    const held = await t.call('/customerLocation/remove', {
      token: office,
      body: { id: location!.id, version: out.data.version },
    });
    expect(held.code).toBe(Code.REFUSED);
    expect(held.message).toContain('K-777');

    const back = await t.call('/customerKey/modify', {
      token: office,
      body: { locationId: location!.id, version: out.data.version, keyTag: 'K-777', keyLocation: 'office_safe' },
    });
    expect(back.code).toBe(Code.OK);
    const [row] = await t.db.select().from(customerLocations).where(eq(customerLocations.id, location!.id));
    expect(row).toMatchObject({ keyLocation: 'office_safe', keyHolderId: null, keyCheckedOutAt: null });
    const history = await t.call<{ action: string; holder: { name: string } | null; actor: string }[]>('/customerKey/history', {
      token: office,
      body: { locationId: location!.id },
    });
    expect(history.data.map((h) => [h.action, h.holder?.name ?? null, h.actor])).toEqual([
      ['check_in', null, 'Linda Chen'],
      ['check_out', 'Mei Lin', 'Linda Chen'],
    ]);
    expect(await t.db.select().from(customerKeyEvents).where(eq(customerKeyEvents.locationId, location!.id))).toHaveLength(2);
  });

  it('refuses a check-out to someone who is not an active employee', async () => {
    const [location] = await locations();
    const result = await t.call('/customerKey/modify', {
      token: office,
      body: { locationId: location!.id, version: location!.version, keyTag: 'K-777', keyLocation: 'with_team', holderId: 99_999 },
    });
    expect(result.code).toBe(Code.REFUSED);
  });

  it('reveals a code only with customer:keys:reveal, and logs who saw which code, never the code', async () => {
    const [location] = await locations();
    const scheduler = await t.loginAs('scheduler');
    expect(
      (await t.call('/customerKey/reveal', { token: scheduler, body: { locationId: location!.id, field: 'key' } })).code,
    ).toBe(Code.FORBIDDEN);
    const revealed = await t.call<{ value: string }>('/customerKey/reveal', {
      token: office,
      body: { locationId: location!.id, field: 'key' },
    });
    expect(revealed.data.value).toBe('4821');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'revealCode'), eq(auditLog.recordId, location!.id)))
      .orderBy(auditLog.id);
    // One entry per reveal (the earlier test revealed the same code once).
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ uname: 'office', module: 'customers', recordType: 'customerLocation' });
    expect(entries[1]!.summary).toBe(
      `Linda Chen (office) revealed the key code of location "Main house" (#${location!.id}) of customer Harold Finch`,
    );
    const [leaked] = await queryRows<{ n: number | string }>(
      t.db,
      sql`select count(*) as n from audit_log t where t::text like '%4821%'`,
    );
    expect(Number(leaked!.n)).toBe(0);

    const none = await t.call('/customerKey/reveal', { token: office, body: { locationId: location!.id, field: 'alarm' } });
    expect(none.code).toBe(Code.REFUSED);
    expect(none.message).toBe('This location has no alarm code.');
  });

  it('lists every location of every customer, filtered by where the key is', async () => {
    const safe = await t.call<{ list: KeyListItem[]; total: number }>('/customerKey/queryList', {
      token: office,
      body: { keyLocation: 'office_safe', pageSize: 100 },
    });
    expect(safe.data.total).toBeGreaterThan(10);
    for (const row of safe.data.list) expect(row.keyLocation).toBe('office_safe');
    const withoutKey = await t.call<{ list: KeyListItem[] }>('/customerKey/queryList', {
      token: office,
      body: { hasKey: false },
    });
    for (const row of withoutKey.data.list) expect(row.keyTag).toBe('');
  });
});
