import { addDays, Code, type Customer, type CustomerListItem, type JobSaved } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { businessToday } from '../../platform/business-date';
import { queryRows } from '../../platform/database';
import { activeTeam, modifyBody } from '../service/jobs/jobs.fixtures';
import { locationBody } from './customers.fixtures';

/** Next and last service dates follow the jobs (docs/business-rules.md "Customers", migration 0027). */

let t: TestApp;
let token: string;
let today: string;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('super_admin');
  today = await businessToday(t.db);
  teamId = (await activeTeam(t)).id;
});
afterAll(() => t.close());

async function ok<T>(path: string, body: unknown, locale: 'en' | 'zh' = 'en'): Promise<T> {
  const result = await t.call<T>(path, { token, body, locale });
  expect(result.code, `${path}: ${result.message}`).toBe(Code.OK);
  return result.data;
}

async function newCustomer(name: string) {
  return ok<{ id: number; version: number; locationId: number }>('/customer/add', {
    name,
    phone1: '(650) 555-7300',
    status: 'active',
    location: locationBody(),
  });
}

const addJob = (locationId: number, serviceDate: string) =>
  ok<JobSaved>('/job/add', { locationId, teamId, serviceDate, startTime: '09:00' });

async function datesOf(id: number) {
  const customer = await ok<Customer>('/customer/detail', { id });
  return { next: customer.nextServiceDate, last: customer.lastServiceDate };
}

describe('customer service dates', () => {
  it('follow the jobs: added, moved, completed and cancelled', async () => {
    const { id, locationId } = await newCustomer('Dates Follow Jobs');
    expect(await datesOf(id)).toEqual({ next: null, last: null });

    const later = await addJob(locationId, addDays(today, 30));
    expect(await datesOf(id)).toEqual({ next: addDays(today, 30), last: null });
    const todays = await addJob(locationId, today);
    expect(await datesOf(id)).toEqual({ next: today, last: null });

    // Moved by an edit: the next date moves with it.
    const moved = await ok<JobSaved>('/job/modify', await modifyBody(t, later.id, { serviceDate: addDays(today, 20) }));
    expect(await datesOf(id)).toEqual({ next: today, last: null });

    // Completed: it is the last service, no longer the next.
    await ok('/job/updateState', { id: todays.id, version: todays.version, status: 'completed', actualMinutes: 120 });
    expect(await datesOf(id)).toEqual({ next: addDays(today, 20), last: today });

    // Cancelled: no visit is left to do.
    await ok('/job/updateState', { id: moved.id, version: moved.version, status: 'cancelled', reason: 'weather', feeCents: 0 });
    expect(await datesOf(id)).toEqual({ next: null, last: today });

    // The list filters and sorts on the same values.
    const found = await ok<{ list: CustomerListItem[] }>('/customer/queryList', {
      lastServiceFrom: today,
      lastServiceTo: today,
      keyword: 'Dates Follow Jobs',
    });
    expect(found.list.map((c) => [c.id, c.lastServiceDate, c.nextServiceDate])).toEqual([[id, today, null]]);
  });

  it('are not typed by hand: a modify that sends them leaves them as the jobs say', async () => {
    const { id, locationId } = await newCustomer('Dates Not Typed');
    await addJob(locationId, addDays(today, 9));
    const customer = await ok<Customer>('/customer/detail', { id });
    await ok('/customer/modify', {
      id,
      version: customer.version,
      name: customer.name,
      phone1: customer.phone1,
      nextServiceDate: '2030-01-01',
      lastServiceDate: '2020-01-01',
    });
    expect(await datesOf(id)).toEqual({ next: addDays(today, 9), last: null });
  });

  it('match the jobs for every seeded customer (the backfill and the seeds)', async () => {
    const [drift] = await queryRows<{ drifted: number }>(
      t.db,
      sql`select count(*)::int as drifted from customers c
       where c.next_service_date is distinct from (select min(service_date) from jobs j where j.customer_id = c.id
                 and j.status in ('scheduled', 'unscheduled') and j.service_date is not null)
          or c.last_service_date is distinct from (select max(service_date) from jobs j where j.customer_id = c.id
                 and j.status in ('completed', 'closed') and j.completed_at is not null)`,
    );
    const [withDates] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from customers where next_service_date is not null and last_service_date is not null`,
    );
    expect(drift!.drifted).toBe(0);
    expect(withDates!.n).toBeGreaterThan(0);
  });
});

describe('completing a job before its day', () => {
  it('is refused with 10010 saying the date, in each language, and changes nothing', async () => {
    const { locationId } = await newCustomer('Future Visit');
    const job = await addJob(locationId, addDays(today, 1));
    for (const locale of ['en', 'zh'] as const) {
      const before = await t.fingerprint();
      const result = await t.call('/job/updateState', {
        token,
        locale,
        body: { id: job.id, version: job.version, status: 'completed', actualMinutes: 90 },
      });
      expect(result.code).toBe(Code.REFUSED);
      expect(result.message).toContain(addDays(today, 1));
      expect(result.message).toMatch(locale === 'en' ? /cannot be marked completed before its day/ : /服务日期未到/);
      expect(await t.fingerprint()).toEqual(before);
    }
  });
});
