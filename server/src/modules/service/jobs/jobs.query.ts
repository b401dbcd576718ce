import {
  JOB_TRANSITIONS,
  type JobDetail,
  type JobExportQuery,
  type JobListItem,
  type JobListRequest,
  type JobListResponse,
  minutesToTime,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { likeEscape } from '../../../platform/list';
import { customerLocations, customerPayments, customers } from '../../customers/customers.tables';
import { searchCondition } from '../../customers/search-terms';
import { sysUsers, teams } from '../../employees/employees.tables';
import { zones } from '../../system/settings.tables';
import { auditLog } from '../../system/system.tables';
import { laborOf } from './job-costing';
import { pricingDateOf } from './jobs.service';
import { jobImages, jobLines, jobReminders, jobs } from './jobs.tables';

type JobFilters = Omit<JobListRequest, 'pageNum' | 'pageSize' | 'sort'>;

const REFERENCE_LIKE = /^j-\d/i;

/** The WHERE of the job list and its export; every filter is a column of jobs (indexed with the date). */
export function jobConditions(f: JobFilters | JobExportQuery): SQL | undefined {
  const keyword = f.keyword?.trim() ?? '';
  return and(
    keyword && REFERENCE_LIKE.test(keyword)
      ? sql`${jobs.reference} like ${`${likeEscape(keyword.toUpperCase())}%`}`
      : searchCondition(keyword, sql`${jobs.customerId}`),
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
    invoiceTotalCents: r.invoiceTotalCents!,
    planId: r.planId,
    recleanOfJobId: r.recleanOfJobId,
    version: r.version!,
  };
}

/** Totals of the whole filtered set (not only the page): one aggregate over the same conditions. */
export async function jobTotals(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({
      jobs: sql<number>`count(*)`.mapWith(Number),
      inHomeMinutes: sql<number>`coalesce(sum(${jobs.durationMinutes}), 0)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(${jobs.subtotalCents}), 0)`.mapWith(Number),
    })
    .from(jobs)
    .where(where);
  return row!;
}

/** The Job List: one page, sorted by date, plus the totals of the filtered set (two queries). */
export async function listJobs(db: Db, req: JobListRequest): Promise<JobListResponse> {
  const where = jobConditions(req);
  const field = req.sort?.field === 'reference' ? 'reference' : 'serviceDate';
  const [rows, totals] = await Promise.all([
    listQuery(db, where, req.sort?.order ?? 'descend', field)
      .limit(req.pageSize)
      .offset((req.pageNum - 1) * req.pageSize),
    jobTotals(db, where),
  ]);
  return { list: rows.map((r) => toListItem(r as ListRow)), total: totals.jobs, totals };
}

/** Rows of the export, in pages of `batch`, for a streaming writer. */
export async function* exportRows(db: Db, query: JobExportQuery, batch = 1000): AsyncGenerator<JobListItem[]> {
  const where = jobConditions(query);
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
export async function jobDetail(db: Db, id: number): Promise<JobDetail> {
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
      summary: c.summary,
      changes: (c.changes as Record<string, { from: unknown; to: unknown }> | null) ?? {},
    })),
    allowedTransitions: JOB_TRANSITIONS[j.status].filter((s) => s !== 'closed'),
  };
}
