import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addDays,
  Code,
  type CompletionBulkResult,
  type CompletionList,
  type JobSaved,
  type StartOfDay,
  type VerifyResult,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helper';
import { businessClock, businessToday } from '../../platform/business-date';
import { queryRows } from '../../platform/database';
import { locationWith } from '../customers/customers.fixtures';
import { activeTeam, modifyBody, newJob, pricedItem } from '../service/jobs/jobs.fixtures';

let t: TestApp;
let admin: string;
let scheduler: string;
beforeAll(async () => {
  t = await createTestApp({}, { keepClosedDays: true });
  admin = await t.loginAs('super_admin');
  scheduler = await t.loginAs('scheduler');
});
afterAll(() => t.close());

const ok = async <T>(path: string, body: unknown, token = admin): Promise<T> => {
  const result = await t.call<T>(path, { token, body });
  expect(result.code, `${path}: ${result.message}`).toBe(Code.OK);
  return result.data;
};
const codeOf = async (path: string, body: unknown, token = admin) => (await t.call(path, { token, body })).code;

/** A job scheduled on `date` for the first active team, at a location matching `where`. */
async function jobOn(date: string, startTime = '09:00', where = 'true'): Promise<JobSaved & { locationId: number }> {
  const location = await locationWith(t, where);
  const team = await activeTeam(t);
  const item = await pricedItem(t, date);
  const job = await newJob(t, {
    locationId: location.id,
    teamId: team.id,
    serviceDate: date,
    startTime,
    durationMinutes: 120,
    lines: [{ priceItemId: item.id, quantity: 2 }],
  });
  return { ...job, locationId: location.id };
}

const item = (items: { key: string; ok: boolean; count: number }[], key: string) => items.find((i) => i.key === key)!;

function pdfText(content: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'day-pdf-')), 'day.pdf');
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('start of day', () => {
  it('lists what is not ready with its rows, and turns green once fixed', async () => {
    const date = '2034-02-14';
    const placed = await jobOn(date, '09:00', "key_tag = ''");
    const unplaced = await newJob(t, { serviceDate: date });
    // A key in the office safe for a customer who will not be home: it must go out with the team.
    const keyed = await jobOn(
      date,
      '13:00',
      "key_tag = '' and id not in (select location_id from jobs where service_date = '2034-02-14')",
    );
    await t.db.execute(
      sql`update customer_locations set key_tag = 'K-DAY1', key_location = 'office_safe' where id = ${keyed.locationId}`,
    );
    // Yesterday had work and is not closed.
    await jobOn('2034-02-13');

    const before = await ok<StartOfDay>('/officeDay/startOfDay', { date });
    expect(before.ready).toBe(false);
    expect(before.jobCount).toBe(3);
    expect(item(before.items, 'jobsPlaced')).toMatchObject({ ok: false, count: 1 });
    expect(before.items.find((i) => i.key === 'jobsPlaced')!.rows[0]!.link).toBe(`/service/workdeatil?id=${unplaced.id}`);
    expect(item(before.items, 'keysOut')).toMatchObject({ ok: false, count: 1 });
    expect(item(before.items, 'yesterdayClosed')).toMatchObject({ ok: false, count: 1 });
    expect(item(before.items, 'teamsStaffed').ok).toBe(true);

    await ok('/job/updateState', { id: unplaced.id, version: unplaced.version, status: 'cancelled', reason: 'customer_request' });
    await t.db.execute(sql`update customer_locations set key_location = 'with_team' where id = ${keyed.locationId}`);
    await t.db.execute(sql`update jobs set status = 'cancelled' where service_date = '2034-02-13'`);
    const after = await ok<StartOfDay>('/officeDay/startOfDay', { date });
    expect(after.items.filter((i) => !i.ok)).toEqual([]);
    expect(after.ready).toBe(true);
    expect(placed.id).toBeGreaterThan(0);
  });

  it('flags a rostered member on leave that day', async () => {
    const date = '2034-02-20';
    await jobOn(date);
    const team = await activeTeam(t);
    const [member] = await queryRows<{ user_id: number }>(
      t.db,
      sql`select user_id from team_members where team_id = ${team.id} limit 1`,
    );
    await t.db.execute(
      sql`insert into employee_leaves (user_id, start_date, end_date, all_day, start_time, end_time, reason)
          values (${member!.user_id}, ${date}, ${date}, false, '13:00', '17:00', 'Dentist')`,
    );
    const day = await ok<StartOfDay>('/officeDay/startOfDay', { date });
    expect(item(day.items, 'membersOnLeave')).toMatchObject({ ok: false, count: 1 });
    expect(day.items.find((i) => i.key === 'membersOnLeave')!.rows[0]!.label).toContain('13:00–17:00');
  });
});

describe('the daily schedule PDF', () => {
  it("reads back in the caller's language, with codes only for a role that may reveal them (logged)", async () => {
    const date = '2034-03-03';
    const job = await jobOn(date, '10:30', 'alarm_code_encrypted is not null');
    const revealed = await ok<{ value: string }>('/customerKey/reveal', { locationId: job.locationId, field: 'alarm' });
    const logsBefore = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'printCodes'`,
    );

    const zh = await t.call('/derive/dayDerive', { method: 'GET', token: admin, body: { date }, locale: 'zh' });
    expect(zh.status).toBe(200);
    expect(zh.headers['content-type']).toContain('application/pdf');
    const zhText = pdfText(zh.data as Buffer);
    expect(zhText).toContain('每日工作安排');
    expect(zhText).toContain('警报密码');
    expect(zhText).toContain(revealed.value);
    expect(zhText).toContain(job.reference);
    expect(zhText).toContain('10:30');

    const en = await t.call('/derive/dayDerive', { method: 'GET', token: scheduler, body: { date }, locale: 'en' });
    const enText = pdfText(en.data as Buffer);
    expect(enText).toContain('Daily schedule');
    expect(enText).toContain(job.reference);
    expect(enText).not.toContain('Alarm code');
    expect(enText).not.toContain(revealed.value);

    const logsAfter = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'printCodes'`,
    );
    expect(logsAfter[0]!.n).toBe(logsBefore[0]!.n + 1);
  });

  it('answers POST with {date} too (spec §7: POST unless noted), the same PDF as GET', async () => {
    const date = '2034-03-09';
    const job = await jobOn(date, '11:15', 'true');
    const posted = await t.call('/derive/dayDerive', { token: scheduler, body: { date }, locale: 'en' });
    expect(posted.status).toBe(200);
    expect(posted.headers['content-type']).toContain('application/pdf');
    expect(posted.headers['content-disposition']).toContain('attachment');
    const postedText = pdfText(posted.data as Buffer);
    expect(postedText).toContain('Daily schedule');
    expect(postedText).toContain(job.reference);
    const got = await t.call('/derive/dayDerive', { method: 'GET', token: scheduler, body: { date }, locale: 'en' });
    expect(postedText).toBe(pdfText(got.data as Buffer));
    const bad = await t.call('/derive/dayDerive', { token: scheduler, body: { date: '2034-02-30' } });
    expect(bad.code).toBe(Code.INVALID_INPUT);
  });
});

describe('job completion', () => {
  // These days are in the future: their jobs are confirmed as on a day after them.
  const realClock = businessClock.now;
  beforeAll(() => {
    businessClock.now = () => new Date('2034-06-30T20:00:00Z');
  });
  afterAll(() => {
    businessClock.now = realClock;
  });

  it('confirms with cash, check or a queued card charge, and not completed with a reason', async () => {
    const date = '2034-04-04';
    const cash = await jobOn(date, '08:00');
    const check = await jobOn(date, '11:00');
    const card = await jobOn(date, '14:00');
    const missed = await jobOn(date, '16:00');
    const list = await ok<CompletionList>('/officeDay/completionList', { date });
    expect(list.list.map((j) => j.id).sort()).toEqual([cash.id, check.id, card.id, missed.id].sort());
    const cardRow = list.list.find((j) => j.id === card.id)!;
    await t.db.execute(
      sql`update customers set card_vendor_token = 'pm_card_visa', card_last4 = '4242', card_brand = 'visa'
           where id = (select customer_id from jobs where id = ${card.id})`,
    );

    await ok('/officeDay/confirmJob', {
      id: cash.id,
      version: cash.version,
      outcome: 'completed',
      actualMinutes: 125,
      tipCents: 2000,
      payment: { method: 'cash', amountCents: 15_000 },
    });
    await ok('/officeDay/confirmJob', {
      id: check.id,
      version: check.version,
      outcome: 'completed',
      actualMinutes: 110,
      payment: { method: 'check', amountCents: 9_000, checkNumber: '5521' },
      recleanReason: 'Oven missed',
    });
    const queued = await ok<{ cardQueueSerial: string }>('/officeDay/confirmJob', {
      id: card.id,
      version: card.version,
      outcome: 'completed',
      actualMinutes: 100,
      payment: { method: 'card_queue' },
    });
    expect(queued.cardQueueSerial).toMatch(/^CQ-3404-\d{4}$/);
    await ok('/officeDay/confirmJob', { id: missed.id, version: missed.version, outcome: 'uncompleted', reason: 'Nobody home' });

    const payments = await queryRows<{ job_id: number; method: string; amount_cents: number; check_number: string }>(
      t.db,
      sql`select job_id, method, amount_cents, check_number from customer_payments where paid_on = ${date} order by amount_cents`,
    );
    expect(payments).toEqual([
      { job_id: check.id, method: 'check', amount_cents: 9_000, check_number: '5521' },
      { job_id: cash.id, method: 'cash', amount_cents: 15_000, check_number: '' },
    ]);
    const [entry] = await queryRows<{ amount_cents: number; status: string }>(
      t.db,
      sql`select amount_cents, status from card_queue_entries where job_id = ${card.id}`,
    );
    expect(entry).toEqual({ amount_cents: cardRow.invoiceTotalCents, status: 'pending' });
    const after = await ok<CompletionList>('/officeDay/completionList', { date });
    const byId = new Map(after.list.map((j) => [j.id, j]));
    expect(byId.get(cash.id)).toMatchObject({ status: 'completed', actualMinutes: 125, tipCents: 2000, paidCents: 15_000 });
    expect(byId.get(card.id)).toMatchObject({ cardQueued: true });
    expect(byId.get(missed.id)).toMatchObject({ status: 'uncompleted', uncompletedReason: 'Nobody home' });
    const [reclean] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where reclean_of_job_id = ${check.id}`,
    );
    expect(reclean!.n).toBe(1);
    const logs = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where record_type = 'job' and record_id = ${card.id} order by id`,
    );
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['completeJob', 'queueCardCharge']));

    // A job already confirmed cannot be confirmed again; a card charge needs a saved card.
    expect(
      await codeOf('/officeDay/confirmJob', { id: cash.id, version: cash.version + 1, outcome: 'uncompleted', reason: 'x' }),
    ).not.toBe(Code.OK);
  });

  it('bulk: a summary first (nothing changes), then each planned job completed with its punched or planned minutes', async () => {
    const date = '2034-04-11';
    const a = await jobOn(date, '08:00');
    const b = await jobOn(date, '12:00');
    const other = await jobOn('2034-04-12', '08:00');
    const [user] = await queryRows<{ id: number }>(t.db, sql`select id from sys_users order by id limit 1`);
    await t.db.execute(
      sql`insert into time_punches (user_id, work_date, kind, starts_at, ends_at, job_id)
          values (${user!.id}, ${date}, 'job', '2034-04-11T16:00:00Z', '2034-04-11T17:37:00Z', ${a.id})`,
    );
    const before = await t.fingerprint();
    const plan = await ok<CompletionBulkResult>('/officeDay/bulkConfirm', { date, ids: [a.id, b.id, other.id] });
    expect(plan.applied).toBe(false);
    expect(plan.jobs.find((j) => j.id === a.id)!.actualMinutes).toBe(97);
    expect(plan.skipped.map((s) => s.id)).toEqual([other.id]);
    expect(await t.fingerprint()).toBe(before);

    const done = await ok<CompletionBulkResult>('/officeDay/bulkConfirm', { date, ids: [a.id, b.id, other.id], apply: true });
    expect(done.applied).toBe(true);
    expect(done.jobs.map((j) => j.id).sort()).toEqual([a.id, b.id].sort());
    const rows = await queryRows<{ id: number; status: string; actual_minutes: number }>(
      t.db,
      sql`select id, status, actual_minutes from jobs where id in (${a.id}, ${b.id}, ${other.id}) order by id`,
    );
    expect(rows.find((r) => r.id === a.id)).toMatchObject({ status: 'completed', actual_minutes: 97 });
    expect(rows.find((r) => r.id === b.id)!.status).toBe('completed');
    expect(rows.find((r) => r.id === other.id)!.status).toBe('scheduled');
  });
});

describe('verify & close day', () => {
  const date = '2034-05-05';
  let job: JobSaved;

  it('refuses to close until every item of the gate is done, one by one', async () => {
    job = await jobOn(date, '09:00');
    const close = (body: Record<string, unknown> = {}) =>
      t.call('/officeDay/close', { token: admin, body: { date, countedCashCents: 5_000, countedCheckCents: 0, ...body } });
    const failing = async () =>
      (await ok<VerifyResult>('/officeDay/verify', { date, countedCashCents: 5_000, countedCheckCents: 0 })).items
        .filter((i) => !i.ok)
        .map((i) => i.key);

    // A job still scheduled.
    expect(await failing()).toEqual(expect.arrayContaining(['jobsSettled']));
    expect((await close()).code).toBe(Code.REFUSED);
    await onBusinessDay(date, () =>
      ok('/officeDay/confirmJob', {
        id: job.id,
        version: job.version,
        outcome: 'completed',
        actualMinutes: 120,
        payment: { method: 'cash', amountCents: 5_000 },
      }),
    );

    // The team punched the job (a completed job without its job punches flags their time cards).
    const members = await queryRows<{ user_id: number }>(
      t.db,
      sql`select tm.user_id from team_members tm join jobs j on j.team_id = tm.team_id where j.id = ${job.id}`,
    );
    for (const member of members) {
      await t.db.execute(
        sql`insert into time_punches (user_id, work_date, kind, starts_at, ends_at) values
              (${member.user_id}, ${date}, 'shift', '2034-05-05T15:00:00Z', '2034-05-05T19:00:00Z')`,
      );
      await t.db.execute(
        sql`insert into time_punches (user_id, work_date, kind, starts_at, ends_at, job_id) values
              (${member.user_id}, ${date}, 'job', '2034-05-05T16:00:00Z', '2034-05-05T18:00:00Z', ${job.id})`,
      );
    }

    // A pending card entry, then a failed one not resolved.
    const [customer] = await queryRows<{ customer_id: number }>(t.db, sql`select customer_id from jobs where id = ${job.id}`);
    await t.db.execute(
      sql`insert into card_queue_entries (serial, customer_id, job_id, service_date, amount_cents, status, idempotency_key)
          values ('CQ-TEST-0001', ${customer!.customer_id}, ${job.id}, ${date}, 1000, 'pending', 'test-key-1')`,
    );
    expect(await failing()).toContain('cardsPending');
    expect((await close()).code).toBe(Code.REFUSED);
    await t.db.execute(sql`update card_queue_entries set status = 'failed' where serial = 'CQ-TEST-0001'`);
    expect(await failing()).toEqual(['cardsFailed']);
    expect((await close()).code).toBe(Code.REFUSED);
    await t.db.execute(sql`update card_queue_entries set resolution = 'written_off' where serial = 'CQ-TEST-0001'`);

    // A time card with an open punch.
    const [user] = await queryRows<{ id: number }>(t.db, sql`select id from sys_users order by id limit 1`);
    await t.db.execute(
      sql`insert into time_punches (user_id, work_date, kind, starts_at) values (${user!.id}, ${date}, 'shift', '2034-05-05T15:00:00Z')`,
    );
    expect(await failing()).toEqual(['timeCards']);
    expect((await close()).code).toBe(Code.REFUSED);
    await t.db.execute(
      sql`update time_punches set ends_at = '2034-05-05T19:00:00Z' where work_date = ${date} and ends_at is null`,
    );

    // Counted cash differs from the recorded $50.00: refused without a note (10001 naming it), closed with one.
    const verified = await ok<VerifyResult>('/officeDay/verify', { date, countedCashCents: 4_500, countedCheckCents: 0 });
    expect(verified.recordedCashCents).toBe(5_000);
    expect(item(verified.items, 'cashCounted').ok).toBe(false);
    const unexplained = await close({ countedCashCents: 4_500 });
    expect(unexplained.code).toBe(Code.INVALID_INPUT);
    expect(JSON.stringify(unexplained.data)).toContain('differenceNote');
    expect(await queryRows(t.db, sql`select 1 from office_days where business_date = ${date} and status = 'closed'`)).toEqual([]);

    const closed = await close({ countedCashCents: 4_500, differenceNote: '$5 given back as change' });
    expect(closed.code, closed.message).toBe(Code.OK);
    expect(closed.data).toMatchObject({ closedJobs: 1, alreadyClosed: false });
    // The closed day reads green with its stored counts and note.
    const after = await ok<VerifyResult>('/officeDay/verify', { date });
    expect(after).toMatchObject({
      dayStatus: 'closed',
      ready: true,
      countedCashCents: 4_500,
      differenceNote: '$5 given back as change',
    });
    const [row] = await queryRows<{ status: string }>(t.db, sql`select status from jobs where id = ${job.id}`);
    expect(row!.status).toBe('closed');
  });

  it('refuses every write to the closed day with 10010', async () => {
    const other = await jobOn('2034-05-06', '09:00');
    const [current] = await queryRows<{ version: number; customer_id: number }>(
      t.db,
      sql`select version, customer_id from jobs where id = ${other.id}`,
    );
    const team = await activeTeam(t);
    // Onto the closed day: modify, schedule, board move, add, re-clean.
    const body = await modifyBody(t, other.id, { serviceDate: date });
    expect(await codeOf('/job/modify', body)).toBe(Code.REFUSED);
    expect(
      await codeOf('/jhSchedule/moveJob', { id: other.id, version: current!.version, teamId: team.id, date, startTime: '10:00' }),
    ).toBe(Code.REFUSED);
    const location = await locationWith(t, 'true');
    expect(await codeOf('/job/add', { locationId: location.id, teamId: team.id, serviceDate: date, startTime: '10:00' })).toBe(
      Code.REFUSED,
    );
    // The closed day's own job: lines, state, re-clean onto it, payments dated that day.
    const [closedJob] = await queryRows<{ version: number; customer_id: number }>(
      t.db,
      sql`select version, customer_id from jobs where id = ${job.id}`,
    );
    expect(await codeOf('/job/saveLines', { id: job.id, version: closedJob!.version, lines: [] })).toBe(Code.REFUSED);
    expect(
      await codeOf('/job/updateState', { id: job.id, version: closedJob!.version, status: 'uncompleted', reason: 'x' }),
    ).toBe(Code.REFUSED);
    expect(await codeOf('/job/reclean', { id: job.id, reason: 'Missed a room', serviceDate: date })).toBe(Code.REFUSED);
    const payment = { customerId: closedJob!.customer_id, paidOn: date, amountCents: 100, method: 'cash' };
    expect(await codeOf('/job/addPayment', { ...payment, jobId: job.id })).toBe(Code.REFUSED);
    expect(await codeOf('/customerPayment/add', payment)).toBe(Code.REFUSED);
    const [paid] = await queryRows<{ id: number; version: number }>(
      t.db,
      sql`select id, version from customer_payments where paid_on = ${date} limit 1`,
    );
    expect(await codeOf('/customerPayment/void', { id: paid!.id, version: paid!.version, reason: 'wrong' })).toBe(Code.REFUSED);
    // The re-clean of a closed day's job on another day is still possible (it does not change the closed job).
    expect(await codeOf('/job/reclean', { id: job.id, reason: 'Missed a room', serviceDate: '2034-05-12' })).toBe(Code.OK);
  });

  it('reopens only with the reopen permission and a reason, logged; the jobs go back to confirmed', async () => {
    expect(await codeOf('/officeDay/reopen', { date, reason: 'Check on the wrong customer' }, scheduler)).toBe(Code.FORBIDDEN);
    const reopened = await ok<{ reopenedJobs: number }>('/officeDay/reopen', { date, reason: 'Check on the wrong customer' });
    expect(reopened.reopenedJobs).toBe(1);
    const [row] = await queryRows<{ status: string }>(t.db, sql`select status from jobs where id = ${job.id}`);
    expect(row!.status).toBe('completed');
    const [log] = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where action = 'reopenDay' order by id desc limit 1`,
    );
    expect(log!.summary).toContain('Check on the wrong customer');
    expect(await codeOf('/officeDay/reopen', { date, reason: 'again' })).toBe(Code.REFUSED);
  });

  it('two closes at once close the day once', async () => {
    const day = '2034-06-01';
    const body = { date: day, countedCashCents: 0, countedCheckCents: 0 };
    const results = await Promise.all(
      [1, 2].map(() => t.call<{ alreadyClosed: boolean }>('/officeDay/close', { token: admin, body })),
    );
    expect(results.map((r) => r.code)).toEqual([Code.OK, Code.OK]);
    expect(results.map((r) => r.data.alreadyClosed).sort()).toEqual([false, true]);
    const logs = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'closeDay' and details->'params'->>'date' = ${day}`,
    );
    expect(logs[0]!.n).toBe(1);
  });
});

describe('demo data', () => {
  it('has yesterday closed with its gate green and today open with jobs to confirm', async () => {
    const today = await businessToday(t.db);
    const yesterday = addDays(today, -1);
    const closed = await ok<VerifyResult>('/officeDay/verify', { date: yesterday });
    expect(closed.dayStatus).toBe('closed');
    expect(closed.items.filter((i) => !i.ok)).toEqual([]);
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where service_date = ${yesterday} and status in ('scheduled', 'completed', 'uncompleted')`,
    );
    expect(left!.n).toBe(0);
    const open = await ok<CompletionList>('/officeDay/completionList', { date: today });
    expect(open.dayStatus).toBe('open');
    expect(open.list.some((j) => j.status === 'scheduled')).toBe(true);
  });
});
