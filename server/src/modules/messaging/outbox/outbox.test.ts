import { addDays, Code, type MessageParams, type OutboxListResponse, type Saved } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessTimeZone, businessToday } from '../../../platform/business-date';
import { type MailCatcher, runningMailCatcher, startMailCatcher } from '../../../platform/mail-catcher';
import { createSecrets, parseSecretKey } from '../../../platform/secrets';
import { refreshCustomerIndex } from '../../customers/search-terms';
import { auditLog } from '../../system/system.tables';
import { type SmsSim, startSmsSim } from '../sms-sim/sms-sim';
import { customerMessageChoices } from '../templates/templates.tables';
import { addJob, nextHour, outboxRowsOf, reachableCustomer } from './outbox.fixtures';
import { inboundMessages, messageParameters, outboxMessages } from './outbox.tables';
import { queueMessages } from './queue';
import { atHour, backoffMs, quietUntil } from './quiet-hours';
import { smsProviderSettings } from './sms-provider';
import { drainOutbox, type OutboxContext, runOutboxCycle } from './worker';

/**
 * Issue 22, the outbox: the worker sends through the twilio SDK against the simulator and through the
 * mail path, holds texts in quiet hours, backs off on provider errors, drops a cancelled job's
 * reminder, and follows the provider's signed callbacks; inbound STOP / START change the opt-out.
 */
let t: TestApp;
let sim: SmsSim;
let catcher: MailCatcher;
let ctx: OutboxContext;
let token: string;
let today: string;
let timeZone: string;

const secrets = createSecrets(parseSecretKey(TEST_SECRET_KEY)!);
const queue = (customerId: number, dedupeKey: string, extra: Partial<Parameters<typeof queueMessages>[1]> = {}) =>
  t.db.transaction((tx) => queueMessages(tx, { event: 'reviewRequest', customerId, dedupeKey, ...extra }));
const rowOf = async (id: number) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
/** A moment of today in the business time zone. */
const todayAt = (hour: number) => atHour(today, hour, timeZone);
/** The next noon to come: the rows queued now are due then. */
const nextNoon = () => nextHour(today, 12, timeZone);

beforeAll(async () => {
  await runningMailCatcher()?.close();
  catcher = await startMailCatcher(0);
  const smsSimToken = 'outbox-test-token';
  sim = await startSmsSim(0, { authToken: smsSimToken, callbackDelayMs: 1 });
  t = await createTestApp({ smsSimUrl: sim.url, smsSimToken });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.config.smsWebhookUrl = address;
  sim.setInboundUrl(`${address}/hooks/sms/inbound`);
  ctx = { secrets, config: t.config };
  token = await t.sessionAs('super_admin');
  today = await businessToday(t.db);
  timeZone = await businessTimeZone(t.db);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await catcher?.close();
});

describe('queueing', () => {
  it('writes one row per allowed channel, and nothing for the same key again', async () => {
    const { customerId } = await reachableCustomer(t);
    expect(await queue(customerId, `test:queue:${customerId}`)).toBe(2);
    expect(await queue(customerId, `test:queue:${customerId}`)).toBe(0);
    const rows = await outboxRowsOf(t, customerId);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['email', 'queued'],
      ['sms', 'queued'],
    ]);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(2);
  });
});

describe('sending', () => {
  it('sends the text through the simulator and the e-mail through the mail path, then records delivery from the signed callback', async () => {
    const { customerId, phone } = await reachableCustomer(t);
    await queue(customerId, `test:send:${customerId}`);
    await runOutboxCycle(t.db, ctx, nextNoon());
    const [email, text] = await outboxRowsOf(t, customerId);
    expect(email!.status).toBe('sent');
    expect(email!.subject.length).toBeGreaterThan(0);
    const mail = catcher.inbox().find((m) => m.to.includes(email!.toAddress));
    expect(mail).toBeDefined();
    // Not transactional: the unsubscribe link is in the text and the header.
    expect(catcher.raw(mail!.id)).toContain('List-Unsubscribe');
    expect(text!.toAddress).toBe(phone);
    expect(text!.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(
      sim
        .texts()
        .filter((s) => s.to === phone)
        .map((s) => s.body),
    ).toEqual([text!.body]);
    await expect.poll(async () => (await rowOf(text!.id)).status).toBe('delivered');
    expect((await rowOf(text!.id)).deliveredAt).not.toBeNull();
  });

  it('holds a text due in quiet hours until 8:00, sends the e-mail at once, and sends the text from 8:00', async () => {
    const { customerId, phone } = await reachableCustomer(t);
    const late = todayAt(22);
    // Due at 22:00 today: queued by the real clock, the rows would not be due yet when the test runs
    // between 22:00 and midnight in the business zone (it failed so at 22:28).
    await queue(customerId, `test:quiet:${customerId}`, { notBefore: late });
    await runOutboxCycle(t.db, ctx, late);
    const [email, text] = await outboxRowsOf(t, customerId);
    expect(email!.status).toBe('sent');
    expect(text!.status).toBe('held');
    expect(text!.nextAttemptAt.toISOString()).toBe(atHour(addDays(today, 1), 8, timeZone).toISOString());
    expect(sim.texts().filter((s) => s.to === phone)).toHaveLength(0);
    // Still quiet at 7:00 the next morning: nothing claimed; due at 8:00.
    expect((await runOutboxCycle(t.db, ctx, atHour(addDays(today, 1), 7, timeZone))).claimed).toBe(0);
    await runOutboxCycle(t.db, ctx, atHour(addDays(today, 1), 8, timeZone));
    expect((await rowOf(text!.id)).status).not.toBe('held');
    expect(sim.texts().filter((s) => s.to === phone)).toHaveLength(1);
  });

  it('backs off exponentially on provider errors and sends on a later try; a refused number fails at once', async () => {
    const { customerId, phone } = await reachableCustomer(t);
    await t.db
      .update(customerMessageChoices)
      .set({ emailEnabled: false })
      .where(eq(customerMessageChoices.customerId, customerId));
    await queue(customerId, `test:backoff:${customerId}`);
    const [row] = await outboxRowsOf(t, customerId);
    const noon = nextNoon();
    sim.failNext(2, 503);
    await runOutboxCycle(t.db, ctx, noon);
    let now = await rowOf(row!.id);
    expect([now.status, now.attempts]).toEqual(['queued', 1]);
    expect(now.lastError).toContain('503');
    expect(now.nextAttemptAt.getTime() - noon.getTime()).toBe(backoffMs(1));
    // Not due before its back-off.
    expect((await runOutboxCycle(t.db, ctx, new Date(now.nextAttemptAt.getTime() - 1000))).claimed).toBe(0);
    const second = now.nextAttemptAt;
    await runOutboxCycle(t.db, ctx, second);
    now = await rowOf(row!.id);
    expect([now.status, now.attempts]).toEqual(['queued', 2]);
    expect(now.nextAttemptAt.getTime() - second.getTime()).toBe(backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    await runOutboxCycle(t.db, ctx, now.nextAttemptAt);
    expect((await rowOf(row!.id)).status).toMatch(/^(sent|delivered)$/);
    expect(sim.texts().filter((s) => s.to === phone)).toHaveLength(1);

    // 21211 (not a valid number): the provider will never take it, so no retry.
    const other = await reachableCustomer(t, '0001');
    await t.db.execute(sql`update customers set phone1 = '(500) 555-0001' where id = ${other.customerId}`);
    await refreshCustomerIndex(t.db, other.customerId);
    await t.db
      .update(customerMessageChoices)
      .set({ emailEnabled: false })
      .where(eq(customerMessageChoices.customerId, other.customerId));
    await queue(other.customerId, `test:refused:${other.customerId}`);
    await runOutboxCycle(t.db, ctx, noon);
    const [refusedRow] = await outboxRowsOf(t, other.customerId);
    expect(refusedRow!.status).toBe('failed');
    expect(refusedRow!.lastError).toContain('21211');
  });

  it('drops a reminder whose job was cancelled after it was queued', async () => {
    const { customerId, locationId } = await reachableCustomer(t);
    const team = await t.db.execute(sql`select id from teams where deleted_at is null and active order by id limit 1`);
    const teamId = Number((team as unknown as { rows: { id: number }[] }).rows[0]!.id);
    const job = await addJob(t, token, locationId, { teamId, serviceDate: addDays(today, 2), startTime: '10:00' });
    await t.db.execute(sql`delete from outbox_messages where customer_id = ${customerId}`);
    await t.db.transaction((tx) =>
      queueMessages(tx, { event: 'jobReminder', customerId, jobId: job.id, dedupeKey: `test:reminder:${job.id}` }),
    );
    await t.db.execute(sql`update jobs set status = 'cancelled' where id = ${job.id}`);
    await runOutboxCycle(t.db, ctx, nextNoon());
    expect((await outboxRowsOf(t, customerId)).map((r) => r.status)).toEqual(['dropped', 'dropped']);
  });
});

describe('webhooks', () => {
  it('refuses a callback without a valid signature, changing nothing', async () => {
    const { customerId } = await reachableCustomer(t);
    await queue(customerId, `test:forged:${customerId}`);
    const [row] = await outboxRowsOf(t, customerId);
    const params = { MessageSid: `SM${'1'.repeat(32)}`, MessageStatus: 'delivered' };
    const url = `/hooks/sms/status?outbox=${row!.id}`;
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature('wrong-token', `${t.config.smsWebhookUrl}${url}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect((await rowOf(row!.id)).status).toBe('queued');
  });

  it('STOP from a phone opts it out of texts and is kept; START opts it back in', async () => {
    const { customerId, phone } = await reachableCustomer(t);
    await sim.reply(phone, 'Stop');
    await expect
      .poll(
        async () =>
          (await t.db.select().from(customerMessageChoices).where(eq(customerMessageChoices.customerId, customerId)))[0]!
            .smsOptedOut,
      )
      .toBe(true);
    expect(await queue(customerId, `test:stopped:${customerId}`)).toBe(1); // e-mail only
    await sim.reply(phone, 'START');
    await expect
      .poll(
        async () =>
          (await t.db.select().from(customerMessageChoices).where(eq(customerMessageChoices.customerId, customerId)))[0]!
            .smsOptedOut,
      )
      .toBe(false);
    await sim.reply(phone, 'Running 10 min late?');
    await expect
      .poll(async () => (await t.db.select().from(inboundMessages).where(eq(inboundMessages.customerId, customerId))).length)
      .toBe(3);
    const kept = await t.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.customerId, customerId))
      .orderBy(inboundMessages.id);
    expect(kept.map((m) => m.keyword)).toEqual(['STOP', 'START', '']);
  });
});

describe('calls', () => {
  it('lists with filters and pages; retries a failed message (audited), and refuses one that is not failed or held', async () => {
    const { customerId } = await reachableCustomer(t);
    await queue(customerId, `test:calls:${customerId}`);
    const [email, text] = await outboxRowsOf(t, customerId);
    await t.db.update(outboxMessages).set({ status: 'failed', lastError: 'provider 500' }).where(eq(outboxMessages.id, text!.id));
    const list = await t.call<OutboxListResponse>('/outbox/queryList', {
      token,
      body: { customerId, status: 'failed', channel: 'sms', dateFrom: today, dateTo: today },
    });
    expect(list.code).toBe(Code.OK);
    expect(list.data.list.map((m) => m.id)).toEqual([text!.id]);
    expect(list.data.list[0]!.retryable).toBe(true);
    const page = await t.call<OutboxListResponse>('/outbox/queryList', { token, body: { customerId, pageSize: 1 } });
    expect([page.data.list.length, page.data.total]).toEqual([1, 2]);
    const none = await t.call<OutboxListResponse>('/outbox/queryList', {
      token,
      body: { customerId, dateFrom: addDays(today, 1) },
    });
    expect(none.data.total).toBe(0);

    const retried = await t.call<Saved>('/outbox/retry', {
      token,
      body: { id: text!.id, version: (await rowOf(text!.id)).version },
    });
    expect(retried.code).toBe(Code.OK);
    const after = await rowOf(text!.id);
    expect([after.status, after.attempts, after.lastError]).toEqual(['queued', 0, '']);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.recordId, text!.id)).orderBy(sql`id desc`).limit(1);
    expect(entry?.action).toBe('retryMessage');
    const refused = await t.call('/outbox/retry', { token, body: { id: email!.id, version: email!.version } });
    expect(refused.code).toBe(Code.REFUSED);
    const stale = await t.call('/outbox/retry', { token, body: { id: text!.id, version: text!.version } });
    expect(stale.code).toBe(Code.CONFLICT);
  });

  it("shows the simulator's inbox and replies from a phone through it", async () => {
    const { customerId, phone } = await reachableCustomer(t);
    await queue(customerId, `test:inbox:${customerId}`);
    await drainOutbox(t.db, ctx, () => nextNoon());
    const inbox = await t.call<{ simulated: boolean; list: { direction: string; to: string }[] }>('/smsSim/inbox', {
      token,
      body: { phone },
    });
    expect(inbox.data.simulated).toBe(true);
    expect(inbox.data.list.map((m) => [m.direction, m.to])).toEqual([['outbound', phone]]);
    const reply = await t.call<{ direction: string; from: string }>('/smsSim/reply', {
      token,
      body: { from: phone, body: 'Thanks!' },
    });
    expect([reply.data.direction, reply.data.from]).toEqual(['inbound', phone]);
    await expect
      .poll(async () => (await t.db.select().from(inboundMessages).where(eq(inboundMessages.customerId, customerId))).length)
      .toBe(1);
  });
});

describe('text provider settings (Location Parameters)', () => {
  it('keeps the auth token encrypted at rest and shows it masked; with an account texts leave the simulator', async () => {
    const read = await t.call<MessageParams>('/sysParam/messageParams', { token });
    expect(read.data.simulated).toBe(true);
    const saved = await t.call<MessageParams>('/sysParam/messageParamsModify', {
      token,
      body: {
        version: read.data.version,
        smsAccountSid: `AC${'b2'.repeat(16)}`,
        smsAuthToken: 'real-token-4821',
        smsFromNumber: '+14155550123',
        reminderLeadHours: 36,
        reviewRequestDays: 3,
      },
    });
    expect(saved.code).toBe(Code.OK);
    expect(saved.data).toMatchObject({ simulated: false, hasSmsAuthToken: true, reminderLeadHours: 36 });
    expect(saved.data.smsAuthTokenMasked).not.toContain('real-token');
    const [stored] = await t.db.select().from(messageParameters);
    expect(stored!.smsAuthTokenEncrypted).not.toContain('real-token-4821');
    expect(secrets.decrypt(stored!.smsAuthTokenEncrypted!)).toBe('real-token-4821');
    const settings = await smsProviderSettings(t.db, secrets, { ...t.config, smsUrl: undefined });
    expect(settings).toMatchObject({ baseUrl: 'https://api.twilio.com', authToken: 'real-token-4821', simulated: false });
    const inbox = await t.call<{ simulated: boolean }>('/smsSim/inbox', { token, body: {} });
    expect(inbox.data.simulated).toBe(false);
    // Cleared again: back to the simulator (for the tests after this one).
    const cleared = await t.call<MessageParams>('/sysParam/messageParamsModify', {
      token,
      body: {
        version: saved.data.version,
        smsAccountSid: '',
        clearSmsAuthToken: true,
        reminderLeadHours: 24,
        reviewRequestDays: 2,
      },
    });
    expect(cleared.data).toMatchObject({ simulated: true, hasSmsAuthToken: false });
  });
});

describe('quiet hours', () => {
  it('holds from 21:00 to the next 8:00 and before 8:00 to the same morning', () => {
    const zone = 'America/Los_Angeles';
    expect(quietUntil(atHour('2026-03-07', 12, zone), zone)).toBeNull();
    expect(quietUntil(atHour('2026-03-07', 20, zone), zone)).toBeNull();
    // The night the clocks go forward: still 8:00 wall-clock time.
    expect(quietUntil(atHour('2026-03-07', 21, zone), zone)?.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(quietUntil(atHour('2026-03-09', 6, zone), zone)?.toISOString()).toBe('2026-03-09T15:00:00.000Z');
    expect(quietUntil(atHour('2026-01-09', 6, zone), zone)?.toISOString()).toBe('2026-01-09T16:00:00.000Z');
  });
});
