import { addDays } from '@tidyhouse/contract';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { jobLines, jobs } from '../jobs/jobs.tables';
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

const INSERT_CHUNK = 400;

/** `count` consecutive numbers of a reference scope, taken with one atomic upsert. */
async function takeNumbers(tx: Db, scope: string, count: number): Promise<number> {
  const result = (await tx.execute(
    sql`insert into reference_counters (scope, last_value) values (${scope}, ${count})
        on conflict (scope) do update set last_value = reference_counters.last_value + ${count}
        returning last_value as value`,
  )) as unknown as { rows: { value: number | string }[] };
  return Number(result.rows[0]!.value) - count + 1;
}

/** Job references (J-YYMM-NNNN by service month, like insertJob) for a batch of drafts. */
async function referencesFor(tx: Db, drafts: readonly JobDraft[]): Promise<string[]> {
  const byScope = new Map<string, number[]>();
  drafts.forEach((draft, index) => {
    const yymm = `${draft.serviceDate.slice(2, 4)}${draft.serviceDate.slice(5, 7)}`;
    byScope.set(yymm, [...(byScope.get(yymm) ?? []), index]);
  });
  const references: string[] = new Array(drafts.length);
  for (const [yymm, indexes] of byScope) {
    const first = await takeNumbers(tx, `J-${yymm}`, indexes.length);
    indexes.forEach((draftIndex, i) => {
      references[draftIndex] = `J-${yymm}-${String(first + i).padStart(4, '0')}`;
    });
  }
  return references;
}

export interface InsertedJob {
  id: number;
  planId: number;
  occurrenceDate: string;
}

/** Inserts drafts (set-based); an occurrence that already has a job is skipped. Returns the new jobs. */
export async function insertDrafts(tx: Db, drafts: readonly JobDraft[], actorId: number | null): Promise<InsertedJob[]> {
  const inserted: InsertedJob[] = [];
  for (let start = 0; start < drafts.length; start += INSERT_CHUNK) {
    const chunk = drafts.slice(start, start + INSERT_CHUNK);
    const references = await referencesFor(tx, chunk);
    const now = new Date();
    const rows = await tx
      .insert(jobs)
      .values(
        chunk.map((d, i) => ({
          reference: references[i]!,
          customerId: d.customerId,
          locationId: d.locationId,
          zoneId: d.zoneId,
          frequency: d.frequency,
          status: d.status,
          statusChangedAt: now,
          teamId: d.teamId,
          preferredTeamId: d.preferredTeamId,
          windowStartMinutes: d.windowStartMinutes,
          windowEndMinutes: d.windowEndMinutes,
          serviceDate: d.serviceDate,
          startMinutes: d.startMinutes,
          durationMinutes: d.durationMinutes,
          planId: d.planId,
          occurrenceDate: d.occurrenceDate,
          pricePerMinuteCents: d.pricePerMinuteCents,
          flatRateCents: d.flatRateCents,
          salesTaxBps: d.salesTaxBps,
          ...costingColumns(d),
          createdBy: actorId,
          updatedBy: actorId,
        })),
      )
      .onConflictDoNothing({ target: [jobs.planId, jobs.occurrenceDate], where: sql`${jobs.planId} is not null` })
      .returning({ id: jobs.id, planId: jobs.planId, occurrenceDate: jobs.occurrenceDate });
    const draftOf = new Map(chunk.map((d) => [`${d.planId}|${d.occurrenceDate}`, d]));
    const lineValues = rows.flatMap((row) => {
      const draft = draftOf.get(`${row.planId}|${row.occurrenceDate}`)!;
      return lineValuesOf(row.id, draft);
    });
    for (let l = 0; l < lineValues.length; l += INSERT_CHUNK * 2) {
      await tx.insert(jobLines).values(lineValues.slice(l, l + INSERT_CHUNK * 2));
    }
    inserted.push(...rows.map((r) => ({ id: r.id, planId: r.planId!, occurrenceDate: r.occurrenceDate! })));
  }
  return inserted;
}

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
  const run: GenerationRun = { plans: 0, jobs: 0 };
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
      const created = await generateForPlans(tx, claimed, today, horizonEnd, options.actorId ?? null);
      return { plans: claimed.length, jobs: created };
    });
    run.plans += batch.plans;
    run.jobs += batch.jobs;
    if (batch.plans === 0) return run;
  }
}
