import type { PlanAddRequest, PlanChangeRequest, PlanDetail, PlanFrequency } from '@tidyhouse/contract';
import { centsToDecimalText } from '@tidyhouse/contract';
import type { Dayjs } from 'dayjs';
import { centsOrNull } from '../jobs/jobForm';
import { intervalOf } from '../recurrence';
import { fromIsoDate, fromTimeText, toIsoDate, toTimeText } from '../shared';

/** The plan forms (add; change from a date) ↔ requests (pure, unit-tested). */

export interface PlanLineValues {
  priceItemId?: number;
  quantity?: number | null;
}

/** The schedule of a plan: what "change from a date" may change. */
export interface PlanScheduleValues {
  frequency: PlanFrequency;
  intervalWeeks?: number | null;
  servicePrice?: string;
  budgetMinutes?: number | null;
  durationMinutes?: number | null;
  preferredTeamId?: number | null;
  windowStart?: Dayjs | null;
  windowEnd?: Dayjs | null;
  endDate?: Dayjs | null;
  lines?: PlanLineValues[];
}

export interface PlanAddValues extends PlanScheduleValues {
  customerId?: number;
  locationId?: number;
  startDate?: Dayjs | null;
  notes?: string;
}

export interface PlanChangeValues extends PlanScheduleValues {
  fromDate?: Dayjs | null;
  /** Start the pattern again on fromDate (its weekday) even when the frequency stays. */
  newPattern?: boolean;
}

export const NEW_PLAN: PlanAddValues = { frequency: 'biweekly', budgetMinutes: 180, servicePrice: '', lines: [], notes: '' };

function scheduleToRequest(values: PlanScheduleValues) {
  return {
    frequency: values.frequency,
    intervalWeeks: intervalOf(values),
    servicePriceCents: centsOrNull(values.servicePrice) ?? 0,
    budgetMinutes: values.budgetMinutes ?? 0,
    durationMinutes: values.durationMinutes ?? null,
    preferredTeamId: values.preferredTeamId ?? null,
    windowStart: toTimeText(values.windowStart),
    windowEnd: toTimeText(values.windowEnd),
    endDate: toIsoDate(values.endDate),
    lines: (values.lines ?? [])
      .filter((line) => line.priceItemId !== undefined)
      .map((line) => ({ priceItemId: line.priceItemId as number, quantity: line.quantity ?? 1 })),
  };
}

export function planToAddRequest(values: PlanAddValues): PlanAddRequest {
  return {
    locationId: values.locationId ?? 0,
    startDate: toIsoDate(values.startDate) ?? '',
    notes: values.notes?.trim() ?? '',
    ...scheduleToRequest(values),
  };
}

export function planToChangeRequest(values: PlanChangeValues, plan: Pick<PlanDetail, 'id' | 'version'>): PlanChangeRequest {
  return {
    id: plan.id,
    version: plan.version,
    fromDate: toIsoDate(values.fromDate) ?? '',
    newPattern: values.newPattern ?? false,
    ...scheduleToRequest(values),
  };
}

/** The plan's current schedule in the change form, from `fromDate`. */
export function planToChangeForm(plan: PlanDetail, fromDate: string | null): PlanChangeValues {
  return {
    fromDate: fromIsoDate(fromDate),
    newPattern: false,
    frequency: plan.frequency,
    intervalWeeks: plan.intervalWeeks,
    servicePrice: centsToDecimalText(plan.servicePriceCents),
    budgetMinutes: plan.budgetMinutes,
    durationMinutes: plan.durationMinutes,
    preferredTeamId: plan.preferredTeam?.id ?? null,
    windowStart: fromTimeText(plan.windowStart),
    windowEnd: fromTimeText(plan.windowEnd),
    endDate: fromIsoDate(plan.endDate),
    lines: plan.lines.map((line) => ({ priceItemId: line.priceItemId, quantity: line.quantity })),
  };
}
