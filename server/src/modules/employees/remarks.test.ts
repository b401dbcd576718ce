import { Code, type ListResponse, type Remark } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { hashPassword } from '../../platform/passwords';
import { rolePermissions, roles } from '../system/system.tables';
import { sysUsers } from './employees.tables';
import { remarksOf, today, userIdOf } from './test-support';

let t: TestApp;
let office: string;
let clerk: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
  // A role that edits employees but holds no employee:remark:manage.
  const [role] = await t.db.insert(roles).values({ code: 'hr_clerk', nameEn: 'HR Clerk', nameZh: '人事文员' }).returning();
  await t.db.insert(rolePermissions).values([
    { roleId: role!.id, key: '/employee/employeelist' },
    { roleId: role!.id, key: '/employee/employeelist/update' },
  ]);
  await t.db
    .insert(sysUsers)
    .values({ uname: 'clerk', name: 'Nora Patel', passwordHash: await hashPassword(TEST_PASSWORD), roleId: role!.id });
  clerk = await t.login('clerk');
});
afterAll(() => t.close());

const remarks = async (token: string, uname: string) =>
  (await t.call<ListResponse<Remark>>('/sysUserRemark/queryList', { token, body: { userId: await userIdOf(t, uname) } })).data;

describe('remarks', () => {
  it('lists dated notes with their author, latest first', async () => {
    const { list, total } = await remarks(office, 'rosa.martinez');
    expect(total).toBe(2);
    expect(list[0]!.remarkDate > list[1]!.remarkDate).toBe(true);
    expect(list[0]).toMatchObject({ authorName: 'Linda Chen', canEdit: true });
  });

  it('adds a note authored by the caller, dated today unless told', async () => {
    const userId = await userIdOf(t, 'ana.lopez');
    const added = await t.call<{ id: number }>('/sysUserRemark/add', {
      token: clerk,
      body: { userId, content: 'Asked for Saturdays off in December.' },
    });
    expect(added.code).toBe(Code.OK);
    const detail = await t.call<Remark>('/sysUserRemark/detail', { token: clerk, body: { id: added.data.id } });
    expect(detail.data).toMatchObject({ authorName: 'Nora Patel', remarkDate: today(), canEdit: true });
    const dated = await t.call<{ id: number }>('/sysUserRemark/add', {
      token: office,
      body: { userId, content: 'Perfect attendance award.', remarkDate: '2026-06-30' },
    });
    expect((await t.call<Remark>('/sysUserRemark/detail', { token: office, body: { id: dated.data.id } })).data.remarkDate).toBe(
      '2026-06-30',
    );
  });

  it('lets only the author, or a holder of employee:remark:manage, change or delete a note', async () => {
    const theirs = (await remarksOf(t, 'rosa.martinez'))[0]!;
    const asClerk = await remarks(clerk, 'rosa.martinez');
    expect(asClerk.list.every((r) => !r.canEdit)).toBe(true);
    const refused = await t.call('/sysUserRemark/modify', {
      token: clerk,
      body: { id: theirs.id, version: theirs.version, content: 'Changed by someone else' },
    });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toMatch(/author/);
    expect((await t.call('/sysUserRemark/remove', { token: clerk, body: { id: theirs.id, version: theirs.version } })).code).toBe(
      Code.REFUSED,
    );

    const own = await t.call<{ id: number; version: number }>('/sysUserRemark/add', {
      token: clerk,
      body: { userId: await userIdOf(t, 'rosa.martinez'), content: 'Typo here' },
    });
    const fixed = await t.call<{ version: number }>('/sysUserRemark/modify', {
      token: clerk,
      body: { id: own.data.id, version: own.data.version, content: 'No typo here' },
    });
    expect(fixed.code).toBe(Code.OK);
    const stale = await t.call('/sysUserRemark/modify', {
      token: clerk,
      body: { id: own.data.id, version: own.data.version, content: 'Again' },
    });
    expect(stale.code).toBe(Code.CONFLICT);
    // The office manager holds employee:remark:manage and may delete the clerk's note.
    const removed = await t.call('/sysUserRemark/remove', {
      token: office,
      body: { id: own.data.id, version: fixed.data.version },
    });
    expect(removed.code).toBe(Code.OK);
    expect((await t.call('/sysUserRemark/detail', { token: office, body: { id: own.data.id } })).code).toBe(Code.NOT_FOUND);
  });
});
