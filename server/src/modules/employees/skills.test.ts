import { Code, type ListResponse, type Skill } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { employeeSkills } from './employees.tables';
import { skillOf, userIdOf } from './test-support';

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const skills = async (token = office, body: object = {}) =>
  (await t.call<ListResponse<Skill>>('/sysSkill/queryList', { token, body })).data;

describe('skill list', () => {
  it('is an option list any logged-in user reads, in its order, with how many employees have each', async () => {
    const { list } = await skills(await t.loginAs('sales'));
    expect(list.map((s) => s.nameEn)).toEqual([
      'Deep cleaning',
      'Move-out cleaning',
      'Carpet cleaning',
      'Window cleaning',
      'Pet friendly',
      'Eco products',
      'Chinese speaking',
      'Spanish speaking',
    ]);
    expect(list.find((s) => s.nameEn === 'Spanish speaking')).toMatchObject({ nameZh: '会说西班牙语', employeeCount: 10 });
    expect((await skills(office, { keyword: '中文' })).list.map((s) => s.nameEn)).toEqual(['Chinese speaking']);
  });

  it('adds and renames skills; names are unique ignoring case (10009)', async () => {
    const added = await t.call<{ id: number; version: number }>('/sysSkill/add', {
      token: office,
      body: { nameEn: 'Organizing', nameZh: '整理收纳', sortOrder: 90 },
    });
    expect(added.code).toBe(Code.OK);
    const dup = await t.call('/sysSkill/add', { token: office, body: { nameEn: 'carpet CLEANING', nameZh: '别的' } });
    expect(dup).toMatchObject({ code: Code.CONFLICT, message: 'A skill named "carpet CLEANING" already exists.' });
    const renamed = await t.call('/sysSkill/modify', {
      token: office,
      body: { id: added.data.id, version: added.data.version, nameEn: 'Home organizing' },
    });
    expect(renamed.code).toBe(Code.OK);
    expect((await skills()).list.at(-1)).toMatchObject({ nameEn: 'Home organizing', version: 2 });
  });

  it('an inactive skill is not given anew; a removed skill leaves every employee', async () => {
    const carpet = await skillOf(t, 'Carpet cleaning');
    const off = await t.call('/sysSkill/modify', {
      token: office,
      body: { id: carpet.id, version: carpet.version, active: false },
    });
    expect(off.code).toBe(Code.OK);
    const grace = await userIdOf(t, 'grace.huang');
    const give = await t.call('/sysUser/setUserSkill', { token: office, body: { id: grace, skillIds: [carpet.id] } });
    expect(give.code).toBe(Code.REFUSED);
    // Rosa already has it: saving her set again keeps it.
    const rosa = await userIdOf(t, 'rosa.martinez');
    const held = (await t.db.select().from(employeeSkills).where(eq(employeeSkills.userId, rosa))).map((r) => r.skillId);
    expect((await t.call('/sysUser/setUserSkill', { token: office, body: { id: rosa, skillIds: held } })).code).toBe(Code.OK);

    const current = await skillOf(t, 'Carpet cleaning');
    expect((await t.call('/sysSkill/remove', { token: office, body: { id: current.id, version: current.version } })).code).toBe(
      Code.OK,
    );
    expect(await t.db.select().from(employeeSkills).where(eq(employeeSkills.skillId, carpet.id))).toEqual([]);
    expect((await skills()).list.map((s) => s.nameEn)).not.toContain('Carpet cleaning');
    const readd = await t.call('/sysSkill/add', { token: office, body: { nameEn: 'Carpet cleaning', nameZh: '地毯清洁' } });
    expect(readd.code).toBe(Code.OK);
  });
});
