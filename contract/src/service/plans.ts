import { z } from 'zod';
import { requiredCalendarDate, ZCalendarDate, ZTimeOfDay } from '../calendar';
import { optionalText, ZColoredRef, ZOptionalId } from '../customer-fields';
import { whenMissing } from '../fields';
import { INT4_MAX, ZRecordId, ZVersion } from '../ids';
import { listResponseOf, ZListRequest } from '../list';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';
import { PRICE_LINE_KINDS } from '../pricing';
import { PLAN_FREQUENCIES, recurrenceFields, refineRecurrence } from './recurrence';

/** Recurring service plans (spec §3 Plan; /servicePlan/*; docs/business-rules.md "Service plans"). */

/** used: jobs are generated up to the horizon; not_used: paused; cancelled: final. */
export const PLAN_STATUSES = ['used', 'not_used', 'cancelled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Allowed status changes: pause, resume, cancel (from used or paused). Cancelled is final. */
export const PLAN_TRANSITIONS: Readonly<Record<PlanStatus, readonly PlanStatus[]>> = {
  used: ['not_used', 'cancelled'],
  not_used: ['used', 'cancelled'],
  cancelled: [],
};

/** Jobs are kept generated this many weeks ahead (server setting PLAN_HORIZON_WEEKS). */
export const DEFAULT_PLAN_HORIZON_WEEKS = 12;

const id = ZRecordId;
const version = ZVersion;

/** A default pricing line of the plan: a price list entry and a quantity; each job prices it on its own date. */
export const ZPlanLineInput = z.object({
  priceItemId: id,
  quantity: rangedInt(NUMBER_RANGES.planLineQuantity),
});
export type PlanLineInput = z.infer<typeof ZPlanLineInput>;

const minutes = rangedInt(NUMBER_RANGES.planBudgetMinutes);

/** What shapes the plan's jobs: changed only "from a date" (preview, then apply). */
const scheduleFields = {
  ...recurrenceFields,
  /** Price of one visit in cents (before tax). */
  servicePriceCents: rangedInt(NUMBER_RANGES.planServicePriceCents),
  /** Budgeted in-home minutes of one visit (person-minutes, as the quote computed them). */
  budgetMinutes: minutes,
  /** Minutes the visit takes on the schedule; null: the budget. */
  durationMinutes: rangedInt(NUMBER_RANGES.planDurationMinutes).nullable().default(null),
  preferredTeamId: ZOptionalId,
  /** Preferred arrival window, local wall clock (HH:MM); the job's start time is its start. */
  windowStart: ZTimeOfDay.nullable().default(null),
  windowEnd: ZTimeOfDay.nullable().default(null),
  /** Last day a visit may fall on; null: open-ended. */
  endDate: ZCalendarDate.nullable().default(null),
  lines: z.array(ZPlanLineInput).max(60).default([]),
};

function refineSchedule(
  value: {
    windowStart?: string | null;
    windowEnd?: string | null;
    frequency?: (typeof PLAN_FREQUENCIES)[number];
    intervalWeeks?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  refineRecurrence(value, ctx);
  if (value.windowStart && value.windowEnd && value.windowEnd <= value.windowStart) {
    ctx.addIssue({ code: 'custom', path: ['windowEnd'], message: 'validation.windowEndNotAfterStart' });
  }
}

function refineEnd(value: { endDate?: string | null }, start: string | undefined, ctx: z.RefinementCtx) {
  if (value.endDate && start && value.endDate < start) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'rule.dateRange' });
  }
}

export const ZPlanAddRequest = z
  .object({
    /** The customer's service location; the customer is the location's. */
    locationId: z.number({ error: 'rule.required' }).int().positive().max(INT4_MAX),
    startDate: requiredCalendarDate('validation.startDateRequired'),
    notes: optionalText(2000),
    ...scheduleFields,
  })
  .superRefine((value, ctx) => {
    refineSchedule(value, ctx);
    refineEnd(value, value.startDate, ctx);
  });
export type PlanAddRequest = z.infer<typeof ZPlanAddRequest>;

/** Fields that touch no job (notes). Schedule fields change through previewChange / applyChange. */
export const ZPlanModifyRequest = z.object({ id, version, notes: z.string().trim().max(2000) });
export type PlanModifyRequest = z.infer<typeof ZPlanModifyRequest>;

/**
 * A change "from a date": the new schedule applies to the plan's jobs on or after fromDate that are
 * not completed, closed or moved/edited by hand. Every schedule field is sent (the whole new state).
 * With the same frequency the current pattern continues (weekday and alternation kept, from its first
 * visit on or after fromDate); fromDate is the first visit of a new pattern when the frequency changes
 * or `newPattern` asks for one (another weekday).
 */
export const ZPlanChangeRequest = z
  .object({
    id,
    version,
    fromDate: requiredCalendarDate('validation.startDateRequired'),
    newPattern: z.boolean().default(false),
    ...scheduleFields,
  })
  .superRefine((value, ctx) => {
    refineSchedule(value, ctx);
    refineEnd(value, value.fromDate, ctx);
  });
export type PlanChangeRequest = z.infer<typeof ZPlanChangeRequest>;

/** Why a job on or after the date is left as it is. */
export const PLAN_KEPT_REASONS = ['completed', 'uncompleted', 'closed', 'cancelled', 'skipped', 'by_hand'] as const;
export type PlanKeptReason = (typeof PLAN_KEPT_REASONS)[number];

const jobRef = { jobId: z.number().int(), reference: z.string() };

/**
 * What a change does to one job, value by value, for the preview: its start time and arrival window
 * ('HH:mm', 'HH:mm–HH:mm', null: none), its team (the team's name, null: none), its time on site
 * (minutes) and its price (cents).
 */
export const ZPlanJobDiff = z.discriminatedUnion('field', [
  z.object({ field: z.literal('startTime'), from: z.string().nullable(), to: z.string().nullable() }),
  z.object({ field: z.literal('window'), from: z.string().nullable(), to: z.string().nullable() }),
  z.object({ field: z.literal('team'), from: z.string().nullable(), to: z.string().nullable() }),
  z.object({ field: z.literal('duration'), from: z.number().int(), to: z.number().int() }),
  z.object({ field: z.literal('price'), from: z.number().int(), to: z.number().int() }),
]);
export type PlanJobDiff = z.infer<typeof ZPlanJobDiff>;

export const ZPlanChangePreview = z.object({
  planId: z.number().int(),
  fromDate: z.string(),
  /** Last day jobs are generated to (the horizon). */
  horizonEnd: z.string(),
  /** New visits (a job is created for each). */
  add: z.array(z.object({ date: z.string(), priceCents: z.number().int() })),
  /** Jobs moved to a date of the new pattern (and updated like reprice). */
  move: z.array(
    z.object({
      ...jobRef,
      fromDate: z.string(),
      toDate: z.string(),
      changes: z.array(z.string()),
      diffs: z.array(ZPlanJobDiff),
    }),
  ),
  /** Jobs that stay on their date but take the new price, minutes, lines, team or time. */
  reprice: z.array(
    z.object({
      ...jobRef,
      date: z.string(),
      fromPriceCents: z.number().int(),
      toPriceCents: z.number().int(),
      changes: z.array(z.string()),
      /** The time, window, team, length and price moves, from → to. */
      diffs: z.array(ZPlanJobDiff),
    }),
  ),
  /** Jobs no longer in the pattern: cancelled with the reason "plan changed". */
  cancel: z.array(z.object({ ...jobRef, date: z.string() })),
  /** Jobs on or after the date left untouched, with why. */
  kept: z.array(z.object({ ...jobRef, date: z.string(), reason: z.enum(PLAN_KEPT_REASONS) })),
  /** Jobs that already match the new schedule. */
  unchanged: z.number().int(),
});
export type PlanChangePreview = z.infer<typeof ZPlanChangePreview>;

export const ZPlanChangeApplied = ZPlanChangePreview.extend({ version: z.number().int() });
export type PlanChangeApplied = z.infer<typeof ZPlanChangeApplied>;

/** Skip one visit: its job is cancelled as skipped and never generated again. */
export const ZPlanSkipRequest = z.object({
  id,
  occurrenceDate: requiredCalendarDate('rule.required'),
  reason: optionalText(500),
});
export type PlanSkipRequest = z.infer<typeof ZPlanSkipRequest>;

/** Move one visit to another day (and time): its job is marked moved by hand. */
export const ZPlanMoveRequest = z.object({
  id,
  occurrenceDate: requiredCalendarDate('rule.required'),
  toDate: requiredCalendarDate('rule.required'),
  startTime: ZTimeOfDay.nullable().default(null),
});
export type PlanMoveRequest = z.infer<typeof ZPlanMoveRequest>;

export const ZPlanOccurrenceResult = z.object({
  planId: z.number().int(),
  jobId: z.number().int(),
  reference: z.string(),
  occurrenceDate: z.string(),
  date: z.string(),
  status: z.string(),
});
export type PlanOccurrenceResult = z.infer<typeof ZPlanOccurrenceResult>;

/** Pause ("not used"): future jobs from fromDate (default today) are cancelled; nothing is generated. */
export const ZPlanPauseRequest = z.object({
  id,
  version,
  fromDate: ZCalendarDate.nullable().default(null),
  reason: optionalText(500),
});
export type PlanPauseRequest = z.infer<typeof ZPlanPauseRequest>;

/** Resume a paused plan: jobs are generated again from fromDate (default today), same cadence. */
export const ZPlanResumeRequest = z.object({ id, version, fromDate: ZCalendarDate.nullable().default(null) });
export type PlanResumeRequest = z.infer<typeof ZPlanResumeRequest>;

/** Cancel (final): future jobs from fromDate (default today) are cancelled with the reason. */
export const ZPlanCancelRequest = z.object({
  id,
  version,
  reason: z
    .string({ error: whenMissing('validation.cancelReasonRequired') })
    .trim()
    .min(1, { error: 'validation.cancelReasonRequired' })
    .max(500),
  fromDate: ZCalendarDate.nullable().default(null),
});
export type PlanCancelRequest = z.infer<typeof ZPlanCancelRequest>;

export const ZPlanStateResult = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  /** Jobs cancelled (pause, cancel) or created (resume). */
  jobsCancelled: z.number().int(),
  jobsCreated: z.number().int(),
});
export type PlanStateResult = z.infer<typeof ZPlanStateResult>;

export const PLAN_SORT_FIELDS = ['reference', 'startDate', 'servicePriceCents', 'createdAt'] as const;

export const ZPlanListRequest = ZListRequest.extend({
  /** Reference, customer name or phone, or address. */
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(PLAN_STATUSES).optional(),
  frequency: z.enum(PLAN_FREQUENCIES).optional(),
  teamId: ZRecordId.optional(),
  customerId: ZRecordId.optional(),
});
export type PlanListRequest = z.infer<typeof ZPlanListRequest>;

export const ZPlanListItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  location: z.object({ id: z.number().int(), name: z.string(), address1: z.string(), city: z.string(), zip: z.string() }),
  frequency: z.enum(PLAN_FREQUENCIES),
  intervalWeeks: z.number().int().nullable(),
  /** RFC 5545 RRULE value of the current pattern. */
  rrule: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(PLAN_STATUSES),
  servicePriceCents: z.number().int(),
  budgetMinutes: z.number().int(),
  durationMinutes: z.number().int().nullable(),
  preferredTeam: ZColoredRef.nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  /** Date of the next visit from today (a job not cancelled), if any. */
  nextVisit: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type PlanListItem = z.infer<typeof ZPlanListItem>;
export const ZPlanListResponse = listResponseOf(ZPlanListItem);

export const ZPlanLine = z.object({
  priceItemId: z.number().int(),
  kind: z.enum(PRICE_LINE_KINDS),
  nameEn: z.string(),
  nameZh: z.string(),
  quantity: z.number().int(),
});
export type PlanLine = z.infer<typeof ZPlanLine>;

/** A visit of the plan from today: its job. */
export const ZPlanVisit = z.object({
  jobId: z.number().int(),
  reference: z.string(),
  occurrenceDate: z.string().nullable(),
  date: z.string(),
  startTime: z.string().nullable(),
  status: z.string(),
  priceCents: z.number().int(),
  movedByHand: z.boolean(),
});
export type PlanVisit = z.infer<typeof ZPlanVisit>;

export const ZPlanDetail = ZPlanListItem.extend({
  notes: z.string(),
  /** First visit of the current pattern (the start date, or the date of the last change of pattern). */
  patternFrom: z.string(),
  quoteId: z.number().int().nullable(),
  statusReason: z.string(),
  /** Jobs exist up to this day (generation horizon). */
  generatedUntil: z.string().nullable(),
  lines: z.array(ZPlanLine),
  /** The visits from today to the horizon (at most 60). */
  upcoming: z.array(ZPlanVisit),
});
export type PlanDetail = z.infer<typeof ZPlanDetail>;

export const ZPlanSaved = z.object({
  id: z.number().int(),
  version: z.number().int(),
  reference: z.string(),
  jobsCreated: z.number().int(),
});
export type PlanSaved = z.infer<typeof ZPlanSaved>;
