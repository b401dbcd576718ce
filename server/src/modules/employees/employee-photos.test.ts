import { Code, type EmployeeDetail } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { demoAvatarPng } from './demo-avatar';
import { employeePhotos } from './employees.tables';
import { pngDataUrl, userIdOf } from './test-support';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const getPhoto = (id: number, token: string | null, headers: Record<string, string> = {}, v?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/_/sysUser/photo?id=${id}${v ? `&v=${v}` : ''}`,
    headers: { ...(token ? { authorization: token } : {}), ...headers },
  });

describe('photos', () => {
  it('stores an uploaded image in the database and serves it to any logged-in user with caching headers', async () => {
    const id = await userIdOf(t, 'ana.lopez');
    const upload = await t.call<{ photoTag: string }>('/sysUser/uploadPhoto', {
      token: admin,
      body: { id, dataUrl: pngDataUrl([10, 120, 60]) },
    });
    expect(upload.code).toBe(Code.OK);
    const tag = upload.data.photoTag;
    const detail = await t.call<EmployeeDetail>('/sysUser/detail', { token: admin, body: { id } });
    expect(detail.data).toMatchObject({ hasPhoto: true, photoTag: tag });

    // Any back-office user (a cleaner's session reaches the field app's calls only).
    const sales = await t.loginAs('sales');
    const response = await getPhoto(id, sales);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(demoAvatarPng([10, 120, 60], 16))).toBe(true);
    expect(response.headers.etag).toBe(`"${tag}"`);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const cached = await getPhoto(id, sales, { 'if-none-match': `"${tag}"` });
    expect(cached.statusCode).toBe(304);
    const immutable = await getPhoto(id, sales, {}, tag);
    expect(immutable.headers['cache-control']).toContain('immutable');
    expect((await getPhoto(id, null)).json().code).toBe(Code.NOT_LOGGED_IN);
  });

  it('refuses bytes that are not the declared type, and a data URL of another type', async () => {
    const id = await userIdOf(t, 'grace.huang');
    const fake = `data:image/jpeg;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
    const result = await t.call('/sysUser/uploadPhoto', { token: admin, body: { id, dataUrl: fake } });
    expect(result).toMatchObject({ code: Code.INVALID_INPUT, message: expect.stringContaining('image/jpeg') });
    const gif = await t.call('/sysUser/uploadPhoto', { token: admin, body: { id, dataUrl: 'data:image/gif;base64,R0lGODlh' } });
    expect(gif.message).toContain('JPEG, PNG or WebP');
    expect(await t.db.select().from(employeePhotos).where(eq(employeePhotos.userId, id))).toEqual([]);
  });

  it('accepts up to 2 MB and refuses more', async () => {
    const id = await userIdOf(t, 'grace.huang');
    const big = Buffer.alloc(2 * 1024 * 1024);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
    const ok = await t.call('/sysUser/uploadPhoto', {
      token: admin,
      body: { id, dataUrl: `data:image/jpeg;base64,${big.toString('base64')}` },
    });
    expect(ok.code).toBe(Code.OK);
    const tooBig = Buffer.concat([big, Buffer.alloc(3)]);
    const refused = await t.call('/sysUser/uploadPhoto', {
      token: admin,
      body: { id, dataUrl: `data:image/jpeg;base64,${tooBig.toString('base64')}` },
    });
    expect(refused).toMatchObject({ code: Code.INVALID_INPUT, message: 'photo must be at most 2 MB' });
  });

  it('removes a photo; the photo URL then answers 10004', async () => {
    const id = await userIdOf(t, 'mei.lin');
    expect((await getPhoto(id, admin)).statusCode).toBe(200);
    expect((await t.call('/sysUser/removePhoto', { token: admin, body: { id } })).code).toBe(Code.OK);
    expect((await getPhoto(id, admin)).json().code).toBe(Code.NOT_FOUND);
  });
});
