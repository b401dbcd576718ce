import { addDays, type ServiceFrequency } from '@tidyhouse/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { teams } from '../../employees/employees.tables';
import { type ConversionContext, registerConversionStep } from '../../sales/conversion';
import { quoteLines } from '../../sales/sales.tables';
import { priceItems } from '../../system/settings.tables';
import { recomputeCosting } from '../jobs/job-costing';
import { jobs } from '../jobs/jobs.tables';
import { createPlan, type PlanContext } from './plans.service';

/**
 * A sold RECURRING quote becomes a service plan (a one-time quote becomes one job: jobs/from-quote.ts).
 * The plan starts the day after the sale on that weekday (the office moves it with a change from a
 * date), at the quote's recurring visit price with the quote's in-home minutes, preferred team and
 * lines; its first visit is priced as the quote's first visit (a first clean costs more).
 */
export async function createPlanFromQuote(tx: Db, { quote, locationId, actor }: ConversionContext, context: PlanContext) {
  const today = await businessToday(tx);
  const startDate = addDays(today, 1);
  const lines = await tx
    .select({ priceItemId: quoteLines.priceItemId, quantity: quoteLines.quantity })
    .from(quoteLines)
    .innerJoin(priceItems, eq(priceItems.id, quoteLines.priceItemId))
    .where(and(eq(quoteLines.quoteId, quote.id), eq(priceItems.active, true), isNull(priceItems.deletedAt)))
    .orderBy(quoteLines.sortOrder);
  // A team disabled since the quote was made is no reason to refuse the sale: the plan has none.
  const teamIds = quote.preferredTeamId ? [quote.preferredTeamId] : [];
  const activeTeam = teamIds.length
    ? (
        await tx
          .select({ id: teams.id })
          .from(teams)
          .where(and(inArray(teams.id, teamIds), eq(teams.active, true), isNull(teams.deletedAt)))
      )[0]
    : undefined;
  const breakdown = quote.breakdown;
  const saved = await createPlan(tx, { userId: actor.userId, uname: null, ip: null, requestId: null }, context, {
    locationId,
    startDate,
    notes: [quote.teamNote, quote.jobNote].filter(Boolean).join('\n').slice(0, 2000),
    frequency: quote.frequency as ServiceFrequency,
    intervalWeeks: null,
    servicePriceCents: (breakdown.recurringVisit ?? breakdown.firstVisit).netCents,
    budgetMinutes: quote.inHomeMinutes,
    durationMinutes: null,
    preferredTeamId: activeTeam?.id ?? null,
    windowStart: null,
    windowEnd: null,
    endDate: null,
    lines,
    quoteId: quote.id,
  });
  const [first] = await tx
    .update(jobs)
    .set({ flatRateCents: breakdown.firstVisit.netCents, quoteId: quote.id })
    .where(and(eq(jobs.planId, saved.id), eq(jobs.occurrenceDate, startDate)))
    .returning({ id: jobs.id });
  if (first) await recomputeCosting(tx, first.id, startDate);
  return saved;
}

let registered = false;

/** Registers the sales conversion step once per process (several apps may be built in one process). */
export function registerPlanConversion(context: PlanContext): void {
  if (registered) return;
  registered = true;
  registerConversionStep(async (conversion) => {
    if (conversion.quote.frequency === 'one_time') return;
    await createPlanFromQuote(conversion.tx, conversion, context);
  });
}
