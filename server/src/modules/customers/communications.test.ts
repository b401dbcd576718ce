import { Code, type ConnectRecord, todayIn } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { businessProfile } from '../system/system.tables';
import { userIdOf } from './customers.fixtures';

let t: TestApp;
let sales: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  sales = await t.loginAs('sales');
  customerId = (
    await t.call<{ id: number }>('/customer/add', { token: sales, body: { name: 'Tran Thi Hoa', phone1: '(408) 555-9400' } })
  ).data.id;
});
afterAll(() => t.close());

const entry = (overrides: Record<string, unknown> = {}) => ({
  customerId,
  purpose: 'follow_up',
  type: 'call',
  contactDate: '2026-11-20',
  subject: 'Asked how the first clean went',
  ...overrides,
});
const list = async (body: Record<string, unknown>) =>
  (
    await t.call<{ list: ConnectRecord[]; total: number }>('/connectRecord/queryList', {
      token: sales,
      body: { pageSize: 100, ...body },
    })
  ).data;

describe('communications log', () => {
  it('flags follow-ups due today in the business time zone, not the server clock', async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are never on the same date.
    await t.db.update(businessProfile).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(businessProfile.id, 1));
    const today = todayIn('Pacific/Kiritimati');
    const behind = todayIn('Pacific/Pago_Pago');
    const due = await t.call<{ id: number }>('/connectRecord/add', { token: sales, body: entry({ followUpDate: today }) });
    const late = await t.call<{ id: number }>('/connectRecord/add', { token: sales, body: entry({ followUpDate: behind }) });
    const done = await t.call<{ id: number }>('/connectRecord/add', {
      token: sales,
      body: entry({ followUpDate: today, status: 'done' }),
    });
    const rows = (await list({ customerId })).list;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(due.data.id)).toMatchObject({ followUpDueToday: true, followUpOverdue: false });
    expect(byId.get(late.data.id)).toMatchObject({ followUpDueToday: false, followUpOverdue: true });
    expect(byId.get(done.data.id)).toMatchObject({ followUpDueToday: false, followUpOverdue: false });
    expect((await list({ customerId, followUpDue: true })).list.map((r) => r.id).sort()).toEqual(
      [due.data.id, late.data.id].sort(),
    );
    await t.db.update(businessProfile).set({ timeZone: 'America/Los_Angeles' }).where(eq(businessProfile.id, 1));
  });

  it('lists across customers with filters, edits with the version, removes', async () => {
    const kevin = await userIdOf(t, 'sales');
    const added = await t.call<{ id: number; version: number }>('/connectRecord/add', {
      token: sales,
      body: entry({
        type: 'visit',
        purpose: 'complaint',
        subject: 'Streaks on the windows',
        loggedForId: kevin,
        contactDate: '2026-10-02',
      }),
    });
    const found = await list({
      type: 'visit',
      purpose: 'complaint',
      loggedForId: kevin,
      contactFrom: '2026-10-01',
      contactTo: '2026-10-03',
    });
    expect(found.list.map((r) => r.id)).toContain(added.data.id);
    expect(found.list.find((r) => r.id === added.data.id)).toMatchObject({
      customer: { id: customerId, name: 'Tran Thi Hoa' },
      loggedFor: { id: kevin, name: 'Kevin Wu' },
      createdBy: 'Kevin Wu',
    });
    expect((await list({ keyword: 'streaks' })).list.map((r) => r.id)).toEqual([added.data.id]);
    expect((await list({ keyword: 'tran thi' })).list.map((r) => r.id)).toContain(added.data.id);
    const everyone = await list({});
    expect(everyone.total).toBeGreaterThan(300);

    const body = {
      ...entry({ type: 'visit', purpose: 'complaint', subject: 'Streaks fixed on re-clean' }),
      id: added.data.id,
      version: 1,
      status: 'done',
    };
    expect((await t.call('/connectRecord/modify', { token: sales, body })).code).toBe(Code.OK);
    expect((await t.call('/connectRecord/modify', { token: sales, body })).code).toBe(Code.CONFLICT);
    expect((await t.call('/connectRecord/remove', { token: sales, body: { id: added.data.id, version: 2 } })).code).toBe(Code.OK);
    expect((await t.call('/connectRecord/detail', { token: sales, body: { id: added.data.id } })).code).toBe(Code.NOT_FOUND);
  });

  it('refuses logging for someone who is not an active employee', async () => {
    const result = await t.call('/connectRecord/add', { token: sales, body: entry({ loggedForId: 99_999 }) });
    expect(result.code).toBe(Code.REFUSED);
  });
});
