import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AuditDetails,
  Code,
  dammCheckDigit,
  formatGiftNumber,
  type GiftCertificate,
  type GiftCertificateDetail,
  type GiftCertificateLookup,
  isGiftCertificateNumber,
  renderAuditSummary,
} from '@tidyhouse/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../../test/clock';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { SERVICE_DATE, scheduledJob } from '../../service/jobs/jobs.fixtures';
import { auditLog } from '../../system/system.tables';
import { freshCertificate, GIFT } from './gift-certificates.endpoints';

let t: TestApp;
let office: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  customerId = (
    await t.call<{ id: number }>('/customer/add', { token: office, body: { name: 'Gift Redeemer', phone1: '(650) 555-9411' } })
  ).data.id;
});
afterAll(() => t.close());

async function ok<T>(url: string, body: unknown, locale: 'en' | 'zh' = 'en'): Promise<T> {
  const result = await t.call<T>(url, { token: office, body, locale });
  expect([result.code, result.message]).toEqual([Code.OK, 'success']);
  return result.data;
}
const detail = (id: number) => ok<GiftCertificateDetail>('/giftCertificate/detail', { id });
const pay = (number: string, amountCents: number, locale: 'en' | 'zh' = 'en') =>
  t.call<{ id: number; version: number }>('/customerPayment/add', {
    token: office,
    locale,
    body: {
      customerId,
      paidOn: '2026-11-20',
      amountCents,
      method: 'gift_certificate',
      giftCertificateNumber: formatGiftNumber(number),
    },
  });
const issueOf = (result: { data: unknown }) => (result.data as { issues: { field: string; message: string }[] }).issues[0];

describe('selling a certificate', () => {
  it('gives it an unguessable 16-digit number with a check digit, the full balance and an issue entry', async () => {
    const sold = await ok<GiftCertificate>('/giftCertificate/add', GIFT);
    const again = await ok<GiftCertificate>('/giftCertificate/add', GIFT);
    expect(sold.number).toMatch(/^\d{16}$/);
    expect(isGiftCertificateNumber(sold.number)).toBe(true);
    expect(again.number).not.toBe(sold.number);
    // One wrong digit is caught by the check digit.
    const typo = sold.number.slice(0, 5) + ((Number(sold.number[5]) + 1) % 10) + sold.number.slice(6);
    expect(isGiftCertificateNumber(typo)).toBe(false);
    expect(sold).toMatchObject({
      purchaseAmountCents: 9_000,
      certificateAmountCents: 10_000,
      balanceCents: 10_000,
      status: 'active',
    });
    const history = (await detail(sold.id)).history;
    expect(history.map((e) => [e.kind, e.amountCents, e.balanceAfterCents])).toEqual([['issue', 10_000, 10_000]]);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.recordId, sold.id)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.module).toBe('giftCertificates');
    const number = formatGiftNumber(sold.number);
    const logged = { ...entry!, details: entry!.details as AuditDetails };
    expect(renderAuditSummary(logged, 'en')).toBe(
      `Sold gift certificate ${number} worth $100.00 ($90.00 by credit card) from Helen Park for Grace Liu`,
    );
    expect(renderAuditSummary(logged, 'zh')).toContain(`售出礼品券 ${number}，面值 $100.00（信用卡 $90.00）`);
  });

  it('refuses a complimentary certificate with a price, and names the missing recipient', async () => {
    const free = await t.call('/giftCertificate/add', {
      token: office,
      body: { ...GIFT, purchaseMethod: 'complimentary', purchaseAmountCents: 500 },
    });
    expect(free.code).toBe(Code.INVALID_INPUT);
    expect(issueOf(free)!.field).toBe('purchaseAmountCents');
    const noRecipient = await t.call('/giftCertificate/add', {
      token: office,
      body: { ...GIFT, recipientName: '' },
      locale: 'zh',
    });
    expect(issueOf(noRecipient)).toMatchObject({ field: 'recipientName', message: '收券人为必填项' });
  });

  it('finds certificates by number digits, by a name and by status, with the outstanding balance', async () => {
    const sold = await ok<GiftCertificate>('/giftCertificate/add', { ...GIFT, recipientName: 'Zed Quixote' });
    const byNumber = await ok<{ list: GiftCertificate[] }>('/giftCertificate/queryList', {
      keyword: formatGiftNumber(sold.number).slice(0, 9),
    });
    expect(byNumber.list.map((c) => c.id)).toContain(sold.id);
    const byName = await ok<{ list: GiftCertificate[]; balanceTotalCents: number }>('/giftCertificate/queryList', {
      keyword: 'quixote',
    });
    expect(byName.list.map((c) => c.id)).toEqual([sold.id]);
    expect(byName.balanceTotalCents).toBe(10_000);
    const voided = await ok<{ list: GiftCertificate[] }>('/giftCertificate/queryList', { keyword: 'quixote', status: 'voided' });
    expect(voided.list).toEqual([]);
  });
});

describe('editing', () => {
  it('changes the amounts only while nothing was redeemed, and says why afterwards', async () => {
    const sold = await ok<GiftCertificate>('/giftCertificate/add', GIFT);
    const raised = await ok<GiftCertificate>('/giftCertificate/update', {
      ...GIFT,
      id: sold.id,
      version: sold.version,
      certificateAmountCents: 12_000,
      message: 'Enjoy!',
    });
    expect(raised).toMatchObject({ certificateAmountCents: 12_000, balanceCents: 12_000, message: 'Enjoy!' });
    expect((await detail(sold.id)).history.map((e) => [e.kind, e.amountCents])).toEqual([
      ['issue', 10_000],
      ['adjustment', 2_000],
    ]);
    const stale = await t.call('/giftCertificate/update', {
      token: office,
      body: { ...GIFT, id: sold.id, version: sold.version },
    });
    expect(stale.code).toBe(Code.CONFLICT);

    expect((await pay(sold.number, 2_000)).code).toBe(Code.OK);
    const current = await detail(sold.id);
    const locked = await t.call('/giftCertificate/update', {
      token: office,
      body: { ...GIFT, id: sold.id, version: current.version, certificateAmountCents: 15_000 },
    });
    expect(locked.code).toBe(Code.REFUSED);
    expect(locked.message).toBe('The amounts of a gift certificate cannot change once part of it has been redeemed.');
    // The texts still can.
    await ok('/giftCertificate/update', {
      ...GIFT,
      id: sold.id,
      version: current.version,
      certificateAmountCents: 12_000,
      officeNotes: 'Called',
    });
  });
});

describe('paying with a certificate', () => {
  it('lowers the balance under a payment, and restores it when the payment is voided', async () => {
    const cert = await freshCertificate(t);
    const paid = await pay(cert.number, 6_450);
    expect(paid.code).toBe(Code.OK);
    let now = await detail(cert.id);
    expect(now.balanceCents).toBe(3_550);
    expect(now.history.at(-1)).toMatchObject({
      kind: 'redemption',
      amountCents: -6_450,
      balanceAfterCents: 3_550,
      customerPaymentId: paid.data.id,
    });
    const lookup = await ok<GiftCertificateLookup>('/giftCertificate/lookup', { number: formatGiftNumber(cert.number) });
    expect(lookup).toMatchObject({ status: 'active', balanceCents: 3_550 });

    await ok('/customerPayment/void', { id: paid.data.id, version: paid.data.version, reason: 'Wrong certificate' });
    now = await detail(cert.id);
    expect(now.balanceCents).toBe(10_000);
    expect(now.history.at(-1)).toMatchObject({
      kind: 'redemption_reversal',
      amountCents: 6_450,
      balanceAfterCents: 10_000,
      note: 'Wrong certificate',
    });
  });

  it('refuses more than the balance (naming it), an unknown number and a mistyped one, and records nothing', async () => {
    const cert = await freshCertificate(t, { certificateAmountCents: 5_000 });
    const before = await t.fingerprint();
    const over = await pay(cert.number, 5_001, 'zh');
    expect(over.code).toBe(Code.REFUSED);
    expect(over.message).toBe(`礼品券 ${formatGiftNumber(cert.number)} 余额 $50.00，不足所需的 $50.01。`);
    // A valid check digit but nobody's certificate.
    let unknown = '';
    for (let n = 400_000_000_000_000; !isGiftCertificateNumber(unknown); n++) unknown = `${n}${dammCheckDigit(String(n))}`;
    const nobody = await pay(unknown, 100);
    expect(nobody.code).toBe(Code.INVALID_INPUT);
    const typo = await pay(`${cert.number.slice(0, 15)}${(Number(cert.number[15]) + 1) % 10}`, 100);
    expect(typo.code).toBe(Code.INVALID_INPUT);
    expect(issueOf(typo)!.field).toBe('giftCertificateNumber');
    const missing = await t.call('/customerPayment/add', {
      token: office,
      body: { customerId, paidOn: '2026-11-20', amountCents: 100, method: 'gift_certificate' },
    });
    expect(issueOf(missing)).toMatchObject({ field: 'giftCertificateNumber', message: 'gift certificate number is required' });
    expect(await t.fingerprint()).toBe(before);
  });

  it('never overdraws under ten payments at once', async () => {
    const cert = await freshCertificate(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(cert.number, 1_500)));
    const accepted = results.filter((r) => r.code === Code.OK).length;
    expect(accepted).toBe(6);
    expect(results.filter((r) => r.code === Code.REFUSED)).toHaveLength(4);
    const now = await detail(cert.id);
    expect(now.balanceCents).toBe(1_000);
    const [sum] = await queryRows<{ cents: string }>(
      t.db,
      sql`select coalesce(sum(amount_cents), 0) as cents from customer_payments where gift_certificate_id = ${cert.id}`,
    );
    expect(Number(sum!.cents)).toBe(9_000);
    expect(now.history.filter((e) => e.kind === 'redemption')).toHaveLength(6);
  });

  it('takes a payment by certificate at job completion, linked to the job', async () => {
    const cert = await freshCertificate(t);
    const job = await scheduledJob(t);
    await onBusinessDay(SERVICE_DATE, () =>
      ok('/officeDay/confirmJob', {
        id: job.id,
        version: job.version,
        outcome: 'completed',
        actualMinutes: 120,
        payment: { method: 'gift_certificate', amountCents: 8_000, giftCertificateNumber: cert.number },
      }),
    );
    const now = await detail(cert.id);
    expect(now.balanceCents).toBe(2_000);
    expect(now.history.at(-1)).toMatchObject({ kind: 'redemption', jobId: job.id, jobReference: job.reference });
    const [payment] = await queryRows<{ job_id: number; method: string }>(
      t.db,
      sql`select job_id, method from customer_payments where gift_certificate_id = ${cert.id}`,
    );
    expect(payment).toEqual({ job_id: job.id, method: 'gift_certificate' });
  });
});

describe('void and cash refund', () => {
  it('voids with a reason: the balance is cancelled and the certificate can no longer pay', async () => {
    const cert = await freshCertificate(t);
    const noReason = await t.call('/giftCertificate/void', {
      token: office,
      body: { id: cert.id, version: cert.version, reason: ' ' },
    });
    expect(issueOf(noReason)).toMatchObject({ field: 'reason', message: 'reason is required' });
    const voided = await ok<GiftCertificate>('/giftCertificate/void', {
      id: cert.id,
      version: cert.version,
      reason: 'Lost in the mail',
    });
    expect(voided).toMatchObject({ status: 'voided', balanceCents: 0, voidReason: 'Lost in the mail' });
    expect((await detail(cert.id)).history.at(-1)).toMatchObject({ kind: 'void', amountCents: -10_000, balanceAfterCents: 0 });
    const payment = await pay(cert.number, 100);
    expect(payment.code).toBe(Code.REFUSED);
    expect(payment.message).toBe(`Gift certificate ${formatGiftNumber(cert.number)} is voided: it cannot be redeemed.`);
    const again = await t.call('/giftCertificate/void', {
      token: office,
      body: { id: cert.id, version: voided.version, reason: 'x' },
    });
    expect(again.code).toBe(Code.REFUSED);
  });

  it('does not give a payment back to a certificate voided since', async () => {
    const cert = await freshCertificate(t);
    const paid = await pay(cert.number, 2_500);
    const current = await detail(cert.id);
    await ok('/giftCertificate/void', { id: cert.id, version: current.version, reason: 'Fraud' });
    const undo = await t.call('/customerPayment/void', {
      token: office,
      body: { id: paid.data.id, version: paid.data.version, reason: 'Mistake' },
    });
    expect(undo.code).toBe(Code.REFUSED);
    expect((await detail(cert.id)).balanceCents).toBe(0);
  });

  it('pays out only a balance above zero and under $10 in cash (Civil Code 1749.5), and records it', async () => {
    const small = await freshCertificate(t, { balanceCents: 999 });
    const paidOut = await ok<GiftCertificate>('/giftCertificate/cashRefund', {
      id: small.id,
      version: small.version,
      note: 'Asked at the counter',
    });
    expect(paidOut).toMatchObject({ status: 'zero_balance', balanceCents: 0 });
    expect((await detail(small.id)).history.at(-1)).toMatchObject({
      kind: 'cash_refund',
      amountCents: -999,
      note: 'Asked at the counter',
    });
    const tenDollars = await freshCertificate(t, { balanceCents: 1_000 });
    const refused = await t.call('/giftCertificate/cashRefund', {
      token: office,
      body: { id: tenDollars.id, version: tenDollars.version },
    });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toContain('this certificate has $10.00');
    const empty = await t.call('/giftCertificate/cashRefund', {
      token: office,
      body: { id: small.id, version: paidOut.version },
    });
    expect(empty.code).toBe(Code.REFUSED);
  });
});

describe('the printable certificate', () => {
  it('reads back in Chinese with the number, the amount, the message and the 1749.5 terms', async () => {
    const cert = await freshCertificate(t, { message: '生日快乐，好好休息！', language: 'zh' });
    const file = await t.call<Buffer>('/giftCertificate/pdf', { token: office, method: 'GET', query: { id: String(cert.id) } });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('application/pdf');
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gift-pdf-')), 'gift.pdf');
    fs.writeFileSync(target, file.data);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', target, '-'], { encoding: 'utf8' });
    expect(text).toContain('礼品券');
    expect(text).toContain(formatGiftNumber(cert.number));
    expect(text).toContain('$100.00');
    expect(text).toContain('生日快乐');
    expect(text).toContain('永不过期');
    const english = await t.call<Buffer>('/giftCertificate/pdf', {
      token: office,
      method: 'GET',
      query: { id: String(cert.id), lang: 'en' },
    });
    fs.writeFileSync(target, english.data);
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', target, '-'], { encoding: 'utf8' })).toContain('never expires');
  });
});

describe('demo certificates', () => {
  it('come in every status, with redemptions on demo jobs and one balance the 1749.5 payout applies to', async () => {
    const all = (await ok<{ list: GiftCertificateDetail[] }>('/giftCertificate/queryList', { keyword: '', pageSize: 100 })).list;
    const recipients = ['Anna Becker', 'Lucia Gonzalez', 'Sandra Wu', 'Jenny Kim', 'Robert Chen', '陈美玲'];
    const demo = all.filter((c) => recipients.includes(c.recipientName));
    expect(demo).toHaveLength(recipients.length);
    expect(new Set(demo.map((c) => c.status))).toEqual(new Set(['active', 'zero_balance', 'voided']));
    expect(demo.some((c) => c.status === 'active' && c.balanceCents > 0 && c.balanceCents < 1000)).toBe(true);
    const partly = demo.find((c) => c.recipientName === 'Anna Becker')!;
    expect(partly.balanceCents).toBe(8_550);
    const history = (await detail(partly.id)).history;
    expect(history.at(-1)).toMatchObject({ kind: 'redemption', amountCents: -6_450 });
    expect(history.at(-1)!.jobReference).toMatch(/^J-/);
  });
});
