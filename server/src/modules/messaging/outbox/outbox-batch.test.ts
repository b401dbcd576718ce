import { addDays } from '@tidyhouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessTimeZone, businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { type MailCatcher, runningMailCatcher, startMailCatcher } from '../../../platform/mail-catcher';
import { createSecrets, parseSecretKey } from '../../../platform/secrets';
import { type SmsSim, startSmsSim } from '../sms-sim/sms-sim';
import { customerMessageChoices, messageTemplates } from '../templates/templates.tables';
import { addJob, nextHour, outboxRowsOf, reachableCustomer } from './outbox.fixtures';
import { outboxMessages } from './outbox.tables';
import { queueMessages } from './queue';
import { type OutboxContext, runOutboxCycle } from './worker';

/**
 * Issue 22's bench goal rests on the worker reading per batch, not per text: a claimed batch is
 * rendered with one read per kind and its outcomes recorded in one statement. Counted here, so a
 * per-text read cannot come back unnoticed; and a mixed batch still keeps every rule per row.
 */
let t: TestApp;
let sim: SmsSim;
let catcher: MailCatcher;
let ctx: OutboxContext;
let token: string;
let today: string;
let noon: Date;
let teamId: number;

const secrets = createSecrets(parseSecretKey(TEST_SECRET_KEY)!);

/**
 * The statements `fn` sends through `db` (drizzle's query log of this connection: both engines). The
 * session's logger is given to each statement as it is prepared, so it is swapped for the while.
 */
async function countQueries(db: Db, fn: () => Promise<unknown>): Promise<number> {
  const session = (db as unknown as { session: { logger: { logQuery(query: string, params: unknown[]): void } } }).session;
  const logger = session.logger;
  let count = 0;
  session.logger = {
    logQuery(query, params) {
      count++;
      logger.logQuery(query, params);
    },
  };
  try {
    await fn();
  } finally {
    session.logger = logger;
  }
  return count;
}

/** `customers` reachable customers, each with a job the day after tomorrow and its reminder queued (e-mail and text). */
async function remindersFor(customers: number) {
  const made: { customerId: number; jobId: number; phone: string }[] = [];
  for (let i = 0; i < customers; i++) {
    const { customerId, locationId, phone } = await reachableCustomer(t);
    const job = await addJob(t, token, locationId, { teamId, serviceDate: addDays(today, 2), startTime: '10:00' });
    // Only the reminder: the job's own confirmation is not what this counts.
    await t.db.delete(outboxMessages).where(eq(outboxMessages.customerId, customerId));
    await t.db.transaction((tx) =>
      queueMessages(tx, { event: 'jobReminder', customerId, jobId: job.id, dedupeKey: `batch:reminder:${job.id}` }),
    );
    made.push({ customerId, jobId: job.id, phone });
  }
  return made;
}

beforeAll(async () => {
  await runningMailCatcher()?.close();
  catcher = await startMailCatcher(0);
  const smsSimToken = 'outbox-batch-token';
  sim = await startSmsSim(0, { authToken: smsSimToken });
  t = await createTestApp({ smsSimUrl: sim.url, smsSimToken });
  // The simulator's delivery callbacks go nowhere: the app's own statements are not the worker's.
  ctx = { secrets, config: { ...t.config, smsWebhookUrl: 'http://127.0.0.1:9' } };
  token = await t.sessionAs('super_admin');
  today = await businessToday(t.db);
  noon = nextHour(today, 12, await businessTimeZone(t.db));
  const team = await t.db.execute(sql`select id from teams where deleted_at is null and active order by id limit 1`);
  teamId = Number((team as unknown as { rows: { id: number }[] }).rows[0]!.id);
  // Nothing else due: each cycle below claims this test's rows only.
  await t.db.execute(sql`update outbox_messages set status = 'dropped' where status in ('queued', 'held', 'sending')`);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await catcher?.close();
});

describe('a claimed batch', () => {
  it('is read, sent and recorded with the same statements whether it holds 2 messages or 12', async () => {
    await remindersFor(1);
    let small = { claimed: 0, sent: 0 };
    const smallQueries = await countQueries(t.db, async () => {
      small = await runOutboxCycle(t.db, ctx, noon);
    });
    expect([small.claimed, small.sent]).toEqual([2, 2]);

    const made = await remindersFor(6);
    let big = { claimed: 0, sent: 0 };
    const bigQueries = await countQueries(t.db, async () => {
      big = await runOutboxCycle(t.db, ctx, noon);
    });
    expect([big.claimed, big.sent]).toEqual([12, 12]);
    // The claim, the business, customers, templates, jobs, the two providers' settings, the record.
    expect(bigQueries).toBe(smallQueries);
    expect(bigQueries).toBeLessThanOrEqual(8);
    // Each row got its own text and address.
    const rows = await t.db
      .select()
      .from(outboxMessages)
      .where(
        inArray(
          outboxMessages.customerId,
          made.map((m) => m.customerId),
        ),
      );
    for (const m of made) {
      const text = rows.find((r) => r.customerId === m.customerId && r.channel === 'sms')!;
      expect([text.status, text.toAddress]).toEqual(['sent', m.phone]);
      expect(
        sim
          .texts()
          .filter((s) => s.to === m.phone)
          .map((s) => s.body),
      ).toEqual([text.body]);
    }
  });

  it('keeps every rule per row in one batch: STOP since queueing, a cancelled job, a template edited since queueing', async () => {
    const [stopped, cancelled, plain] = await remindersFor(3);
    await t.db
      .update(customerMessageChoices)
      .set({ smsOptedOut: true })
      .where(eq(customerMessageChoices.customerId, stopped!.customerId));
    await t.db.execute(sql`update jobs set status = 'cancelled' where id = ${cancelled!.jobId}`);
    const edited = 'Edited after queueing: see you {date}.';
    await t.db
      .update(messageTemplates)
      .set({ body: edited })
      .where(and(eq(messageTemplates.event, 'jobReminder'), eq(messageTemplates.channel, 'sms')));
    const result = await runOutboxCycle(t.db, ctx, noon);
    expect(result).toMatchObject({ claimed: 6, sent: 3, dropped: 3 });
    const statuses = async (customerId: number) => (await outboxRowsOf(t, customerId)).map((r) => [r.channel, r.status]);
    expect(await statuses(stopped!.customerId)).toEqual([
      ['email', 'sent'],
      ['sms', 'dropped'],
    ]);
    expect(await statuses(cancelled!.customerId)).toEqual([
      ['email', 'dropped'],
      ['sms', 'dropped'],
    ]);
    const [, text] = await outboxRowsOf(t, plain!.customerId);
    expect(text!.status).toBe('sent');
    expect(text!.body).toMatch(/^Edited after queueing: see you \S/);
    expect(
      sim
        .texts()
        .filter((s) => s.to === plain!.phone)
        .map((s) => s.body),
    ).toEqual([text!.body]);
    expect(sim.texts().filter((s) => s.to === stopped!.phone)).toHaveLength(0);
  });
});

describe('the demo data', () => {
  it('queues no message to send on its first start: its payment receipts show as sent on their day', async () => {
    const fresh = await createTestApp();
    try {
      const due = await fresh.db
        .select()
        .from(outboxMessages)
        .where(inArray(outboxMessages.status, ['queued', 'held', 'sending']));
      expect(due).toEqual([]);
      const receipts = await fresh.db.select().from(outboxMessages).where(eq(outboxMessages.event, 'paymentReceived'));
      const sent = receipts.filter((r) => r.status === 'sent');
      expect(sent.length).toBeGreaterThan(0);
      // Rendered as they would have gone; the rest (no way to reach the customer) dropped, none left to send.
      expect(receipts.filter((r) => r.status !== 'sent').map((r) => r.status)).toEqual(
        receipts.filter((r) => r.status !== 'sent').map(() => 'dropped'),
      );
      for (const r of sent) {
        expect([r.body.length > 0, r.toAddress.length > 0]).toEqual([true, true]);
        expect(r.sentAt!.getTime()).toBeLessThanOrEqual(r.createdAt.getTime());
      }
    } finally {
      await fresh.close();
    }
  });
});
