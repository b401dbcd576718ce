import { minutesToTime, type PlanDetail, type PlanListItem, type PlanListRequest, type PlanVisit } from '@tidyhouse/contract';
import { and, asc, desc, eq, gte, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businessToday, businessTodaySql } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../../platform/list';
import { customerLocations, customers } from '../../customers/customers.tables';
import { teams } from '../../employees/employees.tables';
import { priceItems } from '../../system/settings.tables';
import { jobs } from '../jobs/jobs.tables';
import { servicePlanLines, servicePlans } from './plans.tables';

const time = (minutes: number | null) => (minutes === null ? null : minutesToTime(minutes));

/** The next visit from today: one index probe per listed plan (jobs_plan_occurrence_uq). */
const nextVisitSql = sql<string | null>`(select min(coalesce(j.service_date, j.occurrence_date))::text from ${jobs} j
  where j.plan_id = ${servicePlans.id} and j.occurrence_date >= ${businessTodaySql} and j.status in ('unscheduled', 'scheduled'))`;

const team = alias(teams, 'preferred_team');

const listColumns = {
  plan: servicePlans,
  customerName: customers.name,
  customerPhone: customers.phone1,
  locationName: customerLocations.name,
  address1: customerLocations.address1,
  city: customerLocations.city,
  zip: customerLocations.zip,
  teamName: team.name,
  teamColor: team.color,
  nextVisit: nextVisitSql,
};

type ListRow = {
  plan: typeof servicePlans.$inferSelect;
  customerName: string;
  customerPhone: string;
  locationName: string;
  address1: string;
  city: string;
  zip: string;
  teamName: string | null;
  teamColor: string | null;
  nextVisit: string | null;
};

function itemOf(row: ListRow): PlanListItem {
  const p = row.plan;
  return {
    id: p.id,
    reference: p.reference,
    customer: { id: p.customerId, name: row.customerName, phone: row.customerPhone },
    location: { id: p.locationId, name: row.locationName, address1: row.address1, city: row.city, zip: row.zip },
    frequency: p.frequency,
    intervalWeeks: p.intervalWeeks,
    rrule: p.rrule,
    startDate: p.startDate,
    endDate: p.endDate,
    status: p.status,
    servicePriceCents: p.servicePriceCents,
    budgetMinutes: p.budgetMinutes,
    durationMinutes: p.durationMinutes,
    preferredTeam:
      p.preferredTeamId && row.teamName ? { id: p.preferredTeamId, name: row.teamName, color: row.teamColor ?? '' } : null,
    windowStart: time(p.windowStartMinutes),
    windowEnd: time(p.windowEndMinutes),
    nextVisit: row.nextVisit,
    createdAt: p.createdAt.toISOString(),
    version: p.version,
  };
}

const base = (db: Db) =>
  db
    .select({ ...listColumns, total: totalCount })
    .from(servicePlans)
    .innerJoin(customers, eq(customers.id, servicePlans.customerId))
    .innerJoin(customerLocations, eq(customerLocations.id, servicePlans.locationId))
    .leftJoin(team, eq(team.id, servicePlans.preferredTeamId));

export async function listPlans(db: Db, req: PlanListRequest) {
  const conditions: SQL[] = [];
  if (req.status) conditions.push(eq(servicePlans.status, req.status));
  if (req.frequency) conditions.push(eq(servicePlans.frequency, req.frequency));
  if (req.teamId) conditions.push(eq(servicePlans.preferredTeamId, req.teamId));
  if (req.customerId) conditions.push(eq(servicePlans.customerId, req.customerId));
  if (req.keyword) {
    const text = `%${likeEscape(req.keyword)}%`;
    const digits = req.keyword.replace(/\D/g, '');
    conditions.push(
      sql`(${servicePlans.reference} ilike ${`${likeEscape(req.keyword)}%`} or ${ilike(customers.name, text)} or ${ilike(customerLocations.address1, text)}${
        digits.length >= 3 ? sql` or regexp_replace(${customers.phone1}, '\\D', '', 'g') like ${`%${digits}%`}` : sql``
      })`,
    );
  }
  const order = orderOf(
    req.sort,
    {
      reference: servicePlans.reference,
      startDate: servicePlans.startDate,
      servicePriceCents: servicePlans.servicePriceCents,
      createdAt: servicePlans.createdAt,
    },
    [desc(servicePlans.createdAt)],
    servicePlans.id,
  );
  const { rows, total } = await paged(
    base(db)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...order)
      .$dynamic(),
    req,
  );
  return { list: (rows as ListRow[]).map(itemOf), total };
}

/** The plan with its lines and its visits from today (at most 60). */
export async function planDetail(db: Db, id: number): Promise<PlanDetail> {
  const [row] = await base(db).where(eq(servicePlans.id, id));
  if (!row) throw notFound('plans.plan');
  const today = await businessToday(db);
  const lines = await db
    .select({
      priceItemId: servicePlanLines.priceItemId,
      quantity: servicePlanLines.quantity,
      kind: priceItems.kind,
      nameEn: priceItems.nameEn,
      nameZh: priceItems.nameZh,
    })
    .from(servicePlanLines)
    .innerJoin(priceItems, eq(priceItems.id, servicePlanLines.priceItemId))
    .where(eq(servicePlanLines.planId, id))
    .orderBy(asc(servicePlanLines.sortOrder));
  const visits = await db
    .select({
      jobId: jobs.id,
      reference: jobs.reference,
      occurrenceDate: jobs.occurrenceDate,
      serviceDate: jobs.serviceDate,
      startMinutes: jobs.startMinutes,
      status: jobs.status,
      priceCents: jobs.subtotalCents,
      movedByHand: jobs.movedByHand,
      editedByHand: jobs.editedByHand,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.planId, id),
        gte(sql`coalesce(${jobs.serviceDate}, ${jobs.occurrenceDate})`, today),
        inArray(jobs.status, ['unscheduled', 'scheduled', 'cancelled', 'completed', 'uncompleted']),
      ),
    )
    .orderBy(sql`coalesce(${jobs.serviceDate}, ${jobs.occurrenceDate})`, asc(jobs.id))
    .limit(60);
  const item = itemOf(row as ListRow);
  const p = (row as ListRow).plan;
  return {
    ...item,
    notes: p.notes,
    patternFrom: p.patternFrom,
    quoteId: p.quoteId,
    statusReason: p.statusReason,
    generatedUntil: p.generatedUntil,
    lines: lines.map((l) => ({
      priceItemId: l.priceItemId,
      kind: l.kind,
      nameEn: l.nameEn,
      nameZh: l.nameZh,
      quantity: l.quantity,
    })),
    upcoming: visits.map(
      (v): PlanVisit => ({
        jobId: v.jobId,
        reference: v.reference,
        occurrenceDate: v.occurrenceDate,
        date: v.serviceDate ?? v.occurrenceDate!,
        startTime: time(v.startMinutes),
        status: v.status,
        priceCents: v.priceCents,
        movedByHand: v.movedByHand || v.editedByHand,
      }),
    ),
  };
}
