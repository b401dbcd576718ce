import { Code } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationBody, quoteBody } from '../src/modules/customers/customers.fixtures';
import { roleIdOf } from '../src/modules/employees/test-support';
import { createTestApp, type TestApp } from './helper';

/** Issue 8 item 8: phones are stored one way whatever was typed, and a search by digits still finds them. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const ok = async <T>(path: string, body: unknown) => {
  const result = await t.call<T>(path, { token: admin, body });
  expect(result.code, `${path}: ${result.message}`).toBe(Code.OK);
  return result.data;
};
type Listed = { list: { id: number }[] };

describe('phone numbers', () => {
  it('stores a customer and its location phones normalized, extensions kept, and finds them by digits', async () => {
    const added = await ok<{ id: number; locationId: number }>('/customer/add', {
      name: 'Phoebe Normal',
      phone1: '6505554922',
      phone2: '+1 415 555 0190 ext. 12',
      location: locationBody({ contactPhone: '408.555.0133' }),
    });
    const detail = await ok<{ phone1: string; phone2: string }>('/customer/detail', { id: added.id });
    expect(detail).toMatchObject({ phone1: '(650) 555-4922', phone2: '(415) 555-0190 x12' });
    const location = await ok<{ contactPhone: string }>('/customerLocation/detail', { id: added.locationId });
    expect(location.contactPhone).toBe('(408) 555-0133');
    for (const keyword of ['6505554922', '(650) 555-4922', '5554922', '4155550190']) {
      const found = await ok<Listed>('/customer/queryList', { keyword });
      expect(
        found.list.map((c) => c.id),
        keyword,
      ).toContain(added.id);
    }
  });

  it('stores a quote phone normalized and finds the quote by its digits', async () => {
    const saved = await ok<{ id: number }>(
      '/quote/add',
      await quoteBody(t, { phone1: '1-650-555-7781', phone3: '6505557782x9' }),
    );
    const detail = await ok<{ phone1: string; phone3: string }>('/quote/detail', { id: saved.id });
    expect(detail).toMatchObject({ phone1: '(650) 555-7781', phone3: '(650) 555-7782 x9' });
    for (const keyword of ['6505557781', '(650) 555-7781']) {
      const found = await ok<Listed>('/quote/queryList', { keyword });
      expect(
        found.list.map((q) => q.id),
        keyword,
      ).toContain(saved.id);
    }
  });

  it('stores employee phones normalized and finds the employee by digits', async () => {
    const added = await ok<{ id: number }>('/sysUser/add', {
      uname: 'phone.normal',
      password: 'Phone-pass-123',
      verifyPassword: 'Phone-pass-123',
      name: 'Pat Normal',
      roleId: await roleIdOf(t, 'cleaner'),
      phone: '415 555 0166',
      emergencyPhone: '+14155550167',
    });
    const detail = await ok<{ phone: string; emergencyPhone: string }>('/sysUser/detail', { id: added.id });
    expect(detail).toMatchObject({ phone: '(415) 555-0166', emergencyPhone: '(415) 555-0167' });
    const found = await ok<Listed>('/sysUser/queryList', { keyword: '4155550166' });
    expect(found.list.map((u) => u.id)).toContain(added.id);
  });
});
