import {
  Code,
  type CustomerMessageChoices,
  type MessageTemplate,
  type MessageTemplateListResponse,
  type MessageTemplatePreviewResponse,
} from '@tidyhouse/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customers } from '../../customers/customers.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { auditLog } from '../../system/system.tables';
import { channelsFor, setSmsOptOut } from './consent';
import { renderMessage } from './render';
import { customerMessageChoices } from './templates.tables';

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
});
afterAll(() => t.close());

const list = async () =>
  (await t.call<MessageTemplateListResponse>('/messageTemplate/queryList', { token: office, body: {} })).data;
const templateOf = async (event: string, channel: string, language: string) =>
  (await list()).list.find((x) => x.event === event && x.channel === channel && x.language === language)!;
const update = (body: object, locale: 'en' | 'zh' = 'en') =>
  t.call<{ list: MessageTemplate[] }>('/messageTemplate/update', { token: office, body, locale });

/** A scheduled job of a customer with an e-mail, a US phone and no saved choices yet. */
async function scheduledJob() {
  const [row] = await t.db
    .select({ id: jobs.id, customerId: jobs.customerId, phone: customers.phone1, language: customers.language })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobs.status, 'scheduled'),
        isNull(customers.deletedAt),
        sql`${customers.email} <> ''`,
        sql`${customers.phone1} like '(%'`,
      ),
    )
    .orderBy(desc(jobs.serviceDate))
    .limit(1);
  return row!;
}

describe('message templates', () => {
  it('start with every event × channel × language, worded in each language', async () => {
    const all = await list();
    expect(all.list).toHaveLength(7 * 2 * 2);
    expect(all.events.map((e) => e.event)).toEqual([
      'jobConfirmation',
      'jobReminder',
      'onTheWay',
      'jobDone',
      'paymentReceived',
      'cardDeclined',
      'reviewRequest',
    ]);
    const zhSms = all.list.find((x) => x.event === 'jobReminder' && x.channel === 'sms' && x.language === 'zh')!;
    expect(zhSms.body).toMatch(/提醒/);
    expect(zhSms.subject).toBe('');
    for (const x of all.list.filter((y) => y.channel === 'email')) expect(x.subject.length).toBeGreaterThan(0);
    expect(all.events.find((e) => e.event === 'reviewRequest')).toMatchObject({ transactional: false });
  });

  it('refuses a placeholder the event does not offer, naming the field and the placeholder, and saves nothing', async () => {
    const sms = await templateOf('paymentReceived', 'sms', 'en');
    const answer = await update({
      event: 'paymentReceived',
      enabled: true,
      templates: [{ id: sms.id, version: sms.version, body: 'Paid {{amount}}; your window {{window}}' }],
    });
    expect(answer.code).toBe(Code.INVALID_INPUT);
    expect(answer.message).toContain('Templates, item 1: Text');
    expect(answer.message).toContain('{{window}}');
    expect(answer.data).toMatchObject({ issues: [{ field: 'templates.0.body' }] });
    const zh = await update(
      { event: 'paymentReceived', enabled: true, templates: [{ id: sms.id, version: sms.version, body: '{{colour}}' }] },
      'zh',
    );
    expect(zh.message).toContain('模板');
    expect(zh.message).toContain('{{colour}}');
    expect(await templateOf('paymentReceived', 'sms', 'en')).toEqual(sms);
  });

  it('refuses an e-mail without a subject and a template of another event', async () => {
    const email = await templateOf('jobDone', 'email', 'zh');
    const reminder = await templateOf('jobReminder', 'sms', 'en');
    const noSubject = await update({
      event: 'jobDone',
      enabled: true,
      templates: [{ id: email.id, version: email.version, subject: ' ', body: 'x' }],
    });
    expect(noSubject.code).toBe(Code.INVALID_INPUT);
    expect(noSubject.data).toMatchObject({ issues: [{ field: 'templates.0.subject' }] });
    const other = await update({
      event: 'jobDone',
      enabled: true,
      templates: [{ id: reminder.id, version: reminder.version, body: 'x' }],
    });
    expect(other.data).toMatchObject({ issues: [{ field: 'templates.0.id' }] });
  });

  it('saves texts with the version read, logs the change, and a stale version changes nothing', async () => {
    const email = await templateOf('onTheWay', 'email', 'en');
    const saved = await update({
      event: 'onTheWay',
      enabled: true,
      templates: [
        {
          id: email.id,
          version: email.version,
          subject: '{{team}} is coming',
          body: 'Hello {{customer}}, {{team}} is coming.',
        },
      ],
    });
    expect(saved.code).toBe(Code.OK);
    const after = await templateOf('onTheWay', 'email', 'en');
    expect(after).toMatchObject({ subject: '{{team}} is coming', version: email.version + 1 });
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ module: 'messaging', action: 'updateTemplates' });
    expect(Object.keys(entry!.changes as object)).toContain('email en subject');
    const stale = await update({
      event: 'onTheWay',
      enabled: true,
      templates: [{ id: email.id, version: email.version, subject: 'x', body: 'y' }],
    });
    expect(stale.code).toBe(Code.CONFLICT);
    expect((await templateOf('onTheWay', 'email', 'en')).subject).toBe('{{team}} is coming');
  });

  it('asks for the link page when a template on uses the link placeholder', async () => {
    const answer = await update({ event: 'reviewRequest', enabled: true, linkUrl: '' });
    expect(answer.code).toBe(Code.INVALID_INPUT);
    expect(answer.message).toMatch(/^Link: .*\{\{link\}\}/);
    expect((await update({ event: 'reviewRequest', enabled: false, linkUrl: '' })).code).toBe(Code.OK);
    expect((await update({ event: 'reviewRequest', enabled: true, linkUrl: 'https://g.page/r/tidy/review' })).code).toBe(Code.OK);
    expect((await list()).events.find((e) => e.event === 'reviewRequest')).toMatchObject({
      enabled: true,
      linkUrl: 'https://g.page/r/tidy/review',
    });
  });

  it('turns an event off: no channel for it and nothing rendered, then on again', async () => {
    const job = await scheduledJob();
    await t.db
      .insert(customerMessageChoices)
      .values({ customerId: job.customerId, consentDate: '2026-01-02', consentSource: 'phone' })
      .onConflictDoUpdate({
        target: customerMessageChoices.customerId,
        set: { consentDate: '2026-01-02', consentSource: 'phone', smsOptedOut: false },
      });
    expect(await channelsFor(t.db, job.customerId, 'jobReminder')).toEqual(['email', 'sms']);
    expect((await update({ event: 'jobReminder', enabled: false })).code).toBe(Code.OK);
    expect(await channelsFor(t.db, job.customerId, 'jobReminder')).toEqual([]);
    expect(
      await renderMessage(t.db, { event: 'jobReminder', channel: 'email', customerId: job.customerId, jobId: job.id }),
    ).toBeNull();
    expect((await update({ event: 'jobReminder', enabled: true })).code).toBe(Code.OK);
    const sms = await renderMessage(t.db, { event: 'jobReminder', channel: 'sms', customerId: job.customerId, jobId: job.id });
    expect(sms?.to).toMatch(/^\+1\d{10}$/);
    expect(sms?.language).toBe(job.language);
    expect(sms?.body).not.toContain('{{');
  });
});

describe('preview', () => {
  const preview = (body: object, locale: 'en' | 'zh' = 'en') =>
    t.call<MessageTemplatePreviewResponse>('/messageTemplate/preview', { token: office, body, locale });

  it('renders with the next scheduled job in both languages, unsaved texts included, writing nothing', async () => {
    const sms = await templateOf('jobConfirmation', 'sms', 'en');
    const before = await t.fingerprint();
    const answer = await preview({
      event: 'jobConfirmation',
      templates: [{ id: sms.id, body: 'Booked: {{customer}} on {{date}}' }],
    });
    expect(answer.code).toBe(Code.OK);
    const job = answer.data.job!;
    expect(job.reference).toMatch(/^J-/);
    const enSms = answer.data.previews.find((p) => p.channel === 'sms' && p.language === 'en')!;
    expect(enSms.body).toBe(`Booked: ${job.customerName} on ${answer.data.values.date}`);
    expect(enSms.smsParts).toBe(1);
    const zhEmail = answer.data.previews.find((p) => p.channel === 'email' && p.language === 'zh')!;
    expect(zhEmail.subject).toMatch(/月\d+日 星期/);
    expect(await t.fingerprint()).toBe(before);
  });

  it('uses the job the office names, and says when it does not exist', async () => {
    const job = await scheduledJob();
    const [row] = await t.db.select({ reference: jobs.reference }).from(jobs).where(eq(jobs.id, job.id));
    const answer = await preview({ event: 'jobReminder', jobReference: row!.reference.toLowerCase() });
    expect(answer.data.job?.id).toBe(job.id);
    const missing = await preview({ event: 'jobReminder', jobReference: 'J-0000-0000' });
    expect(missing.code).toBe(Code.NOT_FOUND);
  });

  it('refuses an unknown placeholder in unsaved texts', async () => {
    const email = await templateOf('cardDeclined', 'email', 'en');
    const answer = await preview({ event: 'cardDeclined', templates: [{ id: email.id, subject: 'Hi', body: '{{team}}' }] });
    expect(answer.code).toBe(Code.INVALID_INPUT);
    expect(answer.message).toContain('{{team}}');
  });
});

describe("the customer's choices", () => {
  const detail = (customerId: number) =>
    t.call<CustomerMessageChoices>('/customerMessageChoice/detail', { token: office, body: { customerId } });

  it('start with e-mail only for transactional messages until consent is recorded', async () => {
    const [fresh] = await t.db
      .insert(customers)
      .values({ name: 'Consent Test', phone1: '(415) 555-0199', email: 'consent.test@example.com' })
      .returning({ id: customers.id });
    const before = (await detail(fresh!.id)).data;
    expect(before).toMatchObject({ version: null, consentDate: null, channelsNow: { transactional: ['email'], other: [] } });
    const saved = await t.call<CustomerMessageChoices>('/customerMessageChoice/update', {
      token: office,
      body: { ...before, consentDate: '2026-01-15', consentSource: 'in_person' },
    });
    expect(saved.code).toBe(Code.OK);
    expect(saved.data).toMatchObject({ version: 1, channelsNow: { transactional: ['email', 'sms'], other: ['email', 'sms'] } });
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ module: 'customers', action: 'updateMessageChoices', recordId: fresh!.id });

    // STOP from the customer's phone (any format) stops texts; START resumes them.
    expect(await setSmsOptOut(t.db, '+14155550199', true, 'sms_reply')).toEqual([fresh!.id]);
    const stopped = (await detail(fresh!.id)).data;
    expect(stopped).toMatchObject({ smsOptedOut: true, smsOptOutSource: 'sms_reply', version: 2 });
    expect(await channelsFor(t.db, fresh!.id, 'jobConfirmation')).toEqual(['email']);
    await setSmsOptOut(t.db, '415-555-0199', false, 'sms_reply');
    expect(await channelsFor(t.db, fresh!.id, 'jobConfirmation')).toEqual(['email', 'sms']);
    expect(await setSmsOptOut(t.db, '+19995550000', true, 'sms_reply')).toEqual([]);

    // The office's edit made on the version before STOP is refused.
    const stale = await t.call('/customerMessageChoice/update', { token: office, body: { ...saved.data, smsEnabled: false } });
    expect(stale.code).toBe(Code.CONFLICT);
  });

  it('refuses a consent date after today and consent without its source', async () => {
    const job = await scheduledJob();
    const current = (await detail(job.customerId)).data;
    const future = await t.call('/customerMessageChoice/update', {
      token: office,
      body: { ...current, consentDate: '2999-01-01', consentSource: 'phone' },
    });
    expect(future.code).toBe(Code.INVALID_INPUT);
    expect(future.message).toContain('Consent date');
    const noSource = await t.call('/customerMessageChoice/update', {
      token: office,
      body: { ...current, consentDate: '2026-01-01', consentSource: null },
    });
    expect(noSource.code).toBe(Code.INVALID_INPUT);
    expect(noSource.message).toContain('Consent given');
  });
});
