import { Code, calculateJobCosting, type JobLineKind } from '@tidyhouse/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { AppError } from '../../../platform/errors';
import type { MessageKey } from '../../../platform/messages';
import { rateOn } from '../../system/price-list.service';
import { priceItems } from '../../system/settings.tables';
import { jobLines } from './jobs.tables';

/** A line with its rate already decided (copied from a quote, a plan, or an existing job line). */
export interface PricedLine {
  kind: JobLineKind;
  priceItemId: number | null;
  nameEn: string;
  nameZh: string;
  rateEffectiveFrom: string | null;
  minutesEach: number;
  unitPriceCents: number;
  taxable: boolean;
}

/**
 * A line to save: either one from the price list (priced on the job's date; `rateEffectiveFrom`
 * is the rate the caller showed, checked against that date), or one already priced.
 */
export type JobLineDraft =
  | { priceItemId: number; quantity: number; free?: boolean; freeReason?: string; rateEffectiveFrom?: string }
  | { priced: PricedLine; quantity: number; free?: boolean; freeReason?: string };

export type ResolvedLine = PricedLine & { quantity: number; free: boolean; freeReason: string };

/** 10001 naming the field, with the message in the caller's language. */
export const invalid = (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(Code.INVALID_INPUT, key, { field, ...params });

/**
 * Prices the drafts on `date`: one query for the entries, one for their rates. A price-list line
 * whose entry is missing, inactive or has no rate that day, or whose shown rate is not the rate of
 * that day, is refused (10001 naming `<fieldPrefix>.<i>.priceItemId`).
 */
export async function resolveLines(
  tx: Db,
  drafts: readonly JobLineDraft[],
  date: string,
  fieldPrefix = 'lines',
): Promise<ResolvedLine[]> {
  const itemIds = [...new Set(drafts.flatMap((d) => ('priceItemId' in d ? [d.priceItemId] : [])))];
  const items = itemIds.length
    ? await tx
        .select()
        .from(priceItems)
        .where(and(inArray(priceItems.id, itemIds), isNull(priceItems.deletedAt)))
    : [];
  const byId = new Map(items.map((i) => [i.id, i]));
  const rates = await rateOn(tx, itemIds, date);
  return drafts.map((draft, index) => {
    const base = { quantity: draft.quantity, free: draft.free ?? false, freeReason: draft.free ? (draft.freeReason ?? '') : '' };
    if (!Number.isSafeInteger(draft.quantity) || draft.quantity < 1)
      throw invalid(`${fieldPrefix}.${index}.quantity`, 'jobs.quantityPositive');
    if ('priced' in draft) return { ...draft.priced, ...base };
    const field = `${fieldPrefix}.${index}.priceItemId`;
    const item = byId.get(draft.priceItemId);
    const rate = rates.get(draft.priceItemId);
    if (!item?.active || !rate) throw invalid(field, 'jobs.priceItemUnavailable', { id: draft.priceItemId, date });
    if (draft.rateEffectiveFrom !== undefined && draft.rateEffectiveFrom !== rate.effectiveFrom) {
      throw invalid(field, 'jobs.priceFromOtherDate', {
        name: item.nameEn,
        date,
        current: rate.effectiveFrom,
        sent: draft.rateEffectiveFrom,
      });
    }
    return {
      kind: item.kind,
      priceItemId: item.id,
      nameEn: item.nameEn,
      nameZh: item.nameZh,
      rateEffectiveFrom: rate.effectiveFrom,
      minutesEach: rate.inHomeMinutes,
      unitPriceCents: rate.unitPriceCents,
      taxable: item.taxable,
      ...base,
    };
  });
}

/** Replaces a job's lines (amounts are filled in by the costing right after). */
export async function replaceLines(
  tx: Db,
  jobId: number,
  lines: readonly ResolvedLine[],
  pricePerMinuteCents: number,
): Promise<void> {
  await tx.delete(jobLines).where(eq(jobLines.jobId, jobId));
  if (lines.length === 0) return;
  const { lineAmountsCents } = calculateJobCosting({
    lines,
    pricePerMinuteCents,
    flatRateCents: null,
    couponCents: 0,
    discountCents: 0,
    salesTaxBps: 0,
    members: [],
  });
  await tx.insert(jobLines).values(
    lines.map((line, index) => ({
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
      amountCents: lineAmountsCents[index]!,
      sortOrder: index,
    })),
  );
}

export const priceOfRow = (row: typeof jobLines.$inferSelect): PricedLine => ({
  kind: row.kind,
  priceItemId: row.priceItemId,
  nameEn: row.nameEn,
  nameZh: row.nameZh,
  rateEffectiveFrom: row.rateEffectiveFrom,
  minutesEach: row.minutesEach,
  unitPriceCents: row.unitPriceCents,
  taxable: row.taxable,
});
