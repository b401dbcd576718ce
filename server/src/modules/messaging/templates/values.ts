import {
  formatCents,
  formatMessageDate,
  formatMessageWindow,
  type Locale,
  type MessageEvent,
  PLACEHOLDERS,
} from '@tidyhouse/contract';
import { and, asc, eq, gte } from 'drizzle-orm';
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
  const [row] = await db
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
    .where(eq(jobs.id, jobId));
  return row ?? null;
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
  const [business] = await db
    .select({ name: businessProfile.name, phone: businessProfile.phone })
    .from(businessProfile)
    .where(eq(businessProfile.id, BUSINESS_PROFILE_ID));
  const [customer] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, subject.customerId));
  const job = subject.jobId ? await jobFacts(db, subject.jobId) : null;
  const values: Record<string, string> = {
    customer: customer?.name ?? '',
    business: business?.name ?? '',
    phone: business?.phone ?? '',
    date: job?.serviceDate ? formatMessageDate(job.serviceDate, language) : '',
    window: job
      ? formatMessageWindow(job.windowStart ?? job.start, job.windowStart === null ? null : job.windowEnd, language)
      : '',
    team: job?.team ?? '',
    address: job ? [job.address1, job.city].filter(Boolean).join(', ') : '',
    amount: job ? formatCents(job.totalCents, language) : '',
  };
  if (subject.invoiceId) {
    const [invoice] = await db
      .select({ totalCents: invoices.totalCents, issuedOn: invoices.issuedOn })
      .from(invoices)
      .where(eq(invoices.id, subject.invoiceId));
    if (invoice) values.amount = formatCents(invoice.totalCents, language);
  }
  if (subject.paymentId) {
    const [payment] = await db
      .select({ amountCents: customerPayments.amountCents, paidOn: customerPayments.paidOn })
      .from(customerPayments)
      .where(eq(customerPayments.id, subject.paymentId));
    if (payment) {
      values.amount = formatCents(payment.amountCents, language);
      values.date = formatMessageDate(payment.paidOn, language);
    }
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
