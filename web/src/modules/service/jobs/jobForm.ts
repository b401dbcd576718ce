import {
  type CostingInput,
  centsToDecimalText,
  checkFormNumber,
  type Job,
  type JobDetail,
  type JobLine,
  type JobLineInput,
  type JobLineKind,
  type JobModifyRequest,
  NUMBER_RANGES,
  type PricedItem,
  parseMoneyToCents,
} from '@tidyhouse/contract';
import type { Dayjs } from 'dayjs';
import { fromIsoDate, fromTimeText, toIsoDate, toTimeText } from '../shared';

/** Job Detail forms ↔ requests, and the live costing's input (pure, unit-tested). */

export interface JobFormValues {
  teamId?: number | null;
  preferredTeamId?: number | null;
  windowStart?: Dayjs | null;
  windowEnd?: Dayjs | null;
  serviceDate?: Dayjs | null;
  startTime?: Dayjs | null;
  durationMinutes?: number | null;
  customerAtHome?: boolean;
  assigneeId?: number | null;
  /** Miles with one decimal as typed ('12.5'). */
  drivingMiles?: number | null;
  pricePerMinute?: string;
  flatRate?: string;
  couponCode?: string;
  coupon?: string;
  discount?: string;
  notes?: string;
}

/** Money text of a form → cents; empty (or not a number) → null. */
export const centsOrNull = (text: string | undefined | null): number | null => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : parseMoneyToCents(trimmed);
};
const moneyText = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : centsToDecimalText(cents));

/** Miles as typed → tenths of a mile, exactly (12.5 → 125); the form's range rule has refused 12.55 or 10000.1. */
function tenthMilesOf(miles: number | null | undefined): number | null {
  const checked = checkFormNumber(miles, NUMBER_RANGES.jobDrivingTenthMiles);
  return checked.kind === 'ok' ? checked.stored : null;
}

export function jobToForm(job: Job): JobFormValues {
  return {
    teamId: job.team?.id ?? null,
    preferredTeamId: job.preferredTeam?.id ?? null,
    windowStart: fromTimeText(job.windowStart),
    windowEnd: fromTimeText(job.windowEnd),
    serviceDate: fromIsoDate(job.serviceDate),
    startTime: fromTimeText(job.startTime),
    durationMinutes: job.durationMinutes,
    customerAtHome: job.customerAtHome,
    assigneeId: job.assignee?.id ?? null,
    drivingMiles: job.drivingDistanceTenthMiles === null ? null : job.drivingDistanceTenthMiles / 10,
    pricePerMinute: moneyText(job.pricePerMinuteCents),
    flatRate: moneyText(job.flatRateCents),
    couponCode: job.couponCode,
    coupon: moneyText(job.couponCents),
    discount: moneyText(job.discountCents),
    notes: job.notes,
  };
}

export function jobToModifyRequest(values: JobFormValues, job: Pick<Job, 'id' | 'version'>): JobModifyRequest {
  return {
    id: job.id,
    version: job.version,
    teamId: values.teamId ?? null,
    preferredTeamId: values.preferredTeamId ?? null,
    windowStart: toTimeText(values.windowStart),
    windowEnd: toTimeText(values.windowEnd),
    serviceDate: toIsoDate(values.serviceDate),
    startTime: toTimeText(values.startTime),
    durationMinutes: values.durationMinutes ?? 0,
    customerAtHome: values.customerAtHome ?? false,
    assigneeId: values.assigneeId ?? null,
    drivingDistanceTenthMiles: tenthMilesOf(values.drivingMiles),
    pricePerMinuteCents: centsOrNull(values.pricePerMinute),
    flatRateCents: centsOrNull(values.flatRate),
    couponCode: values.couponCode?.trim() ?? '',
    couponCents: centsOrNull(values.coupon) ?? 0,
    discountCents: centsOrNull(values.discount) ?? 0,
    notes: values.notes?.trim() ?? '',
  };
}

/** One row of the pricing lines form: a kept line (id) or a new one from the price list. */
export interface LineValues {
  id?: number;
  priceItemId?: number | null;
  kind?: JobLineKind;
  nameEn?: string;
  nameZh?: string;
  rateEffectiveFrom?: string | null;
  minutesEach?: number;
  unitPriceCents?: number;
  taxable?: boolean;
  quantity?: number | null;
  free?: boolean;
  freeReason?: string;
}

export const lineToValues = (line: JobLine): LineValues => ({
  id: line.id,
  priceItemId: line.priceItemId,
  kind: line.kind,
  nameEn: line.nameEn,
  nameZh: line.nameZh,
  rateEffectiveFrom: line.rateEffectiveFrom,
  minutesEach: line.minutesEach,
  unitPriceCents: line.unitPriceCents,
  taxable: line.taxable,
  quantity: line.quantity,
  free: line.free,
  freeReason: line.freeReason,
});

/** A price-list entry picked for a new line: its rate on the job's pricing date. */
export const pricedItemToValues = (item: PricedItem, quantity = 1): LineValues => ({
  priceItemId: item.id,
  kind: item.kind,
  nameEn: item.nameEn,
  nameZh: item.nameZh,
  rateEffectiveFrom: item.effectiveFrom,
  minutesEach: item.inHomeMinutes,
  unitPriceCents: item.unitPriceCents,
  taxable: item.taxable,
  quantity,
  free: false,
  freeReason: '',
});

/** The lines as /job/saveLines takes them: kept lines by id, new ones by price-list entry and the rate shown. */
export function linesToRequest(lines: readonly LineValues[]): JobLineInput[] {
  return lines.map((line) => {
    const common = {
      quantity: line.quantity ?? 0,
      free: line.free ?? false,
      freeReason: line.free ? (line.freeReason?.trim() ?? '') : '',
    };
    if (line.id !== undefined) return { id: line.id, ...common };
    return {
      priceItemId: line.priceItemId ?? undefined,
      ...common,
      ...(line.rateEffectiveFrom ? { rateEffectiveFrom: line.rateEffectiveFrom } : {}),
    };
  });
}

/**
 * The input of the contract's costing for the lines being edited, with the job's stored prices,
 * tax rate and the team's labor: the same function the server runs on save. A line still without
 * an entry or with a quantity being typed counts as nothing.
 */
export function costingInputOf(lines: readonly LineValues[], detail: Pick<JobDetail, 'job' | 'labor'>): CostingInput {
  const { job, labor } = detail;
  return {
    // One costing line per row, so its amounts line up with the rows on screen.
    lines: lines.map((line) => ({
      quantity: line.minutesEach === undefined ? 0 : Math.max(0, Math.trunc(line.quantity ?? 0)),
      minutesEach: line.minutesEach ?? 0,
      unitPriceCents: line.unitPriceCents ?? 0,
      taxable: line.taxable ?? false,
      free: line.free ?? false,
    })),
    pricePerMinuteCents: job.pricePerMinuteCents,
    flatRateCents: job.flatRateCents,
    couponCents: job.couponCents,
    discountCents: job.discountCents,
    salesTaxBps: job.costing.salesTaxBps,
    // A caller without the pay key gets no rates (null): the card then hides the labor figures.
    members: labor.map((member) => ({ plannedMinutes: member.plannedMinutes, hourlyRateCents: member.hourlyRateCents ?? 0 })),
  };
}
