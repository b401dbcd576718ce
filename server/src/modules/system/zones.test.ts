import { Code, type ListResponse, type Zone, type ZoneLookupResult, type ZoneOption } from '@tidyhouse/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { zones } from './settings.tables';
import { auditLog } from './system.tables';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const lookup = async (zip: string, token = admin) =>
  (await t.call<ZoneLookupResult>('/zone/lookup', { token, body: { zip } })).data;
const list = async (body: object = {}) => (await t.call<ListResponse<Zone>>('/zone/queryList', { token: admin, body })).data;
const zoneByCode = async (code: string) => (await list({ code })).list.find((z) => z.code === code)!;
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const DALY = { name: 'Daly City', color: '#2f54eb', code: 'DLY', primaryZips: ['94014', '94015'], secondaryZips: ['94044'] };

describe('zone list', () => {
  it('lists the demo zones with their ZIP lists', async () => {
    const all = await list({ pageSize: 100 });
    expect(all.total).toBe(8);
    expect(await zoneByCode('PAL')).toMatchObject({
      name: 'Palo Alto / Menlo Park',
      primaryZips: ['94025', '94301', '94303', '94304', '94306'],
      secondaryZips: ['94027', '94028'],
      exceptionZips: ['94305'],
      active: true,
    });
  });

  it('filters by name, code, state and a ZIP in any list (fewer digits: its start)', async () => {
    expect((await list({ name: 'san' })).list.map((z) => z.code).sort()).toEqual(['RWC', 'SJW', 'SMT']);
    expect((await list({ zip: '94027' })).list.map((z) => z.code).sort()).toEqual(['PAL', 'RWC']);
    expect((await list({ zip: '94305-2004' })).list.map((z) => z.code)).toEqual(['PAL']);
    expect((await list({ zip: '950' })).list.map((z) => z.code).sort()).toEqual(['SJW', 'SVL']);
    expect((await list({ active: false })).list.map((z) => z.code)).toEqual(['HMB']);
  });
});

describe('ZIP lookup', () => {
  it.each([
    ['94010', 'BUR', 'primary'],
    ['94010-2201', 'BUR', 'primary'],
    ['94066', 'BUR', 'secondary'],
    // Primary in Redwood City wins over secondary in San Mateo.
    ['94002', 'RWC', 'primary'],
    // Secondary in two zones: the older zone.
    ['94027', 'RWC', 'secondary'],
  ])('resolves %s to %s (%s)', async (zip, code, match) => {
    const result = await lookup(zip);
    expect(result).toMatchObject({ zip: zip.slice(0, 5), match, zone: { code } });
    expect(result!.zone.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each([
    ['94305', 'an exception of Palo Alto'],
    ['94128', 'an exception of Burlingame'],
    ['94019', 'in an inactive zone'],
    ['10001', 'in no zone'],
  ])('answers null for %s (%s)', async (zip) => {
    expect(await lookup(zip)).toBeNull();
  });

  it('serves every logged-in role, with the active zones as options', async () => {
    // Any signed-in office user (a cleaner's session reaches the field calls only).
    const sales = await t.loginAs('sales');
    expect((await lookup('94401', sales))!.zone.code).toBe('SMT');
    const options = await t.call<ZoneOption[]>('/zone/options', { token: sales });
    expect(options.data.map((o) => o.code)).not.toContain('HMB');
    expect(options.data).toHaveLength(7);
  });
});

describe('one active zone per primary ZIP', () => {
  it('refuses to add an active zone with a ZIP already primary elsewhere, naming the other zone', async () => {
    const result = await t.call('/zone/add', { token: admin, body: { ...DALY, primaryZips: ['94014', '94010'] }, locale: 'en' });
    expect(result).toMatchObject({
      code: Code.CONFLICT,
      message: 'ZIP code 94010 is already primary in the active zone "Burlingame / Millbrae" (BUR).',
    });
    expect((await list({ code: 'DLY' })).total).toBe(0);
    const zh = await t.call('/zone/add', { token: admin, body: { ...DALY, primaryZips: ['94401', '94402'] }, locale: 'zh' });
    expect(zh.message).toBe('邮编 94401, 94402 已是启用区域“San Mateo”（SMT）的主要邮编。');
  });

  it('accepts the same ZIP as secondary or exception elsewhere, and in an inactive zone', async () => {
    const added = await t.call<Zone>('/zone/add', {
      token: admin,
      body: { ...DALY, secondaryZips: ['94044', '94030'], exceptionZips: ['94010'] },
    });
    expect(added.code).toBe(Code.OK);
    expect(added.data).toMatchObject({ code: 'DLY', primaryZips: ['94014', '94015'], secondaryZips: ['94030', '94044'] });
    expect(await lastAudit()).toMatchObject({ module: 'zones', action: 'add', changes: { code: { from: null, to: 'DLY' } } });

    const inactive = await t.call<Zone>('/zone/add', {
      token: admin,
      body: { name: 'Burlingame Hills', code: 'BHL', color: '#a0d911', active: false, primaryZips: ['94010'] },
    });
    expect(inactive.code).toBe(Code.OK);
    // Activating it would make 94010 primary twice.
    const activate = await t.call('/zone/updateState', {
      token: admin,
      body: { id: inactive.data.id, active: true },
      locale: 'en',
    });
    expect(activate.code).toBe(Code.CONFLICT);
    expect(activate.message).toContain('"Burlingame / Millbrae" (BUR)');
    expect((await t.call('/zone/modify', { token: admin, body: { ...inactive.data, active: true } })).code).toBe(Code.CONFLICT);

    // Once Burlingame / Millbrae is inactive, the other zone may take the ZIP.
    const bur = await zoneByCode('BUR');
    await t.call('/zone/updateState', { token: admin, body: { id: bur.id, active: false } });
    expect((await t.call('/zone/updateState', { token: admin, body: { id: inactive.data.id, active: true } })).code).toBe(
      Code.OK,
    );
    expect((await lookup('94010'))!.zone.code).toBe('BHL');
    const back = await t.call('/zone/updateState', { token: admin, body: { id: bur.id, active: true } });
    expect(back.code).toBe(Code.CONFLICT);
    await t.call('/zone/updateState', { token: admin, body: { id: inactive.data.id, active: false } });
    expect((await t.call('/zone/updateState', { token: admin, body: { id: bur.id, active: true } })).code).toBe(Code.OK);
  });

  it('refuses a modify that makes a ZIP primary twice, and changes nothing', async () => {
    const smt = await zoneByCode('SMT');
    const result = await t.call('/zone/modify', {
      token: admin,
      body: { ...smt, primaryZips: [...smt.primaryZips, '94061'], secondaryZips: [] },
      locale: 'en',
    });
    expect(result.code).toBe(Code.CONFLICT);
    expect(result.message).toContain('94061');
    expect(result.message).toContain('"Belmont / San Carlos / Redwood City" (RWC)');
    expect(await zoneByCode('SMT')).toEqual(smt);
  });

  it('lets only one of two concurrent saves of the same primary ZIP pass', async () => {
    const body = (code: string) => ({ name: `Pacifica ${code}`, code, color: '#597ef7', primaryZips: ['94044'] });
    // 94044 is secondary in Daly City only: both saves would be valid alone.
    const results = await Promise.all([
      t.call('/zone/add', { token: admin, body: body('PAC1') }),
      t.call('/zone/add', { token: admin, body: body('PAC2') }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([Code.OK, Code.CONFLICT]);
    const owners = (await list({ zip: '94044' })).list.filter((z) => z.primaryZips.includes('94044') && z.active);
    expect(owners).toHaveLength(1);
  });
});

describe('zone records', () => {
  it('keeps codes and names unique among zones not removed', async () => {
    const dupCode = await t.call('/zone/add', {
      token: admin,
      body: { name: 'Another', code: 'smt', color: '#000000' },
      locale: 'en',
    });
    expect(dupCode).toMatchObject({ code: Code.CONFLICT, message: 'Another zone already has the code SMT.' });
    const dupName = await t.call('/zone/add', { token: admin, body: { name: 'san mateo', code: 'SM2', color: '#000000' } });
    expect(dupName.code).toBe(Code.CONFLICT);
  });

  it('modifies with the version it read and logs the changed lists', async () => {
    const mtv = await zoneByCode('MTV');
    const result = await t.call<Zone>('/zone/modify', {
      token: admin,
      body: { ...mtv, color: '#08979C', secondaryZips: ['94039-0001'] },
    });
    expect(result.data).toMatchObject({ color: '#08979c', secondaryZips: ['94039'], version: mtv.version + 1 });
    expect((await lastAudit()).changes).toEqual({
      color: { from: '#13c2c2', to: '#08979c' },
      secondaryZips: { from: [], to: ['94039'] },
    });
    expect((await t.call('/zone/modify', { token: admin, body: mtv })).code).toBe(Code.CONFLICT);
  });

  it('refuses a ZIP in two lists of one zone with 10001 naming the list', async () => {
    const result = await t.call('/zone/add', {
      token: admin,
      body: { name: 'Brisbane', code: 'BRS', color: '#000000', primaryZips: ['94005'], exceptionZips: ['94005-1234'] },
      locale: 'en',
    });
    expect(result).toMatchObject({
      code: Code.INVALID_INPUT,
      message: 'Exception ZIPs, item 1 is already in another list of this zone',
    });
  });

  it('removes a zone softly: lookups ignore it, its code is free again', async () => {
    const sjw = await zoneByCode('SJW');
    expect((await t.call('/zone/remove', { token: admin, body: { id: sjw.id, version: sjw.version } })).code).toBe(Code.OK);
    expect(await lookup('95008')).toBeNull();
    expect((await t.call('/zone/detail', { token: admin, body: { id: sjw.id } })).code).toBe(Code.NOT_FOUND);
    expect((await t.db.select().from(zones).where(eq(zones.id, sjw.id)))[0]!.deletedAt).toBeInstanceOf(Date);
    const again = await t.call<Zone>('/zone/add', {
      token: admin,
      body: { name: 'West San Jose', code: 'SJW', color: '#faad14', primaryZips: ['95008'] },
    });
    expect(again.code).toBe(Code.OK);
    expect((await lookup('95008'))!.zone.id).toBe(again.data.id);
  });
});
