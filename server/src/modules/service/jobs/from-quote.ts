import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { teams } from '../../employees/employees.tables';
import type { QuoteRow } from '../../sales/conversion';
import { registerConversionStep } from '../../sales/conversion';
import { quoteLines } from '../../sales/sales.tables';
import type { JobLineDraft } from './job-lines';
import { insertJob, type JobRow } from './jobs.service';

export const BASE_LINE_NAMES = { nameEn: 'Base clean (house size)', nameZh: '基础清洁（按房屋面积）' } as const;

/**
 * The sold quote's lines as job lines, with the quote's own figures (the rate of the quote date): the
 * house-size base line, then its items, add-ons and fees. With the quote's price per minute, flat rate
 * and discounts the job's costing gives the quote's first-visit price to the cent.
 */
export async function quoteLineDrafts(tx: Db, quote: QuoteRow): Promise<JobLineDraft[]> {
  const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).orderBy(quoteLines.sortOrder);
  const base: JobLineDraft[] =
    quote.breakdown.baseMinutes > 0
      ? [
          {
            priced: {
              kind: 'base',
              priceItemId: null,
              ...BASE_LINE_NAMES,
              rateEffectiveFrom: null,
              minutesEach: quote.breakdown.baseMinutes,
              unitPriceCents: 0,
              taxable: false,
            },
            quantity: 1,
          },
        ]
      : [];
  return [
    ...base,
    ...lines.map(
      (line): JobLineDraft => ({
        priced: {
          kind: line.kind,
          priceItemId: line.priceItemId,
          nameEn: line.nameEn,
          nameZh: line.nameZh,
          rateEffectiveFrom: null,
          minutesEach: line.minutesEach,
          unitPriceCents: line.unitPriceCents,
          taxable: line.taxable,
        },
        quantity: line.quantity,
      }),
    ),
  ];
}

/**
 * A one-time sold quote becomes one unscheduled job at the converted location (recurring quotes
 * become a service plan, whose generation creates the jobs).
 */
export async function createJobFromQuote(
  tx: Db,
  quote: QuoteRow,
  target: { locationId: number; actorId: number },
): Promise<JobRow> {
  // A preferred team disabled since the quote was made is dropped rather than refusing the sale.
  const [team] = quote.preferredTeamId
    ? await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, quote.preferredTeamId), eq(teams.active, true), isNull(teams.deletedAt)))
    : [];
  const job = await insertJob(tx, target.actorId, {
    locationId: target.locationId,
    frequency: 'one_time',
    preferredTeamId: team?.id ?? null,
    durationMinutes: quote.inHomeMinutes,
    drivingDistanceTenthMiles: null,
    pricePerMinuteCents: quote.pricePerMinuteCents,
    flatRateCents: quote.flatRateCents,
    couponCode: quote.couponCode,
    couponCents: quote.couponDiscountCents,
    discountCents: quote.discountCents,
    notes: [quote.teamNote, quote.jobNote].filter(Boolean).join('\n'),
    quoteId: quote.id,
    lines: await quoteLineDrafts(tx, quote),
  });
  return job!;
}

let registered = false;

/** Registers the sales conversion step once per process (several apps may be built in one process). */
export function registerJobConversion(): void {
  if (registered) return;
  registered = true;
  registerConversionStep(async ({ tx, quote, locationId, actor }) => {
    if (quote.frequency !== 'one_time') return;
    await createJobFromQuote(tx, quote, { locationId, actorId: actor.userId });
  });
}
