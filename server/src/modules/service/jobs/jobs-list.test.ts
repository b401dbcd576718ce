import {
  addDays,
  COUNT_CAP,
  Code,
  JOB_SEARCH_COUNT_CAP,
  type JobDetail,
  type JobListResponse,
  type JobReminder,
  type QuoteSaveResponse,
} from '@tidyhouse/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { quoteBody } from '../../customers/customers.fixtures';
import { teams } from '../../employees/employees.tables';
import { quotes } from '../../sales/sales.tables';
import { activeTeam, jobIn, newJob, SERVICE_DATE, scheduledJob, tableTotals } from './jobs.fixtures';
import { jobs } from './jobs.tables';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const call = <T>(path: string, body: unknown, locale: 'en' | 'zh' = 'en') => t.call<T>(path, { token, body, locale });
const list = async (body: Record<string, unknown>) => {
  const result = await call<JobListResponse>('/job/queryList', body);
  expect(result.code).toBe(Code.OK);
  return result.data;
};
const detail = async (id: number) => (await call<JobDetail>('/job/detail', { id })).data;

/** The same figures straight from the table, to check the list's totals. */
async function sums(where: string) {
  const [row] = await queryRows<{ n: string; minutes: string; revenue: string }>(
    t.db,
    sql.raw(
      `select count(*) n, coalesce(sum(duration_minutes), 0) minutes, coalesce(sum(subtotal_cents), 0) revenue from jobs where ${where}`,
    ),
  );
  return { jobs: Number(row!.n), inHomeMinutes: Number(row!.minutes), revenueCents: Number(row!.revenue) };
}

describe('job list', () => {
  it('filters by date range, status and team, sorts by date and totals the whole filtered set', async () => {
    const team = await activeTeam(t);
    for (const [date, time] of [
      ['2027-05-03', '13:00'],
      ['2027-05-01', '09:00'],
      ['2027-05-02', '08:00'],
    ]) {
      await scheduledJob(t, { teamId: team.id, serviceDate: date, startTime: time, durationMinutes: 120, flatRateCents: 15_000 });
    }
    const filters = { dateFrom: '2027-05-01', dateTo: '2027-05-03', statuses: ['scheduled'], teamId: team.id };
    const page = await list({ ...filters, pageSize: 2, sort: { field: 'serviceDate', order: 'ascend' } });
    expect(page.list.map((j) => j.serviceDate)).toEqual(['2027-05-01', '2027-05-02']);
    expect(page.total).toBe(3);
    expect(page.totals).toEqual(
      await sums(`service_date between '2027-05-01' and '2027-05-03' and status = 'scheduled' and team_id = ${team.id}`),
    );
    expect(page.totalCapped).toBe(false);
    expect(page.totals?.revenueCents).toBe(45_000);
    expect(page.totals?.inHomeMinutes).toBe(360);
    const descending = await list({ ...filters, sort: { field: 'serviceDate', order: 'descend' } });
    expect(descending.list.map((j) => j.serviceDate)).toEqual(['2027-05-03', '2027-05-02', '2027-05-01']);
    expect((await list({ ...filters, statuses: ['completed'] })).total).toBe(0);
  });

  it('searches by reference prefix, customer name and phone', async () => {
    const job = await newJob(t);
    const d = await detail(job.id);
    expect((await list({ keyword: job.reference })).list.map((j) => j.id)).toEqual([job.id]);
    const byName = await list({ keyword: d.job.customer.name, pageSize: 100 });
    expect(byName.list.every((j) => j.customer.id === d.job.customer.id)).toBe(true);
    expect(byName.list.some((j) => j.id === job.id)).toBe(true);
    const digits = d.job.customer.phone.replace(/\D/g, '').slice(-7);
    expect((await list({ keyword: digits, pageSize: 100 })).list.some((j) => j.id === job.id)).toBe(true);
    expect((await list({ keyword: 'zzqqxx-nobody' })).total).toBe(0);
  });

  it('counts a broad filter only up to COUNT_CAP: then "10,000+" and no totals; one job fewer is counted and totaled exactly', async () => {
    const job = await newJob(t);
    // COUNT_CAP + 1 jobs on the location of `job`, one a day from 2031-01-01 (no other job is there).
    await t.db.execute(sql`
      insert into jobs (reference, customer_id, location_id, zone_id, status, service_date, duration_minutes, subtotal_cents)
      select 'J-3101-CAP' || g, customer_id, location_id, zone_id, 'unscheduled', date '2031-01-01' + g, 60, 100
      from jobs, generate_series(0, ${COUNT_CAP}) g where id = ${job.id}`);
    const last = addDays('2031-01-01', COUNT_CAP);
    const capped = await list({ dateFrom: '2031-01-01', dateTo: last, pageSize: 5 });
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true, totals: null });
    expect(capped.list.map((j) => j.serviceDate)).toEqual([0, 1, 2, 3, 4].map((n) => addDays(last, -n)));
    const exact = await list({ dateFrom: '2031-01-01', dateTo: addDays(last, -1), pageSize: 5 });
    expect(exact).toMatchObject({
      total: COUNT_CAP,
      totalCapped: false,
      totals: { jobs: COUNT_CAP, inHomeMinutes: 60 * COUNT_CAP, revenueCents: 100 * COUNT_CAP },
    });
    await t.db.execute(sql`delete from jobs where reference like 'J-3101-CAP%'`);
  }, 120_000);

  it('counts a search only up to JOB_SEARCH_COUNT_CAP: exactly the cap is counted and totaled, one more is "1,000+" with no totals', async () => {
    const job = await newJob(t);
    const word = `capsearch${Date.now() % 100_000}`;
    const [row] = await queryRows<{ customer_id: number }>(t.db, sql`select customer_id from jobs where id = ${job.id}`);
    const customerId = row!.customer_id;
    // The customer is found by the word through several of its terms (a name, an e-mail), each a row.
    await t.db.execute(sql`delete from customer_search_terms where customer_id = ${customerId}`);
    await t.db.execute(sql`insert into customer_search_terms (customer_id, term)
      values (${customerId}, ${word}), (${customerId}, ${`${word}@example.com`})`);
    const owned = (await sums(`customer_id = ${customerId}`)).jobs;
    const addJobs = (from: number, to: number) =>
      t.db.execute(sql`
        insert into jobs (reference, customer_id, location_id, zone_id, status, service_date, duration_minutes, subtotal_cents)
        select 'J-3102-SRCH' || g, customer_id, location_id, zone_id, 'unscheduled', date '2032-01-01' + g, 60, 100
        from jobs, generate_series(${from}::int, ${to}::int) g where id = ${job.id}`);
    try {
      await addJobs(1, JOB_SEARCH_COUNT_CAP - owned);
      const exact = await list({ keyword: word, pageSize: 5 });
      expect(exact).toMatchObject({
        total: JOB_SEARCH_COUNT_CAP,
        totalCapped: false,
        totals: await sums(`customer_id = ${customerId}`),
      });
      // Newest first (the customer's undated jobs, if any, before them).
      const last = addDays('2032-01-01', JOB_SEARCH_COUNT_CAP - owned);
      const dated = exact.list.flatMap((j) => (j.serviceDate ? [j.serviceDate] : []));
      expect(exact.list).toHaveLength(5);
      expect(dated).toEqual(dated.map((_, n) => addDays(last, -n)));
      await addJobs(JOB_SEARCH_COUNT_CAP - owned + 1, JOB_SEARCH_COUNT_CAP - owned + 1);
      const capped = await list({ keyword: word, pageSize: 5 });
      expect(capped).toMatchObject({ total: JOB_SEARCH_COUNT_CAP, totalCapped: true, totals: null });
      expect(capped.list.map((j) => j.serviceDate)).toContain(addDays(last, 1));
      // The same jobs by a filter that is not a search are counted to COUNT_CAP, exactly.
      expect(await list({ customerId, pageSize: 1 })).toMatchObject({ total: JOB_SEARCH_COUNT_CAP + 1, totalCapped: false });
    } finally {
      await t.db.execute(sql`delete from jobs where reference like 'J-3102-SRCH%'`);
    }
  }, 60_000);

  it('counts and totals a filter of dates, statuses and team from the summary as the jobs themselves add up, undated jobs included', async () => {
    const team = await activeTeam(t);
    await newJob(t, { flatRateCents: 7_700, durationMinutes: 95 }); // undated
    await newJob(t, { teamId: team.id, flatRateCents: 8_800, durationMinutes: 65 }); // undated, with a team
    await scheduledJob(t, { teamId: team.id, serviceDate: '2027-06-01', flatRateCents: 9_900, durationMinutes: 125 });
    await scheduledJob(t, { serviceDate: '2027-06-02', flatRateCents: 5_500, durationMinutes: 45 });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'true'],
      [{ statuses: ['unscheduled'] }, `status = 'unscheduled'`],
      [{ statuses: ['scheduled', 'unscheduled'] }, `status in ('scheduled', 'unscheduled')`],
      [{ teamId: team.id }, `team_id = ${team.id}`],
      [{ teamId: 0 }, 'team_id is null'],
      [{ teamId: team.id, dateFrom: '2027-06-01' }, `team_id = ${team.id} and service_date >= '2027-06-01'`],
      [{ statuses: ['scheduled'], dateTo: '2027-06-02' }, `status = 'scheduled' and service_date <= '2027-06-02'`],
    ];
    for (const [filter, where] of cases) {
      const expected = await tableTotals(t, where);
      const page = await list(filter);
      expect({ total: page.total, totals: page.totals }, JSON.stringify(filter)).toEqual({
        total: expected.jobs,
        totals: expected,
      });
    }
  });

  it('searches a customer by two words: only the jobs of customers matching both', async () => {
    const bothJob = await newJob(t);
    const other = await newJob(t);
    const word = `Zyx${Date.now() % 100_000}`;
    // Two customers of their own: the second job is given another customer than the first.
    const [first] = await queryRows<{ customer_id: number }>(t.db, sql`select customer_id from jobs where id = ${bothJob.id}`);
    const [second] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from customers where id <> ${first!.customer_id} order by id limit 1`,
    );
    await t.db.execute(sql`update jobs set customer_id = ${second!.id} where id = ${other.id}`);
    for (const [customerId, name] of [
      [first!.customer_id, `${word} Quillfeather`],
      [second!.id, `${word} Marblestone`],
    ] as const) {
      await t.db.execute(sql`delete from customer_search_terms where customer_id = ${customerId}`);
      await t.db.execute(sql`insert into customer_search_terms (customer_id, term)
        select ${customerId}, unnest(string_to_array(lower(${name}), ' '))`);
    }
    // Other tests' jobs may belong to these customers too: compare with the jobs of each customer.
    const jobsOf = async (ids: number[]) => (await sums(`customer_id in (${ids.join(',')})`)).jobs;
    const both = await list({ keyword: `${word} quill`, pageSize: 100 });
    expect(new Set(both.list.map((j) => j.customer.id))).toEqual(new Set([first!.customer_id]));
    expect(both.list.map((j) => j.id)).toContain(bothJob.id);
    expect(both.total).toBe(await jobsOf([first!.customer_id]));
    const either = await list({ keyword: word, pageSize: 100 });
    expect(either.total).toBe(await jobsOf([first!.customer_id, second!.id]));
    expect((await list({ keyword: `${word} nobody` })).total).toBe(0);
  });

  it('bounds the page size', async () => {
    expect((await call('/job/queryList', { pageSize: 101 })).code).toBe(Code.INVALID_INPUT);
  });

  it('exports the filtered list to XLSX with headers in the caller language', async () => {
    const team = await activeTeam(t);
    await scheduledJob(t, { teamId: team.id, serviceDate: '2027-06-07', startTime: '10:00' });
    await scheduledJob(t, { teamId: team.id, serviceDate: '2027-06-08', startTime: '10:00' });
    for (const locale of ['zh', 'en'] as const) {
      const result = await t.call<Buffer>('/job/export', {
        token,
        method: 'GET',
        locale,
        query: { dateFrom: '2027-06-07', dateTo: '2027-06-08', teamId: String(team.id) },
      });
      expect(result.status).toBe(200);
      expect(String(result.headers['content-type'])).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(result.data as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe(locale === 'zh' ? '工单编号' : 'Reference');
      expect(sheet.rowCount).toBe(3);
      expect(sheet.getRow(2).getCell(2).value).toBe('2027-06-07');
    }
  });
});

describe('images', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
    'base64',
  );
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]);

  it('stores before/after photos by their content type and serves the same bytes', async () => {
    const job = await newJob(t);
    const upload = await call<{ id: number; mimeType: string }>('/job/uploadImage', {
      jobId: job.id,
      kind: 'after',
      name: 'kitchen.jpg', // the name says JPEG; the content is WebP and decides
      contentBase64: webp.toString('base64'),
    });
    expect(upload.code).toBe(Code.OK);
    expect(upload.data.mimeType).toBe('image/webp');
    const file = await t.call<Buffer>('/job/image', { token, method: 'GET', query: { id: String(upload.data.id) } });
    expect(Buffer.compare(file.data as Buffer, webp)).toBe(0);
    expect((await detail(job.id)).images.map((i) => i.kind)).toEqual(['after']);
    expect((await call('/job/removeImage', { id: upload.data.id })).code).toBe(Code.OK);
    expect((await detail(job.id)).images).toEqual([]);
  });

  it('refuses a file that is not JPEG, PNG or WebP whatever its name, and one over 10 MB, changing nothing', async () => {
    const job = await newJob(t);
    const before = await t.fingerprint();
    const gif = await call('/job/uploadImage', {
      jobId: job.id,
      kind: 'before',
      name: 'a.png',
      contentBase64: Buffer.from('GIF89a....').toString('base64'),
    });
    expect(gif.code).toBe(Code.INVALID_INPUT);
    expect(gif.message).toMatch(/^File: the image must be a JPEG, PNG or WebP file/);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await call('/job/uploadImage', {
      jobId: job.id,
      kind: 'before',
      name: 'a.png',
      contentBase64: big.toString('base64'),
    });
    expect(tooBig.code).toBe(Code.INVALID_INPUT);
    expect(tooBig.message).toContain('10 MB');
    expect(await t.fingerprint()).toBe(before);
  });
});

describe('reminders', () => {
  it('lists reminders due today or earlier until they are done', async () => {
    const job = await newJob(t);
    const due = (
      await call<JobReminder>('/job/addReminder', { jobId: job.id, dueDate: '2020-01-02', note: 'Confirm the gate code' })
    ).data;
    const later = (await call<JobReminder>('/job/addReminder', { jobId: job.id, dueDate: '2099-01-01', note: 'Renewal call' }))
      .data;
    const dueIds = async () =>
      (await call<{ list: { id: number }[] }>('/job/dueReminders', { pageSize: 100 })).data.list.map((r) => r.id);
    expect(await dueIds()).toContain(due.id);
    expect(await dueIds()).not.toContain(later.id);
    const done = await call<JobReminder>('/job/setReminderDone', { id: due.id, done: true });
    expect(done.data.done).toBe(true);
    expect(done.data.doneBy?.name).toBeTruthy();
    expect(await dueIds()).not.toContain(due.id);
    await call('/job/setReminderDone', { id: due.id, done: false });
    expect(await dueIds()).toContain(due.id);
    expect((await detail(job.id)).reminders.map((r) => r.id)).toEqual([due.id, later.id]);
  });
});

describe('payments and the sold quote', () => {
  it('records a payment against the job and shows it, with its reversal, in the job', async () => {
    const job = await jobIn(t, 'completed');
    const d = await detail(job.id);
    const paid = await call<{ id: number }>('/job/addPayment', {
      jobId: job.id,
      customerId: d.job.customer.id,
      paidOn: '2026-01-05', // before the void's date, so the ledger order is payment then reversal
      amountCents: 12_345,
      method: 'cash',
    });
    expect(paid.code).toBe(Code.OK);
    const [payment] = await queryRows<{ version: number }>(
      t.db,
      sql`select version from customer_payments where id = ${paid.data.id}`,
    );
    const voided = await call('/customerPayment/void', {
      id: paid.data.id,
      version: Number(payment!.version),
      reason: 'Wrong amount',
    });
    expect(voided.code).toBe(Code.OK);
    const after = await detail(job.id);
    expect(after.payments.map((p) => p.amountCents)).toEqual([12_345, -12_345]);
    expect(after.paidCents).toBe(0);
    const other = await call('/job/addPayment', {
      jobId: job.id,
      customerId: d.job.customer.id + 1,
      paidOn: SERVICE_DATE,
      amountCents: 100,
      method: 'cash',
    });
    expect(other.code).toBe(Code.INVALID_INPUT);
  });

  it('turns a sold one-time quote into an unscheduled job priced like the quote', async () => {
    const sales = await t.loginAs('sales');
    const saved = await t.call<QuoteSaveResponse>('/quote/add', {
      token: sales,
      body: await quoteBody(t, { frequency: 'one_time', couponDiscountCents: 1_000 }),
    });
    expect(saved.code).toBe(Code.OK);
    const sold = await t.call('/quote/changeStatus', { token: sales, body: { id: saved.data.id, version: 1, status: 'sold' } });
    expect(sold.code).toBe(Code.OK);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.quoteId, saved.data.id));
    const [quote] = await t.db.select().from(quotes).where(eq(quotes.id, saved.data.id));
    expect(job!.status).toBe('unscheduled');
    expect(job!.invoiceTotalCents).toBe(quote!.finalOfferCents);
    expect(job!.quotedMinutes).toBe(quote!.totalMinutes);
    expect(job!.durationMinutes).toBe(quote!.inHomeMinutes);
  });

  it('drops a preferred team disabled since the quote was made instead of refusing the sale', async () => {
    const sales = await t.loginAs('sales');
    const team = await activeTeam(t);
    const saved = await t.call<QuoteSaveResponse>('/quote/add', {
      token: sales,
      body: await quoteBody(t, { frequency: 'one_time', preferredTeamId: team.id }),
    });
    await t.db.update(teams).set({ active: false }).where(eq(teams.id, team.id));
    try {
      const sold = await t.call('/quote/changeStatus', { token: sales, body: { id: saved.data.id, version: 1, status: 'sold' } });
      expect(sold.code).toBe(Code.OK);
      const [job] = await t.db.select().from(jobs).where(eq(jobs.quoteId, saved.data.id));
      expect(job!.preferredTeamId).toBeNull();
    } finally {
      await t.db.update(teams).set({ active: true }).where(eq(teams.id, team.id));
    }
  });

  it('a recurring quote makes no job here (the plan does)', async () => {
    const sales = await t.loginAs('sales');
    const saved = await t.call<QuoteSaveResponse>('/quote/add', {
      token: sales,
      body: await quoteBody(t, { frequency: 'weekly' }),
    });
    await t.call('/quote/changeStatus', { token: sales, body: { id: saved.data.id, version: 1, status: 'sold' } });
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.quoteId, saved.data.id), isNull(jobs.planId))),
    ).toEqual([]);
  });
});
