import {
  DEFAULT_TIME_ZONE,
  formatCents,
  formatMessageDate,
  formatMessageWindow,
  isValidTimeZone,
  type Locale,
  type MessageEvent,
  PLACEHOLDERS,
} from '@tidyhouse/contract';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { BUSINESS_PROFILE_ID, businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { invoices } from '../../billing/invoices/invoices.tables';
import { customerPayments } from '../../billing/payments/payments.tables';
import { customerLocations, customers } from '../../customers/customers.tables';
import { teams } from '../../employees/employees.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { businessProfile } from '../../system/system.tables';

/** What a message is about: the customer, and the job, invoice or payment of its event. */
export interface MessageSubject {
  customerId: number;
  jobId?: number | null;
  invoiceId?: number | null;
  paymentId?: number | null;
}

/** The job a message reads: its date, window (the arrival window, else the start), team and address. */
export async function jobFacts(db: Db, jobId: number) {
  return (await jobFactsOf(db, [jobId])).get(jobId) ?? null;
}

export type JobFacts = NonNullable<Awaited<ReturnType<typeof jobFacts>>>;

/** The jobs of many messages in one read (the worker's batch). */
async function jobFactsOf(db: Db, jobIds: readonly number[]) {
  const rows =
    jobIds.length === 0
      ? []
      : await db
          .select({
            id: jobs.id,
            reference: jobs.reference,
            customerId: jobs.customerId,
            status: jobs.status,
            serviceDate: jobs.serviceDate,
            windowStart: jobs.windowStartMinutes,
            windowEnd: jobs.windowEndMinutes,
            start: jobs.startMinutes,
            totalCents: jobs.invoiceTotalCents,
            team: teams.name,
            address1: customerLocations.address1,
            city: customerLocations.city,
          })
          .from(jobs)
          .leftJoin(teams, eq(teams.id, jobs.teamId))
          .innerJoin(customerLocations, eq(customerLocations.id, jobs.locationId))
          .where(inArray(jobs.id, [...new Set(jobIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The business as its messages name it, and its time zone (quiet hours). */
export async function businessFacts(db: Db): Promise<{ name: string; phone: string; timeZone: string }> {
  const [row] = await db
    .select({ name: businessProfile.name, phone: businessProfile.phone, timeZone: businessProfile.timeZone })
    .from(businessProfile)
    .where(eq(businessProfile.id, BUSINESS_PROFILE_ID));
  return {
    name: row?.name ?? '',
    phone: row?.phone ?? '',
    timeZone: row && isValidTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE,
  };
}

/** Everything the placeholders of a set of messages read: one read per kind, whatever their number. */
export interface MessageFacts {
  business: { name: string; phone: string };
  customerNames: Map<number, string>;
  jobs: Map<number, JobFacts>;
  invoices: Map<number, { totalCents: number }>;
  payments: Map<number, { amountCents: number; paidOn: string }>;
}

const idsOf = (subjects: readonly MessageSubject[], key: 'jobId' | 'invoiceId' | 'paymentId') => [
  ...new Set(subjects.flatMap((s) => (s[key] ? [s[key]] : []))),
];

/**
 * Reads the facts of these messages' placeholders. The business and the customers' names may be
 * given when the caller has read them already (the worker reads both for other reasons).
 */
export async function loadMessageFacts(
  db: Db,
  subjects: readonly MessageSubject[],
  known: {
    business?: { name: string; phone: string } | Promise<{ name: string; phone: string }>;
    customerNames?: Map<number, string>;
  } = {},
): Promise<MessageFacts> {
  const invoiceIds = idsOf(subjects, 'invoiceId');
  const paymentIds = idsOf(subjects, 'paymentId');
  const customerIds = [...new Set(subjects.map((s) => s.customerId))];
  const [business, customerNames, jobMap, invoiceRows, paymentRows] = await Promise.all([
    known.business ?? businessFacts(db),
    known.customerNames ??
      (customerIds.length === 0
        ? new Map<number, string>()
        : db
            .select({ id: customers.id, name: customers.name })
            .from(customers)
            .where(inArray(customers.id, customerIds))
            .then((rows) => new Map(rows.map((r) => [r.id, r.name])))),
    jobFactsOf(db, idsOf(subjects, 'jobId')),
    invoiceIds.length === 0
      ? []
      : db.select({ id: invoices.id, totalCents: invoices.totalCents }).from(invoices).where(inArray(invoices.id, invoiceIds)),
    paymentIds.length === 0
      ? []
      : db
          .select({ id: customerPayments.id, amountCents: customerPayments.amountCents, paidOn: customerPayments.paidOn })
          .from(customerPayments)
          .where(inArray(customerPayments.id, paymentIds)),
  ]);
  return {
    business: { name: business.name, phone: business.phone },
    customerNames,
    jobs: jobMap,
    invoices: new Map(invoiceRows.map((r) => [r.id, r])),
    payments: new Map(paymentRows.map((r) => [r.id, r])),
  };
}

/** The next scheduled job from today on (business time zone): the preview's default. */
export async function nextScheduledJobId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'scheduled'), gte(jobs.serviceDate, await businessToday(db))))
    .orderBy(asc(jobs.serviceDate), asc(jobs.startMinutes), asc(jobs.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The placeholder values of one message, in the customer's language. A value the event has no
 * source for is empty (renderTemplate then leaves no braces). `linkUrl` is the event's link.
 */
export async function placeholderValues(
  db: Db,
  event: MessageEvent,
  subject: MessageSubject,
  language: Locale,
  linkUrl: string,
): Promise<Record<string, string>> {
  return valuesOf(await loadMessageFacts(db, [subject]), event, subject, language, linkUrl);
}

/** The placeholder values of one message from facts read before (loadMessageFacts). */
export function valuesOf(
  facts: MessageFacts,
  event: MessageEvent,
  subject: MessageSubject,
  language: Locale,
  linkUrl: string,
): Record<string, string> {
  const job = subject.jobId ? facts.jobs.get(subject.jobId) : undefined;
  const values: Record<string, string> = {
    customer: facts.customerNames.get(subject.customerId) ?? '',
    business: facts.business.name,
    phone: facts.business.phone,
    date: job?.serviceDate ? formatMessageDate(job.serviceDate, language) : '',
    window: job
      ? formatMessageWindow(job.windowStart ?? job.start, job.windowStart === null ? null : job.windowEnd, language)
      : '',
    team: job?.team ?? '',
    address: job ? [job.address1, job.city].filter(Boolean).join(', ') : '',
    amount: job ? formatCents(job.totalCents, language) : '',
  };
  const invoice = subject.invoiceId ? facts.invoices.get(subject.invoiceId) : undefined;
  if (invoice) values.amount = formatCents(invoice.totalCents, language);
  const payment = subject.paymentId ? facts.payments.get(subject.paymentId) : undefined;
  if (payment) {
    values.amount = formatCents(payment.amountCents, language);
    values.date = formatMessageDate(payment.paidOn, language);
  }
  // The event's page: invoices (job done), card update (card declined), review (review request).
  if (PLACEHOLDERS[event].includes('link')) values.link = linkUrl;
  return values;
}

/** Sample values for a preview when no job exists yet. */
export function sampleValues(language: Locale, business: { name: string; phone: string }, linkUrl: string) {
  return {
    customer: language === 'zh' ? '王丽' : 'Ann Lee',
    business: business.name,
    phone: business.phone,
    date: formatMessageDate('2026-12-04', language),
    window: formatMessageWindow(540, 660, language),
    team: language === 'zh' ? '一组' : 'Team Blue',
    address: '1250 Bayshore Hwy, Burlingame',
    amount: formatCents(16_500, language),
    link: linkUrl,
  };
}
