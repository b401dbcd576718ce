import { addDays, Code, type JobSaved, MESSAGE_CHANNELS, MESSAGE_EVENTS } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { recordChargeResult } from '../../billing/card-queue/card-queue.service';
import { enqueueCardCharge } from '../../billing/card-queue/enqueue';
import { customers } from '../../customers/customers.tables';
import { activeTeam } from '../../service/jobs/jobs.fixtures';
import { jobs } from '../../service/jobs/jobs.tables';
import { outboxMessages } from '../outbox/outbox.tables';
import { customerMessageChoices, messageTemplates } from '../templates/templates.tables';
import { queueCardDeclined, queueJobConfirmation, queueOnTheWayAfterCheckOut, scanReminders, scanReviewRequests } from '.';
import { jobStartSql } from './timing';

/**
 * The events of issue 22: each queues one message per channel the customer allows, in the
 * transaction of its cause, and never twice for the same occasion.
 */

let t: TestApp;
let token: string;
let today: string;
let teamId: number;
let teamId2: number;

/** Rows in the outbox for a job (or a customer) and event. */
async function outbox(where: { event: string; jobId?: number; customerId?: number; paymentId?: number }) {
  const rows = await t.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.event, where.event),
        where.jobId !== undefined ? eq(outboxMessages.jobId, where.jobId) : undefined,
        where.customerId !== undefined ? eq(outboxMessages.customerId, where.customerId) : undefined,
        where.paymentId !== undefined ? eq(outboxMessages.paymentId, where.paymentId) : undefined,
      ),
    );
  return rows.map((r) => r.channel).sort();
}

let customerCounter = 0;
/**
 * A customer with no jobs, an e-mail, a text number and consent recorded (both channels allowed),
 * and one location: the events' messages go to both channels.
 */
async function reachableCustomer(): Promise<{ customerId: number; locationId: number }> {
  customerCounter += 1;
  const [row] = await queryRows<{ customerId: number; locationId: number }>(
    t.db,
    sql`select c.id as "customerId", l.id as "locationId" from customers c
          join customer_locations l on l.customer_id = c.id and l.deleted_at is null
         where c.deleted_at is null and not exists (select 1 from jobs j where j.customer_id = c.id)
           and not exists (select 1 from customer_message_choices m where m.customer_id = c.id)
         order by c.id limit 1`,
  );
  const ids = { customerId: Number(row!.customerId), locationId: Number(row!.locationId) };
  await t.db
    .update(customers)
    .set({ email: `events${customerCounter}@example.com`, phone1: `(510) 555-01${String(customerCounter).padStart(2, '0')}` })
    .where(eq(customers.id, ids.customerId));
  await t.db.insert(customerMessageChoices).values({ customerId: ids.customerId, consentDate: today, consentSource: 'written' });
  return ids;
}

async function addJob(locationId: number, body: Record<string, unknown>): Promise<JobSaved> {
  const result = await t.call<JobSaved>('/job/add', { token, body: { locationId, ...body } });
  if (result.code !== 0) throw new Error(`job add: ${result.code} ${result.message}`);
  return result.data;
}

const jobRow = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** The job's start as a moment (its date and start in the business time zone). */
async function startOf(jobId: number): Promise<Date> {
  const [row] = await queryRows<{ at: string | Date }>(
    t.db,
    sql`select ${jobStartSql('j')} as at from jobs j where j.id = ${jobId}`,
  );
  return new Date(row!.at);
}

const BOTH = [...MESSAGE_CHANNELS].sort();
const FAR = '2031-03-04';

beforeAll(async () => {
  t = await createTestApp();
  token = await t.sessionAs('super_admin');
  today = await businessToday(t.db);
  teamId = (await activeTeam(t)).id;
  teamId2 = (await activeTeam(t, 1)).id;
  // Every event on, with a template per channel and language (M1's seed may not have run on this data).
  for (const event of MESSAGE_EVENTS)
    for (const channel of MESSAGE_CHANNELS)
      for (const language of ['en', 'zh'])
        await t.db
          .insert(messageTemplates)
          .values({ event, channel, language, subject: channel === 'email' ? 'Tidyhouse' : '', body: '{customerName}' })
          .onConflictDoNothing();
  await t.db.update(messageTemplates).set({ enabled: true });
});
afterAll(async () => {
  await t.close();
});

describe('job scheduled or moved: a confirmation', () => {
  it('queues one per channel when a job is added onto the schedule, again when it moves to another day, never for the same state twice', async () => {
    const { locationId } = await reachableCustomer();
    // Far ahead: no demo job, leave or outage meets the board's moves.
    const job = await addJob(locationId, { teamId, serviceDate: FAR, startTime: '10:00' });
    expect(await outbox({ event: 'jobConfirmation', jobId: job.id })).toEqual(BOTH);
    // Replayed for the same job as it is: nothing more.
    const row = await jobRow(job.id);
    expect(await t.db.transaction((tx) => queueJobConfirmation(tx, row))).toBe(0);
    expect(await outbox({ event: 'jobConfirmation', jobId: job.id })).toHaveLength(2);

    const moved = await t.call('/jhSchedule/moveJob', {
      token,
      body: { id: job.id, version: (await jobRow(job.id)).version, teamId, date: addDays(FAR, 3), startTime: '10:00' },
    });
    expect([moved.code, moved.message]).toEqual([Code.OK, expect.anything()]);
    expect(await outbox({ event: 'jobConfirmation', jobId: job.id })).toEqual([...BOTH, ...BOTH].sort());

    // Another team at the same date and time: the customer's appointment did not change.
    const sameTime = await t.call('/jhSchedule/moveJob', {
      token,
      body: { id: job.id, version: (await jobRow(job.id)).version, teamId: teamId2, date: addDays(FAR, 3), startTime: '10:00' },
    });
    expect([sameTime.code, sameTime.message]).toEqual([Code.OK, expect.anything()]);
    expect(await outbox({ event: 'jobConfirmation', jobId: job.id })).toHaveLength(4);
  });

  it('tells no one of an unscheduled job or of a visit already past (typed in after the fact)', async () => {
    const { locationId } = await reachableCustomer();
    const tray = await addJob(locationId, {});
    const past = await addJob(locationId, { teamId, serviceDate: addDays(today, -1), startTime: '10:00' });
    expect(await outbox({ event: 'jobConfirmation', jobId: tray.id })).toEqual([]);
    expect(await outbox({ event: 'jobConfirmation', jobId: past.id })).toEqual([]);
  });

  it('confirms only the first visit of a new plan, not each of its months of visits', async () => {
    const { locationId, customerId } = await reachableCustomer();
    const items = await queryRows<{ id: number }>(
      t.db,
      sql`select id from price_items where deleted_at is null and active and kind = 'item' order by id limit 1`,
    );
    const plan = await t.call<{ jobsCreated: number }>('/servicePlan/add', {
      token,
      body: {
        locationId,
        startDate: addDays(today, 2),
        frequency: 'weekly',
        intervalWeeks: null,
        servicePriceCents: 15_000,
        budgetMinutes: 180,
        durationMinutes: null,
        preferredTeamId: teamId,
        windowStart: '09:00',
        windowEnd: '11:00',
        endDate: null,
        notes: '',
        lines: [{ priceItemId: Number(items[0]!.id), quantity: 1 }],
      },
    });
    expect(plan.code).toBe(Code.OK);
    expect(plan.data.jobsCreated).toBeGreaterThan(3);
    const confirmations = await t.db
      .select({ jobId: outboxMessages.jobId })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.event, 'jobConfirmation'), eq(outboxMessages.customerId, customerId)));
    expect(confirmations).toHaveLength(2);
    const [first] = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.customerId, customerId))
      .orderBy(jobs.serviceDate)
      .limit(1);
    expect(new Set(confirmations.map((c) => c.jobId))).toEqual(new Set([first!.id]));
  });
});

describe('the reminder scan', () => {
  it('queues one reminder per channel for a job starting within the lead hours, once however often it runs, and none for a cancelled job or one further ahead', async () => {
    const { locationId } = await reachableCustomer();
    const due = await addJob(locationId, { teamId, serviceDate: addDays(today, 5), startTime: '09:00' });
    const cancelled = await addJob(locationId, { teamId, serviceDate: addDays(today, 5), startTime: '13:00' });
    const later = await addJob(locationId, { teamId, serviceDate: addDays(today, 6), startTime: '15:00' });
    const cancel = await t.call('/job/updateState', {
      token,
      body: { id: cancelled.id, version: (await jobRow(cancelled.id)).version, status: 'cancelled', reason: 'customer_request' },
    });
    expect(cancel.code).toBe(Code.OK);
    // "Now" is 20 hours before the first job: it and the cancelled one are within 24 h, the last is not.
    const now = new Date((await startOf(due.id)).getTime() - 20 * 3_600_000);
    await scanReminders(t.db, now);
    expect(await outbox({ event: 'jobReminder', jobId: due.id })).toEqual(BOTH);
    expect(await outbox({ event: 'jobReminder', jobId: cancelled.id })).toEqual([]);
    expect(await outbox({ event: 'jobReminder', jobId: later.id })).toEqual([]);
    // Replays (the next cycle, another process) queue nothing more.
    expect(await scanReminders(t.db, now)).toBe(0);
    expect(await scanReminders(t.db, new Date(now.getTime() + 3_600_000))).toBe(0);
    expect(await outbox({ event: 'jobReminder', jobId: due.id })).toHaveLength(2);
  });

  it('reminds nobody of a job that has started', async () => {
    const { locationId } = await reachableCustomer();
    const job = await addJob(locationId, { teamId, serviceDate: addDays(today, 7), startTime: '09:00' });
    await scanReminders(t.db, new Date((await startOf(job.id)).getTime() + 60_000));
    expect(await outbox({ event: 'jobReminder', jobId: job.id })).toEqual([]);
  });
});

describe('on our way', () => {
  it('the board sends it once for a job of today, with an operation log entry; a job of another day is refused', async () => {
    const { locationId } = await reachableCustomer();
    const job = await addJob(locationId, { teamId, serviceDate: today, startTime: '23:00' });
    const first = await t.call<{ queued: number }>('/jhSchedule/notifyOnTheWay', { token, body: { id: job.id } });
    expect(first.data).toEqual({ queued: 2 });
    const again = await t.call<{ queued: number }>('/jhSchedule/notifyOnTheWay', { token, body: { id: job.id } });
    expect(again.data).toEqual({ queued: 0 });
    expect(await outbox({ event: 'onTheWay', jobId: job.id })).toEqual(BOTH);
    const logged = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'notifyOnTheWay' and record_id = ${job.id}`,
    );
    expect(logged[0]!.n).toBe(1);

    const tomorrow = await addJob(locationId, { teamId, serviceDate: addDays(today, 1), startTime: '10:00' });
    const refused = await t.call('/jhSchedule/notifyOnTheWay', { token, body: { id: tomorrow.id }, locale: 'en' });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toContain(tomorrow.reference);
    expect(await outbox({ event: 'onTheWay', jobId: tomorrow.id })).toEqual([]);
  });

  it("the field app's check-out of a job tells the customer of the team's next job that day", async () => {
    const { locationId } = await reachableCustomer();
    const other = await reachableCustomer();
    const done = await addJob(locationId, { teamId: teamId2, serviceDate: today, startTime: '22:00' });
    const next = await addJob(other.locationId, { teamId: teamId2, serviceDate: today, startTime: '23:00' });
    expect(await t.db.transaction((tx) => queueOnTheWayAfterCheckOut(tx, done.id))).toBe(2);
    expect(await outbox({ event: 'onTheWay', jobId: next.id })).toEqual(BOTH);
    expect(await outbox({ event: 'onTheWay', jobId: done.id })).toEqual([]);

    // A check-out synced after the team already checked in at the next house: too late, nothing sent.
    const third = await reachableCustomer();
    const last = await addJob(third.locationId, { teamId: teamId2, serviceDate: today, startTime: '23:30' });
    await t.db.execute(sql`insert into job_field_states (job_id, checked_in_at) values (${last.id}, now())`);
    expect(await t.db.transaction((tx) => queueOnTheWayAfterCheckOut(tx, next.id))).toBe(0);
    expect(await outbox({ event: 'onTheWay', jobId: last.id })).toEqual([]);
  });
});

describe('job done, payments and cards', () => {
  it('a job confirmed done queues its message with the receipt (the invoice); a payment queues its own; once each', async () => {
    const { locationId, customerId } = await reachableCustomer();
    const job = await addJob(locationId, { teamId, serviceDate: today, startTime: '08:00', flatRateCents: 12_000 });
    const done = await t.call('/job/updateState', {
      token,
      body: { id: job.id, version: (await jobRow(job.id)).version, status: 'completed', actualMinutes: 120 },
    });
    expect(done.code).toBe(Code.OK);
    const rows = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.event, 'jobDone'), eq(outboxMessages.jobId, job.id)));
    expect(rows.map((r) => r.channel).sort()).toEqual(BOTH);
    expect(rows.every((r) => r.invoiceId !== null)).toBe(true);

    const paid = await t.call<{ id: number }>('/job/addPayment', {
      token,
      body: { jobId: job.id, customerId, paidOn: today, amountCents: 5_000, gratuityCents: 0, method: 'cash' },
    });
    expect(paid.code).toBe(Code.OK);
    expect(await outbox({ event: 'paymentReceived', customerId })).toEqual(BOTH);
  });

  it('a declined card asks the customer to update it, once per queue entry', async () => {
    const { customerId } = await reachableCustomer();
    await t.db
      .update(customers)
      .set({
        cardBrand: 'visa',
        cardLast4: '0002',
        cardExpMonth: 12,
        cardExpYear: 2034,
        cardVendorToken: 'pm_card_chargeDeclined',
      })
      .where(eq(customers.id, customerId));
    const entry = await t.db.transaction((tx) =>
      enqueueCardCharge(tx, { customerId, serviceDate: today, amountCents: 9_000 }, 1),
    );
    const decline = { ok: false as const, declineCode: 'card_declined', transient: false, message: 'declined', requestId: '' };
    await t.db.transaction((tx) => recordChargeResult(tx, entry, decline, 1));
    expect(await outbox({ event: 'cardDeclined', customerId })).toEqual(BOTH);
    // The same answer recorded again, or the event called again: nothing more.
    await t.db.transaction((tx) => recordChargeResult(tx, entry, decline, 1));
    expect(await t.db.transaction((tx) => queueCardDeclined(tx, entry))).toBe(0);
    expect(await outbox({ event: 'cardDeclined', customerId })).toHaveLength(2);
  });
});

describe('review requests', () => {
  it("asks once per customer, the review days after the customer's first completed visit; never for a first visit of long ago", async () => {
    const fresh = await reachableCustomer();
    const old = await reachableCustomer();
    const visit = async (locationId: number, date: string) => {
      const job = await addJob(locationId, { teamId, serviceDate: today, startTime: '07:00' });
      await t.call('/job/updateState', {
        token,
        body: { id: job.id, version: (await jobRow(job.id)).version, status: 'completed', actualMinutes: 90 },
      });
      await t.db.update(jobs).set({ serviceDate: date }).where(eq(jobs.id, job.id));
      return job;
    };
    await visit(fresh.locationId, addDays(today, -2));
    await visit(old.locationId, addDays(today, -60));
    const now = new Date();
    await scanReviewRequests(t.db, now);
    expect(await outbox({ event: 'reviewRequest', customerId: fresh.customerId })).toEqual(BOTH);
    expect(await outbox({ event: 'reviewRequest', customerId: old.customerId })).toEqual([]);
    // A second visit and more scans: still the one request.
    await visit(fresh.locationId, addDays(today, -1));
    expect(await scanReviewRequests(t.db, now)).toBe(0);
    expect(await outbox({ event: 'reviewRequest', customerId: fresh.customerId })).toHaveLength(2);
  });
});

describe('where the office sees them', () => {
  it("the customer's messages list both ways newest first, and the job detail lists the job's", async () => {
    const { locationId, customerId } = await reachableCustomer();
    const job = await addJob(locationId, { teamId, serviceDate: addDays(today, 2), startTime: '10:00' });
    await t.db.execute(
      sql`insert into inbound_messages (provider_id, from_phone, body, customer_id, received_at)
          values (${`SMtest${job.id}`}, '+15105550199', 'Can the team come at 11?', ${customerId}, now() + interval '1 minute')`,
    );
    const list = await t.call<{ total: number; list: { direction: string; channel: string; status: string; body: string }[] }>(
      '/connectRecord/messageList',
      { token, body: { customerId, pageNum: 1, pageSize: 2 } },
    );
    expect(list.data.total).toBe(3);
    expect(list.data.list).toHaveLength(2);
    expect(list.data.list[0]).toMatchObject({
      direction: 'inbound',
      channel: 'sms',
      status: 'received',
      body: 'Can the team come at 11?',
    });
    expect(list.data.list[1]).toMatchObject({ direction: 'outbound', status: 'queued' });
    const page2 = await t.call<{ list: unknown[] }>('/connectRecord/messageList', {
      token,
      body: { customerId, pageNum: 2, pageSize: 2 },
    });
    expect(page2.data.list).toHaveLength(1);

    const detail = await t.call<{ messages: { event: string; channel: string }[] }>('/job/detail', {
      token,
      body: { id: job.id },
    });
    expect(detail.data.messages.map((m) => `${m.event}:${m.channel}`).sort()).toEqual([
      'jobConfirmation:email',
      'jobConfirmation:sms',
    ]);

    const dashboard = await t.call<{ followUps: { texts: number; openTexts: { body: string; customer: { id: number } }[] } }>(
      '/dashboard/query',
      { token, body: {} },
    );
    const open = dashboard.data.followUps.openTexts.find((m) => m.customer?.id === customerId);
    expect(open?.body).toBe('Can the team come at 11?');
    const [inbound] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from inbound_messages where customer_id = ${customerId}`,
    );
    expect((await t.call('/connectRecord/textHandled', { token, body: { id: Number(inbound!.id) } })).code).toBe(Code.OK);
    const after = await t.call<{ followUps: { texts: number } }>('/dashboard/query', { token, body: {} });
    expect(after.data.followUps.texts).toBe(dashboard.data.followUps.texts - 1);
  });
});
