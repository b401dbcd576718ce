import { z } from 'zod';
import { FIELD_STATES } from '../field/actions';
import { whenMissing, ZCents, ZIsoDate } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZGiftCertificateNumber } from '../marketing/gift-certificates';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';
import { JOB_STATUSES, ZJobMinutes } from '../service/jobs';

/**
 * The office day's screens (issue 12): start of day, job completion, verify & close day.
 * Every request names a business date; without one the server takes business today.
 */

/** Reopening a closed day: its own action key, held by the office manager. */
export const OFFICE_DAY_REOPEN_KEY = 'office:day:reopen';

const ZReason = z
  .string({ error: whenMissing('validation.reasonRequired') })
  .trim()
  .min(1, { error: 'validation.reasonRequired' })
  .max(500);

export const ZOfficeDayRequest = z.object({ date: ZIsoDate.optional() });
export type OfficeDayRequest = z.infer<typeof ZOfficeDayRequest>;
/** The schedule PDF is a download (GET): the date travels in the query string. */
export const ZDayScheduleQuery = z.object({ date: ZIsoDate.optional() });

/** One row behind a checklist item: what it is and where the office fixes it. */
export const ZChecklistRow = z.object({
  label: z.string(),
  /** A screen url with its query (the board of the day, a job, the key list). */
  link: z.string(),
  /** A schedule conflict's key (item scheduleConflicts): the row can be acknowledged. */
  conflictKey: z.string().optional(),
  /** Who acknowledged the conflict and when (ISO moment); absent while it is not. */
  acknowledgedBy: z.string().optional(),
  acknowledgedAt: z.string().optional(),
});
export const ZChecklistItem = z.object({
  /** The item's key; the web names it from its locale file (office.check.<key>). */
  key: z.string(),
  ok: z.boolean(),
  /** How many rows keep the item from being green. */
  count: z.number().int(),
  rows: z.array(ZChecklistRow),
});
export type ChecklistItem = z.infer<typeof ZChecklistItem>;

export const START_OF_DAY_CHECKS = [
  'teamsStaffed',
  'jobsPlaced',
  'membersOnLeave',
  'keysOut',
  'yesterdayClosed',
  'scheduleConflicts',
  // Field app: members of the day's crews not clocked in once their team's first window has begun.
  'notClockedIn',
] as const;

/** Acknowledge one schedule conflict of a day (Start of Day): it stays listed, no longer blocking. */
export const ZConflictAckRequest = z.object({
  date: ZIsoDate,
  key: z.string({ error: 'rule.required' }).trim().min(1, { error: 'rule.required' }).max(200),
});
export type ConflictAckRequest = z.infer<typeof ZConflictAckRequest>;
export const CLOSE_DAY_CHECKS = [
  'jobsSettled',
  'cardsPending',
  'cardsFailed',
  'cardsReconciled',
  'timeCards',
  'cashCounted',
  'checksCounted',
] as const;

export const ZStartOfDay = z.object({
  date: z.string(),
  dayStatus: z.enum(['open', 'closed']),
  jobCount: z.number().int(),
  teamCount: z.number().int(),
  items: z.array(ZChecklistItem),
  ready: z.boolean(),
});
export type StartOfDay = z.infer<typeof ZStartOfDay>;

// ---- Job completion ----

export const ZCompletionJob = z.object({
  id: z.number().int(),
  version: z.number().int(),
  reference: z.string(),
  status: z.enum(JOB_STATUSES),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  address: z.string(),
  startTime: z.string().nullable(),
  durationMinutes: z.number().int(),
  /** The planned in-home (person) minutes. */
  plannedMinutes: z.number().int(),
  actualMinutes: z.number().int().nullable(),
  /** The job punches of the day, summed; null when nobody punched this job. */
  punchedMinutes: z.number().int().nullable(),
  tipCents: z.number().int(),
  invoiceTotalCents: z.number().int(),
  paidCents: z.number().int(),
  hasSavedCard: z.boolean(),
  cardQueued: z.boolean(),
  uncompletedReason: z.string(),
  /** As the crew reported it from the field app (the office still confirms). */
  fieldState: z.enum(FIELD_STATES),
  reportedDoneAt: z.string().nullable(),
  /** The crew's notes to the office, one per line. */
  fieldNote: z.string(),
  fieldConflict: z.boolean(),
});
export type CompletionJob = z.infer<typeof ZCompletionJob>;
export const ZCompletionList = z.object({
  date: z.string(),
  dayStatus: z.enum(['open', 'closed']),
  list: z.array(ZCompletionJob),
});
export type CompletionList = z.infer<typeof ZCompletionList>;

export const COMPLETION_PAYMENTS = ['none', 'cash', 'check', 'gift_certificate', 'card_queue'] as const;
export type CompletionPayment = (typeof COMPLETION_PAYMENTS)[number];

const ZOnSitePayment = z.discriminatedUnion('method', [
  z.object({ method: z.literal('none') }),
  z.object({ method: z.literal('cash'), amountCents: rangedInt(NUMBER_RANGES.paymentAmountCents) }),
  z.object({
    method: z.literal('check'),
    amountCents: rangedInt(NUMBER_RANGES.paymentAmountCents),
    checkNumber: z
      .string({ error: whenMissing('validation.checkNumberRequired') })
      .trim()
      .min(1, { error: 'validation.checkNumberRequired' })
      .max(32),
  }),
  /** Redeemed from a gift certificate's balance (refused beyond the balance or for a voided one). */
  z.object({
    method: z.literal('gift_certificate'),
    amountCents: rangedInt(NUMBER_RANGES.paymentAmountCents),
    giftCertificateNumber: ZGiftCertificateNumber,
  }),
  /** A charge of the customer's saved card for the invoice total, through the e-payment queue. */
  z.object({ method: z.literal('card_queue') }),
]);
export type OnSitePayment = z.infer<typeof ZOnSitePayment>;

export const ZCompletionConfirmRequest = z.discriminatedUnion('outcome', [
  z.object({
    id: ZRecordId,
    version: ZVersion,
    outcome: z.literal('completed'),
    actualMinutes: ZJobMinutes,
    tipCents: rangedInt(NUMBER_RANGES.completionTipCents).default(0),
    payment: ZOnSitePayment.default({ method: 'none' }),
    /** A reason asks for a no-charge re-clean linked to this job. */
    recleanReason: z.string().trim().max(500).default(''),
  }),
  z.object({
    id: ZRecordId,
    version: ZVersion,
    outcome: z.literal('uncompleted'),
    reason: ZReason,
  }),
]);
export type CompletionConfirmRequest = z.infer<typeof ZCompletionConfirmRequest>;
export const ZCompletionConfirmed = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(JOB_STATUSES),
  paymentId: z.number().int().nullable(),
  cardQueueSerial: z.string().nullable(),
  recleanReference: z.string().nullable(),
});

/** Bulk confirm: scheduled jobs completed as planned (actual = punched minutes, else planned). */
export const ZCompletionBulkRequest = z.object({
  date: ZIsoDate,
  ids: z.array(ZRecordId).min(1, { error: 'validation.selectJobs' }).max(500),
  /** false: answer the summary of what would be done, change nothing. */
  apply: z.boolean().default(false),
});
export const ZCompletionBulkResult = z.object({
  applied: z.boolean(),
  jobs: z.array(z.object({ id: z.number().int(), reference: z.string(), actualMinutes: z.number().int() })),
  /** Jobs of the selection left alone (not scheduled, or not of this date), with their status. */
  skipped: z.array(z.object({ id: z.number().int(), reference: z.string(), status: z.string() })),
  totalMinutes: z.number().int(),
});
export type CompletionBulkResult = z.infer<typeof ZCompletionBulkResult>;

// ---- Verify & close day ----

export const ZDayCounts = z.object({
  countedCashCents: ZCents(1_000_000_000),
  countedCheckCents: ZCents(1_000_000_000),
  /** Required when a counted total differs from the recorded payments. */
  differenceNote: z.string().trim().max(1000).default(''),
});

export const ZVerifyRequest = z.object({ date: ZIsoDate.optional() }).extend(ZDayCounts.partial().shape);
export const ZVerifyResult = z.object({
  date: z.string(),
  dayStatus: z.enum(['open', 'closed']),
  recordedCashCents: z.number().int(),
  recordedCheckCents: z.number().int(),
  countedCashCents: z.number().int().nullable(),
  countedCheckCents: z.number().int().nullable(),
  differenceNote: z.string(),
  items: z.array(ZChecklistItem),
  ready: z.boolean(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  reopenReason: z.string(),
});
export type VerifyResult = z.infer<typeof ZVerifyResult>;

export const ZCloseDayRequest = ZDayCounts.extend({ date: ZIsoDate });
export type CloseDayRequest = z.infer<typeof ZCloseDayRequest>;
export const ZCloseDayResult = z.object({ date: z.string(), closedJobs: z.number().int(), alreadyClosed: z.boolean() });

export const ZReopenDayRequest = z.object({ date: ZIsoDate, reason: ZReason });
