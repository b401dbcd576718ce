import { Code, type PaymentSummary } from '@tidyhouse/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { customerPayments } from '../billing/payments/payments.tables';
import { demoPdf } from './demo-data';

let t: TestApp;
let office: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
  customerId = (
    await t.call<{ id: number }>('/customer/add', { token: office, body: { name: 'Sofia Reyes', phone1: '(650) 555-9200' } })
  ).data.id;
});
afterAll(() => t.close());

const b64 = (content: Buffer) => content.toString('base64');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('documents', () => {
  it('uploads, lists, downloads the same bytes, renames and removes', async () => {
    const pdf = demoPdf('Move-out checklist');
    const uploaded = await t.call<{ id: number; version: number; sizeBytes: number; mimeType: string }>(
      '/customerDocument/upload',
      {
        token: office,
        body: { customerId, name: '退房清单.pdf', contentBase64: b64(pdf) },
      },
    );
    expect(uploaded.code).toBe(Code.OK);
    expect(uploaded.data).toMatchObject({ sizeBytes: pdf.length, mimeType: 'application/pdf' });

    const listed = await t.call<{ list: { id: number; name: string; sizeBytes: number; updatedAt: string }[] }>(
      '/customerDocument/queryList',
      {
        token: office,
        body: { customerId },
      },
    );
    expect(listed.data.list.map((d) => [d.name, d.sizeBytes])).toEqual([['退房清单.pdf', pdf.length]]);

    const scheduler = await t.loginAs('scheduler');
    const response = await t.app.inject({
      method: 'GET',
      url: `/_/customerDocument/download?id=${uploaded.data.id}`,
      headers: { authorization: scheduler },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('退房清单.pdf')}`,
    );
    expect(Buffer.compare(response.rawPayload, pdf)).toBe(0);

    const cleaner = await t.loginAs('cleaner');
    const denied = await t.app.inject({
      method: 'GET',
      url: `/_/customerDocument/download?id=${uploaded.data.id}`,
      headers: { authorization: cleaner },
    });
    expect(denied.json()).toMatchObject({ code: Code.FORBIDDEN });
    const anonymous = await t.app.inject({ method: 'GET', url: `/_/customerDocument/download?id=${uploaded.data.id}` });
    expect(anonymous.json()).toMatchObject({ code: Code.NOT_LOGGED_IN });

    const renamed = await t.call<{ version: number }>('/customerDocument/rename', {
      token: office,
      body: { id: uploaded.data.id, version: 1, name: 'Move-out checklist.pdf' },
    });
    expect(renamed.data.version).toBe(2);
    const wrongType = await t.call('/customerDocument/rename', {
      token: office,
      body: { id: uploaded.data.id, version: 2, name: 'checklist.txt' },
    });
    expect(wrongType.code).toBe(Code.INVALID_INPUT);
    expect(wrongType.message).toBe('Name: keep the type of the file (.pdf).');

    expect((await t.call('/customerDocument/remove', { token: office, body: { id: uploaded.data.id, version: 2 } })).code).toBe(
      Code.OK,
    );
    const gone = await t.app.inject({
      method: 'GET',
      url: `/_/customerDocument/download?id=${uploaded.data.id}`,
      headers: { authorization: office },
    });
    expect(gone.json()).toMatchObject({ code: Code.NOT_FOUND });
  });

  it('answers clear 10001 errors for the size, the type and a content that is not what the name says', async () => {
    const upload = (name: string, content: Buffer | string) =>
      t.call<{ issues: { field: string; message: string }[] }>('/customerDocument/upload', {
        token: office,
        body: { customerId, name, contentBase64: typeof content === 'string' ? content : b64(content) },
      });
    const tooBig = await upload('scan.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooBig.code).toBe(Code.INVALID_INPUT);
    expect(tooBig.data.issues).toEqual([{ field: 'contentBase64', message: 'the file is larger than 10 MB' }]);
    const exactly = await upload('scan.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 - 9)]));
    expect(exactly.code).toBe(Code.OK);

    const exe = await upload('setup.exe', Buffer.from('MZ'));
    expect(exe.data.issues).toEqual([
      { field: 'name', message: 'the file type must be PDF, JPEG, PNG, WebP, Word (.docx), Excel (.xlsx) or text (.txt)' },
    ]);
    const fake = await upload('photo.png', Buffer.from('%PDF-1.4 not a png'));
    expect(fake.code).toBe(Code.INVALID_INPUT);
    expect(fake.message).toBe('File: the content is not a valid PNG file.');
    expect(fake.data.issues[0]!.field).toBe('contentBase64');
    expect((await upload('photo.png', PNG)).code).toBe(Code.OK);
    expect((await upload('notes.txt', Buffer.from([0x61, 0x00, 0x62]))).code).toBe(Code.INVALID_INPUT);
  });

  it('answers a body over the upload limit with a 10001 naming the limit', async () => {
    const result = await t.call('/customerDocument/upload', {
      token: office,
      body: { customerId, name: 'huge.pdf', contentBase64: 'A'.repeat(25 * 1024 * 1024) },
    });
    expect(result.code).toBe(Code.INVALID_INPUT);
    expect(result.message).toBe('The request is too large (at most 24 MB).');
  });
});

const summaryOf = async () =>
  (await t.call<{ summary: PaymentSummary }>('/customerPayment/queryList', { token: office, body: { customerId } })).data.summary;

describe('payments and refunds', () => {
  it('adds payments and totals them; a void adds a reversal and keeps the payment', async () => {
    const pay = (amountCents: number, extra: Record<string, unknown> = {}) =>
      t.call<{ id: number; version: number }>('/customerPayment/add', {
        token: office,
        body: { customerId, paidOn: '2026-11-02', amountCents, method: 'cash', ...extra },
      });
    const first = await pay(20_000, { gratuityCents: 2500 });
    await pay(15_000, { method: 'check', checkNumber: '1042' });
    await pay(10_000, { method: 'credit_card', cardLast4: '4242' });
    expect(await summaryOf()).toMatchObject({
      totalReceivedCents: 45_000,
      totalGratuityCents: 2500,
      totalRefundedCents: 0,
      netReceivedCents: 45_000,
      invoicedCents: 0,
      balanceCents: -45_000,
      amountRemainingCents: 0,
      creditCents: 45_000,
      refundableCents: 45_000,
    });

    const voided = await t.call<{ reversalId: number }>('/customerPayment/void', {
      token: office,
      body: { id: first.data.id, version: 1, reason: 'Entered for the wrong customer' },
    });
    expect(voided.code).toBe(Code.OK);
    const [original] = await t.db.select().from(customerPayments).where(eq(customerPayments.id, first.data.id));
    const [reversal] = await t.db.select().from(customerPayments).where(eq(customerPayments.id, voided.data.reversalId));
    expect(original).toMatchObject({ amountCents: 20_000, reversedById: voided.data.reversalId });
    expect(reversal).toMatchObject({
      kind: 'reversal',
      amountCents: -20_000,
      gratuityCents: -2500,
      reversalOfId: first.data.id,
      note: 'Entered for the wrong customer',
    });
    expect(await summaryOf()).toMatchObject({ totalReceivedCents: 25_000, totalGratuityCents: 0 });

    const twice = await t.call('/customerPayment/void', {
      token: office,
      body: { id: first.data.id, version: 2, reason: 'again' },
    });
    expect(twice.code).toBe(Code.REFUSED);
    expect(twice.message).toBe('This payment is already voided.');
    const ofReversal = await t.call('/customerPayment/void', {
      token: office,
      body: { id: voided.data.reversalId, version: 1, reason: 'undo' },
    });
    expect(ofReversal.message).toBe('A reversal cannot be voided.');
    const sales = await t.loginAs('sales');
    expect(
      (
        await t.call('/customerPayment/add', {
          token: sales,
          body: { customerId, paidOn: '2026-11-02', amountCents: 1, method: 'cash' },
        })
      ).code,
    ).toBe(Code.FORBIDDEN);
  });

  it('bounds refunds by what was received minus what was refunded, also when marked refunded later', async () => {
    // Received now: $250.00.
    const refund = (amountCents: number, status = 'refunded') =>
      t.call<{ id: number }>('/customerRefund/add', {
        token: office,
        body: { customerId, refundedOn: '2026-11-03', amountCents, reason: 'damage', status },
      });
    expect((await refund(10_000)).code).toBe(Code.OK);
    const tooMuch = await refund(15_001);
    expect(tooMuch.code).toBe(Code.REFUSED);
    expect(tooMuch.message).toBe(
      'The refund of $150.01 is more than can be refunded: $150.00 (received $250.00 minus $100.00 already refunded).',
    );
    const pending = await refund(15_000, 'not_refunded');
    expect(pending.code).toBe(Code.OK);
    expect((await refund(15_000)).code).toBe(Code.OK);
    // The pending one no longer fits: $0 left.
    const late = await t.call('/customerRefund/changeStatus', {
      token: office,
      body: { id: pending.data.id, version: 1, status: 'refunded' },
    });
    expect(late.code).toBe(Code.REFUSED);
    const list = await t.call<{ list: { status: string; amountCents: number }[]; summary: PaymentSummary }>(
      '/customerRefund/queryList',
      {
        token: office,
        body: { customerId },
      },
    );
    expect(list.data.summary).toMatchObject({ totalRefundedCents: 25_000, netReceivedCents: 0, refundableCents: 0 });
    expect(list.data.list.map((r) => r.status).sort()).toEqual(['not_refunded', 'refunded', 'refunded']);

    // Voiding a payment that refunds already used is refused.
    const [payment] = await t.db
      .select()
      .from(customerPayments)
      .where(and(eq(customerPayments.customerId, customerId), eq(customerPayments.amountCents, 15_000)));
    const underfund = await t.call('/customerPayment/void', {
      token: office,
      body: { id: payment!.id, version: 1, reason: 'bounced' },
    });
    expect(underfund.code).toBe(Code.REFUSED);
    expect(underfund.message).toBe('Voiding this payment would leave $100.00 received, less than the $250.00 already refunded.');
  });

  it('lets only one of two concurrent refunds through when together they would exceed what was received', async () => {
    const other = (
      await t.call<{ id: number }>('/customer/add', { token: office, body: { name: 'Race Case', phone1: '(650) 555-9300' } })
    ).data.id;
    await t.call('/customerPayment/add', {
      token: office,
      body: { customerId: other, paidOn: '2026-11-04', amountCents: 10_000, method: 'cash' },
    });
    const refund = () =>
      t.call('/customerRefund/add', {
        token: office,
        body: {
          customerId: other,
          refundedOn: '2026-11-05',
          amountCents: 6000,
          reason: 'customer_dissatisfied',
          status: 'refunded',
        },
      });
    const results = await Promise.all([refund(), refund(), refund()]);
    expect(results.map((r) => r.code).sort()).toEqual([Code.OK, Code.REFUSED, Code.REFUSED]);
    const summary = (
      await t.call<{ summary: PaymentSummary }>('/customerRefund/queryList', { token: office, body: { customerId: other } })
    ).data.summary;
    expect(summary.totalRefundedCents).toBe(6000);
  });
});
