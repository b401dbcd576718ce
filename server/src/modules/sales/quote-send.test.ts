import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, type Code as CodeType, type MailInbox, type MailParams } from '@tidyhouse/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { type MailCatcher, runningMailCatcher, startMailCatcher } from '../../platform/mail-catcher';
import { customerWith, quoteBody } from '../customers/customers.fixtures';
import { connectRecords } from '../customers/customers.tables';
import { mailParameters } from '../system/settings.tables';
import { quoteHistory } from './sales.tables';

let t: TestApp;
let sales: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  sales = await t.loginAs('sales');
  admin = await t.loginAs('super_admin');
});
afterAll(async () => {
  await runningMailCatcher()?.close();
  await t.close();
});

const addQuote = async (overrides: Record<string, unknown>) => {
  const saved = await t.call<{ id: number; reference: string }>('/quote/add', {
    token: sales,
    body: await quoteBody(t, overrides),
  });
  expect(saved.code, saved.message).toBe(Code.OK);
  return saved.data;
};

/** The text of a PDF as poppler's pdftotext reads it. */
function pdfText(content: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quote-pdf-')), 'quote.pdf');
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('quote PDF', () => {
  it('answers the quote in the customer language, with the business address and the quote disclaimers', async () => {
    const quote = await addQuote({ customerName: '王小梅', language: 'zh' });
    const result = await t.call('/quote/pdf', { method: 'GET', token: sales, body: { id: quote.id } });
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toContain('application/pdf');
    expect(String(result.headers['content-disposition'])).toContain(encodeURIComponent(`报价单 ${quote.reference}.pdf`));
    const text = pdfText(result.data as Buffer);
    expect(text).toContain(`报价单 ${quote.reference}`);
    expect(text).toContain('王小梅');
    expect(text).toContain('首次上门');
    expect(text).toContain('1250 Bayshore Highway');
    expect(text).toContain('免责声明');
    // Internal figures stay inside the office.
    expect(text).not.toContain('最大折扣');

    const english = await addQuote({ customerName: 'Grace Huang', language: 'en' });
    const enText = pdfText(
      (await t.call('/quote/pdf', { method: 'GET', token: sales, body: { id: english.id } })).data as Buffer,
    );
    expect(enText).toContain(`Quote ${english.reference}`);
    expect(enText).toContain('First visit');
  });

  it('answers 10004 for an unknown quote', async () => {
    const result = await t.call('/quote/pdf', { method: 'GET', token: sales, body: { id: 999_999 } });
    expect(result.code).toBe(Code.NOT_FOUND);
  });
});

describe('sending a quote by e-mail', () => {
  let catcher: MailCatcher;

  it('refuses with a message while no SMTP server is set up and no catcher runs, recording nothing', async () => {
    await runningMailCatcher()?.close();
    const quote = await addQuote({});
    const before = await t.fingerprint();
    const result = await t.call('/quote/send', { token: sales, body: { id: quote.id, to: 'grace@example.com' }, locale: 'en' });
    expect(result).toMatchObject({
      code: Code.REFUSED,
      message: 'E-mail is not set up: enter the SMTP server in Location Parameters.',
    });
    expect(await t.fingerprint()).toBe(before);
  });

  it('sends the PDF through SMTP and records it in the quote history and the customer communication log', async () => {
    catcher = await startMailCatcher(0);
    const customer = await customerWith(t, `status = 'active'`);
    const quote = await addQuote({ customerId: customer.id, language: 'zh', customerName: customer.name });
    const sent = await t.call<{ to: string; connectRecordId: number | null }>('/quote/send', {
      token: sales,
      body: { id: quote.id, to: 'customer@example.com', note: '周二上午可以上门。' },
    });
    expect(sent.code, sent.message).toBe(Code.OK);

    const inbox = await t.call<MailInbox>('/sysParam/mailInbox', { token: admin });
    const mail = inbox.data.list.find((m) => m.subject.includes(quote.reference));
    expect(mail).toMatchObject({ to: ['customer@example.com'], subject: expect.stringContaining('报价单') });
    expect(mail!.attachments).toEqual([{ fileName: `报价单 ${quote.reference}.pdf`, contentType: 'application/pdf' }]);

    const [record] = await t.db.select().from(connectRecords).where(eq(connectRecords.id, sent.data.connectRecordId!));
    expect(record).toMatchObject({ customerId: customer.id, type: 'email', purpose: 'quote', status: 'done' });
    expect(record!.subject).toContain(quote.reference);
    const history = await t.db
      .select()
      .from(quoteHistory)
      .where(and(eq(quoteHistory.quoteId, quote.id), eq(quoteHistory.action, 'sent')));
    expect(history).toHaveLength(1);
  });

  it('uses the configured server: a refused connection is a 10010 naming the reason, and nothing is recorded', async () => {
    const [row] = await t.db.select().from(mailParameters);
    const saved = await t.call<MailParams>('/sysParam/mailParamsModify', {
      token: admin,
      body: { version: row!.version, host: '127.0.0.1', port: 1, username: 'office', password: 'smtp-secret-42' },
    });
    expect(saved.code, saved.message).toBe(Code.OK);
    // The password is stored encrypted and answered only masked.
    expect(saved.data).toMatchObject({ hasPassword: true, passwordMasked: expect.not.stringContaining('smtp-secret') });
    const [stored] = await t.db.select().from(mailParameters);
    expect(stored!.passwordEncrypted).not.toContain('smtp-secret-42');

    const quote = await addQuote({});
    const before = await t.fingerprint();
    const result = await t.call('/quote/send', { token: sales, body: { id: quote.id, to: 'grace@example.com' }, locale: 'en' });
    expect(result.code as CodeType).toBe(Code.REFUSED);
    expect(result.message).toMatch(/^The e-mail could not be sent: /);
    expect(await t.fingerprint()).toBe(before);
    expect(catcher.inbox().some((m) => m.subject.includes(quote.reference))).toBe(false);
  });
});
