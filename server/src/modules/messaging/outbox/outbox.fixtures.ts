import { addDays, type JobSaved } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { customers } from '../../customers/customers.tables';
import { refreshCustomerIndex } from '../../customers/search-terms';
import { customerMessageChoices } from '../templates/templates.tables';
import { outboxMessages } from './outbox.tables';
import { atHour } from './quiet-hours';

let counter = 0;

/**
 * A customer without jobs or saved message choices, given an e-mail, a text number and consent (both
 * channels allowed for every event), with its first location.
 */
export async function reachableCustomer(
  t: Pick<TestApp, 'db'>,
  phoneSuffix?: string,
): Promise<{ customerId: number; locationId: number; phone: string }> {
  counter += 1;
  const [row] = await queryRows<{ customerId: number; locationId: number }>(
    t.db,
    sql`select c.id as "customerId", l.id as "locationId" from customers c
          join customer_locations l on l.customer_id = c.id and l.deleted_at is null
         where c.deleted_at is null and not exists (select 1 from jobs j where j.customer_id = c.id)
           and not exists (select 1 from customer_message_choices m where m.customer_id = c.id)
           and not exists (select 1 from outbox_messages o where o.customer_id = c.id)
         order by c.id desc limit 1`,
  );
  const ids = { customerId: Number(row!.customerId), locationId: Number(row!.locationId) };
  const digits = phoneSuffix ?? String(1000 + counter).slice(-4);
  await t.db
    .update(customers)
    .set({ email: `outbox${counter}@example.com`, phone1: `(415) 555-${digits}` })
    .where(eq(customers.id, ids.customerId));
  // The phone search index finds the customer of an inbound text.
  await refreshCustomerIndex(t.db, ids.customerId);
  await t.db
    .insert(customerMessageChoices)
    .values({ customerId: ids.customerId, consentDate: await businessToday(t.db), consentSource: 'written' });
  return { ...ids, phone: `+1415555${digits}` };
}

export async function addJob(t: TestApp, token: string, locationId: number, body: Record<string, unknown>): Promise<JobSaved> {
  const result = await t.call<JobSaved>('/job/add', { token, body: { locationId, ...body } });
  if (result.code !== 0) throw new Error(`job add: ${result.code} ${result.message}`);
  return result.data;
}

export const outboxRowsOf = (t: TestApp, customerId: number) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.customerId, customerId)).orderBy(outboxMessages.id);

/**
 * The next `hour`:00 in the business time zone that is still to come: a row queued now is due then
 * whatever the time of day the test runs (today's noon has passed in the afternoon).
 */
export function nextHour(today: string, hour: number, timeZone: string): Date {
  const at = atHour(today, hour, timeZone);
  return at.getTime() > Date.now() ? at : atHour(addDays(today, 1), hour, timeZone);
}
