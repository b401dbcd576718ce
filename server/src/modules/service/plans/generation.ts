import { addDays, conflictsCaused, type ScheduleConflict } from '@tidyhouse/contract';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import { type Db, queryRows } from '../../../platform/database';
import { conflictsBetween } from '../conflicts/conflicts.query';
import type { jobLines } from '../jobs/jobs.tables';
import { type JobDraft, type PlanForJobs, PlanJobPricer, type PlanRow } from './job-drafts';
import { servicePlanLines, servicePlans } from './plans.tables';
import { horizonEndOf, occurrencesBetween } from './recurrence';

/**
 * Job generation (docs/business-rules.md "Job generation"). A plan in use has a job for every visit
 * from today to the horizon. Each run claims the plans behind the horizon with FOR UPDATE SKIP LOCKED
 * (two processes never work on one plan at once, and a plan being changed waits for its change), and
 * inserts with ON CONFLICT (plan_id, occurrence_date) DO NOTHING, so a run is idempotent and two
 * processes running at the same moment make no duplicate and leave no gap.
 */

const INSERT_CHUNK = 2000;

/** `count` consecutive numbers of a reference scope, taken with one atomic upsert. */
async function takeNumbers(tx: Db, scope: string, count: number): Promise<number> {
  const result = (await tx.execute(
    sql`insert into reference_counters (scope, last_value) values (${scope}, ${count})
        on conflict (scope) do update set last_value = reference_counters.last_value + ${count}
        returning last_value as value`,
  )) as unknown as { rows: { value: number | string }[] };
  return Number(result.rows[0]!.value) - count + 1;
}

/**
 * Job references (J-YYMM-NNNN by service month, like insertJob) for jobs on these dates, in order.
 * The month counters are taken in ascending month order: two processes generating at once lock the
 * counter rows in the same order, so they queue instead of deadlocking.
 */
export async function jobReferences(tx: Db, dates: readonly string[]): Promise<string[]> {
  const byScope = new Map<string, number[]>();
  dates.forEach((date, index) => {
    const yymm = `${date.slice(2, 4)}${date.slice(5, 7)}`;
    byScope.set(yymm, [...(byScope.get(yymm) ?? []), index]);
  });
  const references: string[] = new Array(dates.length);
  for (const [yymm, indexes] of [...byScope].sort(([a], [b]) => a.localeCompare(b))) {
    const first = await takeNumbers(tx, `J-${yymm}`, indexes.length);
    indexes.forEach((dateIndex, i) => {
      references[dateIndex] = `J-${yymm}-${String(first + i).padStart(4, '0')}`;
    });
  }
  return references;
}

export interface InsertedJob {
  id: number;
  planId: number;
  occurrenceDate: string;
}

/**
 * Inserts drafts, set-based: per chunk ONE statement takes the jobs and their lines as two JSON
 * parameters (json_populate_recordset), inserts the jobs with ON CONFLICT (plan_id, occurrence_date)
 * DO NOTHING and the lines of the jobs actually inserted. An occurrence that already has a job is
 * skipped (its reference number is then unused). Returns the new jobs.
 */
export async function insertDrafts(tx: Db, drafts: readonly JobDraft[], actorId: number | null): Promise<InsertedJob[]> {
  const inserted: InsertedJob[] = [];
  // All numbers at once, before any chunk: a later chunk taking an earlier month would break the order.
  const allReferences = await jobReferences(
    tx,
    drafts.map((d) => d.serviceDate),
  );
  for (let start = 0; start < drafts.length; start += INSERT_CHUNK) {
    const chunk = drafts.slice(start, start + INSERT_CHUNK);
    const references = allReferences.slice(start, start + INSERT_CHUNK);
    const now = new Date().toISOString();
    const jobRows = chunk.map((d, i) => ({
      reference: references[i]!,
      customer_id: d.customerId,
      location_id: d.locationId,
      zone_id: d.zoneId,
      frequency: d.frequency,
      status: d.status,
      status_changed_at: now,
      team_id: d.teamId,
      preferred_team_id: d.preferredTeamId,
      window_start_minutes: d.windowStartMinutes,
      window_end_minutes: d.windowEndMinutes,
      service_date: d.serviceDate,
      start_minutes: d.startMinutes,
      duration_minutes: d.durationMinutes,
      plan_id: d.planId,
      occurrence_date: d.occurrenceDate,
      price_per_minute_cents: d.pricePerMinuteCents,
      flat_rate_cents: d.flatRateCents,
      sales_tax_bps: d.salesTaxBps,
      quoted_minutes: d.costing.lineMinutes,
      revenue_cents: d.costing.revenueCents,
      discounts_cents: d.costing.discountsCents,
      subtotal_cents: d.costing.subtotalCents,
      taxable_cents: d.costing.taxableCents,
      taxes_cents: d.costing.taxesCents,
      projected_labor_cents: d.costing.projectedLaborCents,
      invoice_total_cents: d.costing.invoiceTotalCents,
      profit_loss_cents: d.costing.profitLossCents,
      created_by: actorId,
      updated_by: actorId,
    }));
    const lineRows = chunk.flatMap((d) =>
      d.lines.map((line, index) => ({
        plan_id: d.planId,
        occurrence_date: d.occurrenceDate,
        kind: line.kind,
        price_item_id: line.priceItemId,
        name_en: line.nameEn.slice(0, 96),
        name_zh: line.nameZh.slice(0, 96),
        rate_effective_from: line.rateEffectiveFrom,
        quantity: line.quantity,
        minutes_each: line.minutesEach,
        unit_price_cents: line.unitPriceCents,
        taxable: line.taxable,
        free: line.free,
        free_reason: line.freeReason,
        amount_cents: d.costing.lineAmountsCents[index]!,
        sort_order: index,
      })),
    );
    const rows = await queryRows<{ id: number | string; plan_id: number | string; occurrence_date: string }>(
      tx,
      sql`with added as (
        insert into jobs (${sql.raw(JOB_COLUMNS.join(', '))})
        select ${sql.raw(JOB_COLUMNS.join(', '))} from json_populate_recordset(null::jobs, ${JSON.stringify(jobRows)}::json)
        on conflict (plan_id, occurrence_date) where plan_id is not null do nothing
        returning id, plan_id, occurrence_date
      ), lines as (
        insert into job_lines (job_id, ${sql.raw(LINE_COLUMNS.join(', '))})
        select a.id, ${sql.raw(LINE_COLUMNS.map((c) => `l.${c}`).join(', '))}
        from json_to_recordset(${JSON.stringify(lineRows)}::json) as l(${sql.raw(LINE_TYPES)})
        join added a on a.plan_id = l.plan_id and a.occurrence_date = l.occurrence_date
        returning 1
      )
      select id, plan_id, occurrence_date::text as occurrence_date from added`,
    );
    inserted.push(...rows.map((r) => ({ id: Number(r.id), planId: Number(r.plan_id), occurrenceDate: r.occurrence_date })));
  }
  return inserted;
}

const JOB_COLUMNS = [
  'reference',
  'customer_id',
  'location_id',
  'zone_id',
  'frequency',
  'status',
  'status_changed_at',
  'team_id',
  'preferred_team_id',
  'window_start_minutes',
  'window_end_minutes',
  'service_date',
  'start_minutes',
  'duration_minutes',
  'plan_id',
  'occurrence_date',
  'price_per_minute_cents',
  'flat_rate_cents',
  'sales_tax_bps',
  'quoted_minutes',
  'revenue_cents',
  'discounts_cents',
  'subtotal_cents',
  'taxable_cents',
  'taxes_cents',
  'projected_labor_cents',
  'invoice_total_cents',
  'profit_loss_cents',
  'created_by',
  'updated_by',
];

/** The lines' JSON record type (plan and occurrence say which job a line belongs to). */
const LINE_TYPES = `plan_id integer, occurrence_date date, kind varchar, price_item_id integer, name_en varchar, name_zh varchar,
  rate_effective_from date, quantity integer, minutes_each integer, unit_price_cents integer, taxable boolean, free boolean,
  free_reason varchar, amount_cents integer, sort_order integer`;

const LINE_COLUMNS = [
  'kind',
  'price_item_id',
  'name_en',
  'name_zh',
  'rate_effective_from',
  'quantity',
  'minutes_each',
  'unit_price_cents',
  'taxable',
  'free',
  'free_reason',
  'amount_cents',
  'sort_order',
];

/** The stored costing columns of a draft. */
export function costingColumns(d: JobDraft) {
  return {
    quotedMinutes: d.costing.lineMinutes,
    revenueCents: d.costing.revenueCents,
    discountsCents: d.costing.discountsCents,
    subtotalCents: d.costing.subtotalCents,
    taxableCents: d.costing.taxableCents,
    taxesCents: d.costing.taxesCents,
    projectedLaborCents: d.costing.projectedLaborCents,
    invoiceTotalCents: d.costing.invoiceTotalCents,
    profitLossCents: d.costing.profitLossCents,
  };
}

export function lineValuesOf(jobId: number, draft: JobDraft): (typeof jobLines.$inferInsert)[] {
  return draft.lines.map((line, index) => ({
    jobId,
    kind: line.kind,
    priceItemId: line.priceItemId,
    nameEn: line.nameEn.slice(0, 96),
    nameZh: line.nameZh.slice(0, 96),
    rateEffectiveFrom: line.rateEffectiveFrom,
    quantity: line.quantity,
    minutesEach: line.minutesEach,
    unitPriceCents: line.unitPriceCents,
    taxable: line.taxable,
    free: line.free,
    freeReason: line.freeReason,
    amountCents: draft.costing.lineAmountsCents[index]!,
    sortOrder: index,
  }));
}

/** The default lines of these plans, in order. */
export async function linesOfPlans(
  tx: Db,
  planIds: readonly number[],
): Promise<Map<number, { priceItemId: number; quantity: number }[]>> {
  const byPlan = new Map<number, { priceItemId: number; quantity: number }[]>();
  if (planIds.length === 0) return byPlan;
  const rows = await tx
    .select({ planId: servicePlanLines.planId, priceItemId: servicePlanLines.priceItemId, quantity: servicePlanLines.quantity })
    .from(servicePlanLines)
    .where(inArray(servicePlanLines.planId, [...planIds]))
    .orderBy(asc(servicePlanLines.planId), asc(servicePlanLines.sortOrder));
  for (const r of rows) byPlan.set(r.planId, [...(byPlan.get(r.planId) ?? []), r]);
  return byPlan;
}

/** The first day generation covers for a plan: after what exists, not before today or the pattern. */
function firstDayOf(plan: PlanRow, today: string): string {
  const after = plan.generatedUntil ? addDays(plan.generatedUntil, 1) : plan.patternFrom;
  return [after, today, plan.patternFrom].reduce((a, b) => (a > b ? a : b));
}

/**
 * Creates the jobs of these plans (already locked by the caller) from their first missing day to
 * `horizonEnd`, and records the horizon on each. Returns the number of jobs created.
 */
export async function generateForPlans(
  tx: Db,
  plans: readonly PlanRow[],
  today: string,
  horizonEnd: string,
  actorId: number | null,
): Promise<number> {
  const used = plans.filter((p) => p.status === 'used');
  if (used.length === 0) return 0;
  const lines = await linesOfPlans(
    tx,
    used.map((p) => p.id),
  );
  const sources: PlanForJobs[] = used.map((plan) => ({ plan, lines: lines.get(plan.id) ?? [] }));
  const pricer = await PlanJobPricer.load(tx, sources, horizonEnd);
  const drafts: JobDraft[] = [];
  for (const source of sources) {
    if (!pricer.locationLive(source.plan)) continue;
    const dates = occurrencesBetween(source.plan, firstDayOf(source.plan, today), horizonEnd);
    for (const date of dates) drafts.push(pricer.draft(source, date));
  }
  const inserted = await insertDrafts(tx, drafts, actorId);
  await tx
    .update(servicePlans)
    .set({ generatedUntil: horizonEnd })
    .where(
      inArray(
        servicePlans.id,
        used.map((p) => p.id),
      ),
    );
  return inserted.length;
}

export interface GenerationRun {
  plans: number;
  jobs: number;
  /** The schedule conflicts the run made (saved all the same; the board and Start of Day list them). */
  conflicts: ScheduleConflict[];
}

/**
 * One generation run: claims plans in use that are behind the horizon, a batch per transaction,
 * skipping plans another process holds, until none is left. Safe to run anywhere at any time.
 */
export async function generateDuePlans(
  db: Db,
  options: { horizonWeeks: number; today?: string; batchSize?: number; actorId?: number | null },
): Promise<GenerationRun> {
  const today = options.today ?? (await businessToday(db));
  const horizonEnd = horizonEndOf(today, options.horizonWeeks);
  const run: GenerationRun = { plans: 0, jobs: 0, conflicts: [] };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const claimed = await tx
        .select()
        .from(servicePlans)
        .where(
          and(
            eq(servicePlans.status, 'used'),
            or(isNull(servicePlans.generatedUntil), lt(servicePlans.generatedUntil, horizonEnd)),
          ),
        )
        .orderBy(asc(servicePlans.id))
        .limit(options.batchSize ?? 200)
        .for('update', { skipLocked: true });
      if (claimed.length === 0) return { plans: 0, jobs: 0, conflicts: [] };
      const before = await conflictsBetween(tx, today, horizonEnd);
      const created = await generateForPlans(tx, claimed, today, horizonEnd, options.actorId ?? null);
      const after = created ? await conflictsBetween(tx, today, horizonEnd) : before;
      return { plans: claimed.length, jobs: created, conflicts: conflictsCaused(before.conflicts, after.conflicts) };
    });
    run.plans += batch.plans;
    run.jobs += batch.jobs;
    run.conflicts.push(...batch.conflicts);
    if (batch.plans === 0) return run;
  }
}
