import {
  type AuditDetails,
  COUNT_CAP,
  JOB_TRANSITIONS,
  type JobDetail,
  type JobExportQuery,
  type JobListItem,
  type JobListRequest,
  type JobListResponse,
  jobRevenueCents,
  type Locale,
  maxDiscountOf,
  minutesToTime,
  renderAuditSummary,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { largeTotal, likeEscape } from '../../../platform/list';
import { customerPayments } from '../../billing/payments/payments.tables';
import { customerLocations, customerSearchTerms, customers } from '../../customers/customers.tables';
import { searchCondition, searchTokens } from '../../customers/search-terms';
import { sysUsers, teams } from '../../employees/employees.tables';
import { zones } from '../../system/settings.tables';
import { auditLog } from '../../system/system.tables';
import { laborOf } from './job-costing';
import { maxDiscountBpsOf } from './job-discounts';
import { jobRevenueSql } from './job-revenue';
import { pricingDateOf } from './jobs.service';
import { jobImages, jobLines, jobReminders, jobs } from './jobs.tables';

type JobFilters = Omit<JobListRequest, 'pageNum' | 'pageSize' | 'sort'>;

const REFERENCE_LIKE = /^j-\d/i;

/**
 * A customer search matching at most this many customers is resolved to their ids first, so the jobs
 * are found by `jobs_customer_date_idx`; a broader one stays a subquery (the page then walks the date
 * index and stops after 20 rows). Two words made the planner lose the index path (13 s on a million
 * jobs, docs/performance.md "Jobs").
 */
const CUSTOMER_IDS_MAX = 2000;

/** The ids of the customers every word of the search starts a term of, or null when more than the cap. */
async function matchingCustomerIds(db: Db, tokens: string[]): Promise<number[] | null> {
  const terms = tokens.map(
    (token) => sql`select customer_id from ${customerSearchTerms} where term like ${`${likeEscape(token)}%`}`,
  );
  const rows = await queryRows<{ customer_id: number }>(
    db,
    sql`select customer_id from (${sql.join(terms, sql` intersect `)}) as matched limit ${CUSTOMER_IDS_MAX + 1}`,
  );
  return rows.length > CUSTOMER_IDS_MAX ? null : rows.map((r) => Number(r.customer_id));
}

async function keywordCondition(db: Db, keyword: string): Promise<SQL | undefined> {
  if (!keyword) return undefined;
  if (REFERENCE_LIKE.test(keyword)) return sql`${jobs.reference} like ${`${likeEscape(keyword.toUpperCase())}%`}`;
  const tokens = searchTokens(keyword);
  if (tokens.length === 0) return undefined;
  const ids = await matchingCustomerIds(db, tokens);
  if (ids === null) return searchCondition(keyword, sql`${jobs.customerId}`);
  return ids.length === 0 ? sql`false` : inArray(jobs.customerId, ids);
}

/** The WHERE of the job list and its export; every filter is a column of jobs (indexed with the date). */
export async function jobConditions(db: Db, f: JobFilters | JobExportQuery): Promise<SQL | undefined> {
  return and(
    await keywordCondition(db, f.keyword?.trim() ?? ''),
    f.dateFrom ? gte(jobs.serviceDate, f.dateFrom) : undefined,
    f.dateTo ? lte(jobs.serviceDate, f.dateTo) : undefined,
    f.statuses?.length ? inArray(jobs.status, f.statuses) : undefined,
    f.teamId === 0 ? isNull(jobs.teamId) : f.teamId ? eq(jobs.teamId, f.teamId) : undefined,
    f.zoneId ? eq(jobs.zoneId, f.zoneId) : undefined,
    f.frequency ? eq(jobs.frequency, f.frequency) : undefined,
    f.customerId ? eq(jobs.customerId, f.customerId) : undefined,
    'locationId' in f && f.locationId ? eq(jobs.locationId, f.locationId) : undefined,
    'planId' in f && f.planId ? eq(jobs.planId, f.planId) : undefined,
  );
}

const listColumns = {
  id: jobs.id,
  reference: jobs.reference,
  status: jobs.status,
  serviceDate: jobs.serviceDate,
  startMinutes: jobs.startMinutes,
  durationMinutes: jobs.durationMinutes,
  frequency: jobs.frequency,
  customerId: jobs.customerId,
  customerName: customers.name,
  phone: customers.phone1,
  locationId: jobs.locationId,
  locationName: customerLocations.name,
  address1: customerLocations.address1,
  city: customerLocations.city,
  zip: customerLocations.zip,
  zoneId: jobs.zoneId,
  zoneName: zones.name,
  zoneColor: zones.color,
  teamId: jobs.teamId,
  teamName: teams.name,
  teamColor: teams.color,
  quotedMinutes: jobs.quotedMinutes,
  actualMinutes: jobs.actualMinutes,
  subtotalCents: jobs.subtotalCents,
  cancelFeeCents: jobs.cancelFeeCents,
  invoiceTotalCents: jobs.invoiceTotalCents,
  planId: jobs.planId,
  recleanOfJobId: jobs.recleanOfJobId,
  version: jobs.version,
};
type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | null } & Record<string, unknown>;

function listQuery(db: Db, where: SQL | undefined, order: 'ascend' | 'descend', field: 'serviceDate' | 'reference') {
  const column = field === 'reference' ? jobs.reference : jobs.serviceDate;
  const direction = order === 'descend' ? desc : asc;
  return db
    .select(listColumns)
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .innerJoin(customerLocations, eq(customerLocations.id, jobs.locationId))
    .leftJoin(zones, eq(zones.id, jobs.zoneId))
    .leftJoin(teams, eq(teams.id, jobs.teamId))
    .where(where)
    .orderBy(direction(column), direction(jobs.startMinutes), direction(jobs.id))
    .$dynamic();
}

export function toListItem(r: ListRow): JobListItem {
  return {
    id: r.id!,
    reference: r.reference!,
    status: r.status!,
    serviceDate: r.serviceDate,
    startTime: r.startMinutes === null ? null : minutesToTime(r.startMinutes),
    durationMinutes: r.durationMinutes!,
    frequency: r.frequency!,
    customer: { id: r.customerId!, name: r.customerName! },
    phone: r.phone ?? '',
    location: { id: r.locationId!, name: r.locationName!, address1: r.address1!, city: r.city!, zip: r.zip! },
    zone: r.zoneId ? { id: r.zoneId, name: r.zoneName ?? '', color: r.zoneColor ?? '' } : null,
    team: r.teamId ? { id: r.teamId, name: r.teamName ?? '', color: r.teamColor ?? '' } : null,
    quotedMinutes: r.quotedMinutes!,
    actualMinutes: r.actualMinutes,
    subtotalCents: r.subtotalCents!,
    revenueCents: jobRevenueCents({ status: r.status!, subtotalCents: r.subtotalCents!, cancelFeeCents: r.cancelFeeCents! }),
    invoiceTotalCents: r.invoiceTotalCents!,
    planId: r.planId,
    recleanOfJobId: r.recleanOfJobId,
    version: r.version!,
  };
}

/**
 * Count and totals of the filtered set, reading at most `cap` + 1 matching rows (docs/api-conventions.md
 * "Totals of large lists"): `capped` when more match, and then the sums are of a part only.
 */
export async function cappedTotals(db: Db, where: SQL | undefined, cap = COUNT_CAP) {
  const matching = db
    .select({ minutes: jobs.durationMinutes, revenue: jobRevenueSql().as('revenue') })
    .from(jobs)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await db
    .select({
      jobs: sql<number>`count(*)`.mapWith(Number),
      inHomeMinutes: sql<number>`coalesce(sum(${matching.minutes}), 0)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(${matching.revenue}), 0)`.mapWith(Number),
    })
    .from(matching);
  return { ...row!, capped: row!.jobs > cap };
}

/**
 * The Job List: one page, sorted by date, and the count and totals of the filtered set, counted up to
 * COUNT_CAP like the other large lists; past it the total is "10,000+" and the totals are null (the
 * screen asks for a narrower filter), so no filter ever sums a million rows.
 */
export async function listJobs(db: Db, req: JobListRequest): Promise<JobListResponse> {
  const where = await jobConditions(db, req);
  const field = req.sort?.field === 'reference' ? 'reference' : 'serviceDate';
  const [rows, counted] = await Promise.all([
    listQuery(db, where, req.sort?.order ?? 'descend', field)
      .limit(req.pageSize)
      .offset((req.pageNum - 1) * req.pageSize),
    cappedTotals(db, where),
  ]);
  const { capped, ...totals } = counted;
  return {
    list: rows.map((r) => toListItem(r as ListRow)),
    ...largeTotal(totals.jobs, true),
    totals: capped ? null : totals,
  };
}

/** Rows of the export, in pages of `batch`, for a streaming writer. */
export async function* exportRows(
  db: Db,
  where: SQL | undefined,
  query: JobExportQuery,
  batch = 1000,
): AsyncGenerator<JobListItem[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await listQuery(db, where, query.sortOrder ?? 'ascend', 'serviceDate')
      .limit(batch)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows.map((r) => toListItem(r as ListRow));
    if (rows.length < batch) return;
  }
}

const preferredTeams = alias(teams, 'preferred_teams');
const assignees = alias(sysUsers, 'assignees');
const recleanSources = alias(jobs, 'reclean_sources');

/** Everything the Job Detail shows, in one answer. */
export async function jobDetail(db: Db, id: number, locale: Locale = 'en'): Promise<JobDetail> {
  const [row] = await db
    .select({
      job: jobs,
      customerName: customers.name,
      phone: customers.phone1,
      location: customerLocations,
      zone: { id: zones.id, name: zones.name, color: zones.color },
      team: { id: teams.id, name: teams.name, color: teams.color },
      preferredTeam: { id: preferredTeams.id, name: preferredTeams.name, color: preferredTeams.color },
      assignee: { id: assignees.id, name: assignees.name },
      recleanOf: { id: recleanSources.id, reference: recleanSources.reference },
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .innerJoin(customerLocations, eq(customerLocations.id, jobs.locationId))
    .leftJoin(zones, eq(zones.id, jobs.zoneId))
    .leftJoin(teams, eq(teams.id, jobs.teamId))
    .leftJoin(preferredTeams, eq(preferredTeams.id, jobs.preferredTeamId))
    .leftJoin(assignees, eq(assignees.id, jobs.assigneeId))
    .leftJoin(recleanSources, eq(recleanSources.id, jobs.recleanOfJobId))
    .where(eq(jobs.id, id));
  if (!row) throw notFound('jobs.job');
  const j = row.job;
  const pricingDate = await pricingDateOf(db, j);
  const maxDiscountBps = await maxDiscountBpsOf(db);
  const jobPayments = db.select({ id: customerPayments.id }).from(customerPayments).where(eq(customerPayments.jobId, id));
  const uploaders = alias(sysUsers, 'uploaders');
  const doers = alias(sysUsers, 'doers');
  const [lines, labor, payments, images, reminders, changes, recleans] = await Promise.all([
    db.select().from(jobLines).where(eq(jobLines.jobId, id)).orderBy(asc(jobLines.sortOrder)),
    j.status === 'cancelled' ? Promise.resolve([]) : laborOf(db, j.teamId, pricingDate, j.durationMinutes),
    db
      .select()
      .from(customerPayments)
      .where(or(eq(customerPayments.jobId, id), inArray(customerPayments.reversalOfId, jobPayments)))
      .orderBy(asc(customerPayments.paidOn), asc(customerPayments.id)),
    db
      .select({ image: jobImages, uploaderName: uploaders.name })
      .from(jobImages)
      .leftJoin(uploaders, eq(uploaders.id, jobImages.createdBy))
      .where(and(eq(jobImages.jobId, id), isNull(jobImages.deletedAt)))
      .orderBy(asc(jobImages.id)),
    db
      .select({ reminder: jobReminders, doneByName: doers.name })
      .from(jobReminders)
      .leftJoin(doers, eq(doers.id, jobReminders.doneBy))
      .where(and(eq(jobReminders.jobId, id), isNull(jobReminders.deletedAt)))
      .orderBy(asc(jobReminders.dueDate), asc(jobReminders.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'job'), eq(auditLog.recordId, id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(200),
    db
      .select({ id: jobs.id, reference: jobs.reference, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.recleanOfJobId, id))
      .orderBy(asc(jobs.id)),
  ]);
  const ref = <T extends { id: number | null }>(v: T | null) => (v && v.id !== null ? (v as T & { id: number }) : null);
  return {
    job: {
      id: j.id,
      reference: j.reference,
      status: j.status,
      frequency: j.frequency,
      customer: { id: j.customerId, name: row.customerName, phone: row.phone },
      location: {
        id: row.location.id,
        name: row.location.name,
        address1: row.location.address1,
        address2: row.location.address2,
        city: row.location.city,
        state: row.location.state,
        zip: row.location.zip,
      },
      zone: ref(row.zone),
      team: ref(row.team),
      preferredTeam: ref(row.preferredTeam),
      windowStart: j.windowStartMinutes === null ? null : minutesToTime(j.windowStartMinutes),
      windowEnd: j.windowEndMinutes === null ? null : minutesToTime(j.windowEndMinutes),
      serviceDate: j.serviceDate,
      startTime: j.startMinutes === null ? null : minutesToTime(j.startMinutes),
      durationMinutes: j.durationMinutes,
      quotedMinutes: j.quotedMinutes,
      actualMinutes: j.actualMinutes,
      uncompletedReason: j.uncompletedReason,
      cancelReason: j.cancelReason,
      cancelNote: j.cancelNote,
      cancelFeeCents: j.cancelFeeCents,
      recleanOf: ref(row.recleanOf),
      recleans,
      recleanReason: j.recleanReason,
      customerAtHome: j.customerAtHome,
      assignee: ref(row.assignee),
      drivingDistanceTenthMiles: j.drivingDistanceTenthMiles,
      pricePerMinuteCents: j.pricePerMinuteCents,
      flatRateCents: j.flatRateCents,
      couponCode: j.couponCode,
      couponCents: j.couponCents,
      discountCents: j.discountCents,
      maxDiscountCents: maxDiscountOf(j.revenueCents, maxDiscountBps),
      maxDiscountBps,
      notes: j.notes,
      planId: j.planId,
      occurrenceDate: j.occurrenceDate,
      movedByHand: j.movedByHand,
      editedByHand: j.editedByHand,
      quoteId: j.quoteId,
      pricingDate,
      costing: {
        revenueCents: j.revenueCents,
        discountsCents: j.discountsCents,
        subtotalCents: j.subtotalCents,
        taxableCents: j.taxableCents,
        taxesCents: j.taxesCents,
        salesTaxBps: j.salesTaxBps,
        projectedLaborCents: j.projectedLaborCents,
        invoiceTotalCents: j.invoiceTotalCents,
        profitLossCents: j.profitLossCents,
      },
      createdAt: j.createdAt.toISOString(),
      updatedAt: j.updatedAt.toISOString(),
      version: j.version,
    },
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      priceItemId: l.priceItemId,
      nameEn: l.nameEn,
      nameZh: l.nameZh,
      rateEffectiveFrom: l.rateEffectiveFrom,
      quantity: l.quantity,
      minutesEach: l.minutesEach,
      unitPriceCents: l.unitPriceCents,
      taxable: l.taxable,
      free: l.free,
      freeReason: l.freeReason,
      amountCents: l.amountCents,
    })),
    labor,
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      paidOn: p.paidOn,
      amountCents: p.amountCents,
      gratuityCents: p.gratuityCents,
      method: p.method,
      note: p.note,
    })),
    paidCents: payments.reduce((sum, p) => sum + p.amountCents, 0),
    images: images.map(({ image, uploaderName }) => ({
      id: image.id,
      kind: image.kind,
      name: image.name,
      mimeType: image.mimeType,
      sizeBytes: image.sizeBytes,
      uploadedAt: image.createdAt.toISOString(),
      uploadedBy: image.createdBy && uploaderName ? { id: image.createdBy, name: uploaderName } : null,
    })),
    reminders: reminders.map(({ reminder, doneByName }) => ({
      id: reminder.id,
      jobId: reminder.jobId,
      dueDate: reminder.dueDate,
      note: reminder.note,
      done: reminder.done,
      doneAt: reminder.doneAt?.toISOString() ?? null,
      doneBy: reminder.doneBy && doneByName ? { id: reminder.doneBy, name: doneByName } : null,
      version: reminder.version,
    })),
    changes: changes.map((c) => ({
      id: c.id,
      at: c.at.toISOString(),
      action: c.action,
      user: c.uname,
      // Entries with facts read in the caller's language; older ones keep their stored summary.
      summary:
        renderAuditSummary({ module: c.module, action: c.action, details: c.details as AuditDetails | null }, locale) ??
        c.summary,
      changes: (c.changes as Record<string, { from: unknown; to: unknown }> | null) ?? {},
    })),
    allowedTransitions: JOB_TRANSITIONS[j.status].filter((s) => s !== 'closed'),
  };
}
