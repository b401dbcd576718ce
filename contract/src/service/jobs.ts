import { z } from 'zod';
import { INVOICE_STATUSES } from '../billing/invoices';
import { ZPaymentAddRequest } from '../billing/payments';
import { ZTimeOfDay } from '../calendar';
import { ZColoredRef, ZRef } from '../customer-fields';
import { whenMissing, ZIsoDate } from '../fields';
import { INT4_MAX, int4, ZRecordId, ZRecordIdQuery } from '../ids';
import { listResponseOf, ZListRequest } from '../list';
import type { Titles } from '../menu';
import { ZCustomerMessage } from '../messaging/log';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';
import { PRICE_LINE_KINDS } from '../pricing';
import { ZJobLength } from './job-length';

/** Jobs (spec §3 Job; `/job/*`): one visit to one customer location on one service date. */

export const JOB_STATUSES = ['unscheduled', 'scheduled', 'completed', 'uncompleted', 'cancelled', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Allowed status changes (docs/business-rules.md "Job status"). `closed` is reached only by closing
 * the day (office issue), never through `/job/updateState`.
 */
export const JOB_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  unscheduled: ['scheduled', 'cancelled'],
  scheduled: ['completed', 'uncompleted', 'cancelled'],
  completed: ['closed'],
  uncompleted: ['closed'],
  cancelled: [],
  closed: [],
};
export const canTransition = (from: JobStatus, to: JobStatus): boolean => JOB_TRANSITIONS[from].includes(to);

/** Statuses whose job may still be edited (fields, lines, discounts). */
export const JOB_EDITABLE_STATUSES: readonly JobStatus[] = ['unscheduled', 'scheduled', 'completed', 'uncompleted'];
/** A re-clean may be made of a job that was done. */
export const JOB_RECLEAN_FROM: readonly JobStatus[] = ['completed', 'closed'];

/**
 * How often a customer is served, as the trade says it. A job carries the frequency of the plan it
 * came from (`one_time` for a single clean); plans use the same list.
 */
export const SERVICE_FREQUENCIES = [
  'one_time',
  'weekly',
  'biweekly',
  'every_three_weeks',
  'every_four_weeks',
  'monthly',
  'custom',
] as const;
export type ServiceFrequency = (typeof SERVICE_FREQUENCIES)[number];

export const JOB_CANCEL_REASONS = [
  'customer_request',
  'customer_not_home',
  'weather',
  'illness',
  'team_unavailable',
  'scheduling_conflict',
  'payment_issue',
  'other',
] as const;
export type JobCancelReason = (typeof JOB_CANCEL_REASONS)[number];
export const JOB_CANCEL_REASON_TITLES: Record<JobCancelReason, Titles> = {
  customer_request: { en: 'Customer request', zh: '客户要求' },
  customer_not_home: { en: 'Customer not home / no access', zh: '客户不在家或无法进入' },
  weather: { en: 'Weather', zh: '天气原因' },
  illness: { en: 'Illness', zh: '生病' },
  team_unavailable: { en: 'Team unavailable', zh: '团队无法出勤' },
  scheduling_conflict: { en: 'Scheduling conflict', zh: '时间冲突' },
  payment_issue: { en: 'Payment issue', zh: '付款问题' },
  other: { en: 'Other', zh: '其他' },
};

/** `base`: the house-size base clean of a quote or plan (no price list entry). */
export const JOB_LINE_KINDS = ['base', ...PRICE_LINE_KINDS] as const;
export type JobLineKind = (typeof JOB_LINE_KINDS)[number];

export const JOB_IMAGE_KINDS = ['before', 'after'] as const;
export type JobImageKind = (typeof JOB_IMAGE_KINDS)[number];
export const JOB_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const JOB_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const JOB_IMAGES_PER_JOB_MAX = 40;

/** Permission keys of the jobs screens (menu urls) and actions. */
export const JOB_KEYS = {
  list: '/service/worklist',
  detail: '/service/workdeatil',
  export: 'service:jobs:export',
} as const;

export const JOB_LIST_SORT_FIELDS = ['serviceDate', 'reference'] as const;

// ---- Shared field schemas ----

const ZPositiveId = ZRecordId;
const ZNullableId = ZPositiveId.nullable();
/** Minutes of work: at most a whole day's 24 h. */
export const ZJobMinutes = rangedInt(NUMBER_RANGES.jobDurationMinutes);
/** Driving distance in tenths of a mile (12.5 mi → 125). */
const ZTenthMiles = rangedInt(NUMBER_RANGES.jobDrivingTenthMiles);
const ZMoney = rangedInt(NUMBER_RANGES.jobAmountCents);
const note = (max: number) => z.string().trim().max(max);

/**
 * A pricing line of a save. Either an existing line to keep (`id`: its copied name and rate stay,
 * quantity and the free flag may change), or a new one from the price list (`priceItemId`), priced
 * with the rate in force on the job's service date. `rateEffectiveFrom` is the rate the form showed:
 * when it is not the rate of that date, the line is refused (priced for another date).
 */
export const ZJobLineInput = z
  .object({
    id: ZPositiveId.optional(),
    priceItemId: ZPositiveId.optional(),
    quantity: z
      .number({ error: 'rule.required' })
      .int()
      .min(NUMBER_RANGES.jobLineQuantity.min)
      .max(NUMBER_RANGES.jobLineQuantity.max),
    free: z.boolean().default(false),
    freeReason: note(200).default(''),
    rateEffectiveFrom: ZIsoDate.optional(),
  })
  .superRefine((line, ctx) => {
    if (line.id === undefined && line.priceItemId === undefined)
      ctx.addIssue({ code: 'custom', path: ['priceItemId'], message: 'rule.required' });
    if (line.free && line.freeReason === '')
      ctx.addIssue({ code: 'custom', path: ['freeReason'], message: 'validation.freeReasonRequired' });
  });
export type JobLineInput = z.infer<typeof ZJobLineInput>;

/** The fields of a job an office user edits (add and modify). */
const jobEditableFields = {
  teamId: ZNullableId.default(null),
  preferredTeamId: ZNullableId.default(null),
  /** Preferred arrival window, local wall-clock time `HH:mm` in the business time zone. */
  windowStart: ZTimeOfDay.nullable().default(null),
  windowEnd: ZTimeOfDay.nullable().default(null),
  serviceDate: ZIsoDate.nullable().default(null),
  /** Local wall-clock start `HH:mm` (09:00 stays 09:00 across a daylight-saving change). */
  startTime: ZTimeOfDay.nullable().default(null),
  /** Planned time on site; 0 = derived from the lines' minutes ÷ the team's size. */
  durationMinutes: ZJobMinutes.default(0),
  customerAtHome: z.boolean().default(false),
  /** The office user responsible for the job. */
  assigneeId: ZNullableId.default(null),
  drivingDistanceTenthMiles: ZTenthMiles.nullable().default(null),
  pricePerMinuteCents: rangedInt(NUMBER_RANGES.jobPricePerMinuteCents).nullable().default(null),
  flatRateCents: ZMoney.nullable().default(null),
  couponCode: note(32).default(''),
  couponCents: ZMoney.default(0),
  discountCents: ZMoney.default(0),
  notes: note(2000).default(''),
};

// ---- Requests ----

export const ZJobListRequest = ZListRequest.extend({
  /** Reference prefix (J-2611…), or words of the customer's name, phone, e-mail or address. */
  keyword: z.string().trim().max(64).optional(),
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
  statuses: z.array(z.enum(JOB_STATUSES)).max(JOB_STATUSES.length).optional(),
  /** 0: jobs without a team. */
  teamId: int4(0).optional(),
  zoneId: ZPositiveId.optional(),
  frequency: z.enum(SERVICE_FREQUENCIES).optional(),
  customerId: ZPositiveId.optional(),
  locationId: ZPositiveId.optional(),
  planId: ZPositiveId.optional(),
  /**
   * Only jobs in a schedule conflict (contract findConflicts) within the dates; without dates, from
   * today for JOB_CONFLICT_FILTER_DAYS days (docs/business-rules.md "Schedule conflicts").
   */
  hasConflict: z.boolean().optional(),
  /**
   * Optional: the `nextCursor` of the page before `pageNum` (docs/api-conventions.md "Cursor of the Job
   * List"). The page then starts after that page's last row (keyset) instead of counting past the
   * earlier rows; a cursor of another page, sort or filter is ignored and `pageNum` alone decides.
   */
  cursor: z
    .string()
    .max(400)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
});
/** The days the "has a conflict" filter reads when the list gives no end date (and at most). */
export const JOB_CONFLICT_FILTER_DAYS = 92;
export type JobListRequest = z.infer<typeof ZJobListRequest>;

/** `GET /job/export?…`: the list filters as query parameters (statuses comma-separated). */
export const ZJobExportQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
  statuses: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
    .pipe(z.array(z.enum(JOB_STATUSES)).optional()),
  teamId: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  zoneId: ZRecordIdQuery.optional(),
  frequency: z.enum(SERVICE_FREQUENCIES).optional(),
  customerId: ZRecordIdQuery.optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type JobExportQuery = z.infer<typeof ZJobExportQuery>;
/** Export is refused above this many rows: narrow the filters. */
export const JOB_EXPORT_MAX_ROWS = 50_000;

export const ZJobAddRequest = z.object({
  locationId: z.number({ error: 'validation.locationRequired' }).int().positive().max(INT4_MAX),
  frequency: z.enum(SERVICE_FREQUENCIES).default('one_time'),
  ...jobEditableFields,
  lines: z.array(ZJobLineInput).max(60).default([]),
});
export type JobAddRequest = z.infer<typeof ZJobAddRequest>;

/**
 * Modify sends every editable field with the version it read (lines are saved apart): no defaults,
 * so an omitted field is an error rather than a silent reset.
 */
export const ZJobModifyRequest = z.object({
  id: ZPositiveId,
  version: ZPositiveId,
  ...(Object.fromEntries(Object.entries(jobEditableFields).map(([key, schema]) => [key, schema.unwrap()])) as {
    [K in keyof typeof jobEditableFields]: ReturnType<(typeof jobEditableFields)[K]['unwrap']>;
  }),
});
export type JobModifyRequest = z.infer<typeof ZJobModifyRequest>;

/** Replaces the whole set of pricing lines; the costing is recomputed. */
export const ZJobSaveLinesRequest = z.object({
  id: ZPositiveId,
  version: ZPositiveId,
  lines: z.array(ZJobLineInput).max(60),
});
export type JobSaveLinesRequest = z.infer<typeof ZJobSaveLinesRequest>;

/** One status change; each target carries what it needs. `closed` is refused (close day only). */
export const ZJobUpdateStateRequest = z.discriminatedUnion('status', [
  z.object({
    id: ZPositiveId,
    version: ZPositiveId,
    status: z.literal('scheduled'),
    teamId: z.number({ error: 'validation.teamRequired' }).int().positive(),
    serviceDate: ZIsoDate,
    startTime: ZTimeOfDay,
  }),
  z.object({ id: ZPositiveId, version: ZPositiveId, status: z.literal('completed'), actualMinutes: ZJobMinutes }),
  z.object({
    id: ZPositiveId,
    version: ZPositiveId,
    status: z.literal('uncompleted'),
    reason: z
      .string({ error: whenMissing('validation.reasonRequired') })
      .trim()
      .min(1, { error: 'validation.reasonRequired' })
      .max(500),
  }),
  z.object({
    id: ZPositiveId,
    version: ZPositiveId,
    status: z.literal('cancelled'),
    reason: z.enum(JOB_CANCEL_REASONS, { error: 'validation.cancelReasonRequired' }),
    note: note(500).default(''),
    /** Charged as a fee line; 0 = no fee. */
    feeCents: rangedInt(NUMBER_RANGES.cancelFeeCents).default(0),
  }),
  z.object({ id: ZPositiveId, version: ZPositiveId, status: z.literal('unscheduled') }),
  z.object({ id: ZPositiveId, version: ZPositiveId, status: z.literal('closed') }),
]);
export type JobUpdateStateRequest = z.infer<typeof ZJobUpdateStateRequest>;

/** A re-clean: a new unscheduled job at the same location, linked, every line free. */
export const ZJobRecleanRequest = z.object({
  id: ZPositiveId,
  reason: z
    .string({ error: whenMissing('validation.reasonRequired') })
    .trim()
    .min(1, { error: 'validation.reasonRequired' })
    .max(500),
  serviceDate: ZIsoDate.nullable().default(null),
});

export const ZJobImageUploadRequest = z.object({
  jobId: ZPositiveId,
  kind: z.enum(JOB_IMAGE_KINDS),
  name: z.string().trim().min(1, { error: 'validation.fileNameRequired' }).max(160),
  /** The image as base64 (a data URL prefix is accepted); JPEG, PNG or WebP by content, ≤ 10 MB. */
  contentBase64: z.string().min(1, { error: 'validation.fileRequired' }),
});
export type JobImageUploadRequest = z.infer<typeof ZJobImageUploadRequest>;

/** A customer payment recorded against this job (the customer's payment ledger, linked to the job). */
export const ZJobPaymentAddRequest = ZPaymentAddRequest.safeExtend({ jobId: ZPositiveId });
export type JobPaymentAddRequest = z.infer<typeof ZJobPaymentAddRequest>;

export const ZJobReminderAddRequest = z.object({
  jobId: ZPositiveId,
  dueDate: z.string({ error: whenMissing('validation.dueDateRequired') }).pipe(ZIsoDate),
  note: z
    .string({ error: whenMissing('validation.reminderNoteRequired') })
    .trim()
    .min(1, { error: 'validation.reminderNoteRequired' })
    .max(500),
});
export const ZJobReminderModifyRequest = z.object({
  id: ZPositiveId,
  version: ZPositiveId,
  dueDate: z.string({ error: whenMissing('validation.dueDateRequired') }).pipe(ZIsoDate),
  note: z
    .string({ error: whenMissing('validation.reminderNoteRequired') })
    .trim()
    .min(1, { error: 'validation.reminderNoteRequired' })
    .max(500),
});
export const ZJobReminderDoneRequest = z.object({ id: ZPositiveId, done: z.boolean() });
/** Reminders not done and due on or before the date (business today by default). */
export const ZJobDueRemindersRequest = ZListRequest.extend({ date: ZIsoDate.optional(), assigneeId: ZPositiveId.optional() });

// ---- Responses ----

export const ZJobTotals = z.object({
  jobs: z.number().int(),
  /** Sum of planned time on site (minutes). */
  inHomeMinutes: z.number().int(),
  /** Sum of revenue (contract jobRevenueCents: subtotals, a cancelled job's cancel fee alone). */
  revenueCents: z.number().int(),
});
export type JobTotals = z.infer<typeof ZJobTotals>;

export const ZJobListItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(JOB_STATUSES),
  serviceDate: z.string().nullable(),
  startTime: z.string().nullable(),
  durationMinutes: z.number().int(),
  /** The one length (contract jobLength): person-minutes, the members that day and the time on site. */
  length: ZJobLength,
  frequency: z.enum(SERVICE_FREQUENCIES),
  customer: ZRef,
  phone: z.string(),
  location: z.object({ id: z.number().int(), name: z.string(), address1: z.string(), city: z.string(), zip: z.string() }),
  zone: ZColoredRef.nullable(),
  team: ZColoredRef.nullable(),
  quotedMinutes: z.number().int(),
  actualMinutes: z.number().int().nullable(),
  subtotalCents: z.number().int(),
  /** Revenue by the one definition (contract jobRevenueCents): a cancelled job's cancel fee, else the subtotal. */
  revenueCents: z.number().int(),
  invoiceTotalCents: z.number().int(),
  planId: z.number().int().nullable(),
  recleanOfJobId: z.number().int().nullable(),
  version: z.number().int(),
});
export type JobListItem = z.infer<typeof ZJobListItem>;
/**
 * A search of the Job List (its `keyword`) counts its jobs only up to this many: a common name ("chen")
 * has ten thousand jobs on a large business, and counting them was most of the search's cost
 * (docs/performance.md "Jobs"). Past it the answer is `total: JOB_SEARCH_COUNT_CAP, totalCapped: true`.
 */
export const JOB_SEARCH_COUNT_CAP = 1_000;
/**
 * `totals` is null when more than the cap match (`totalCapped`; COUNT_CAP, JOB_SEARCH_COUNT_CAP for a
 * search): the sums are only given for a bounded set.
 */
export const ZJobListResponse = listResponseOf(ZJobListItem).extend({
  totals: ZJobTotals.nullable(),
  /** Opaque: send it as `cursor` with `pageNum + 1` for the next page; absent on a last page. */
  nextCursor: z.string().optional(),
});
export type JobListResponse = z.infer<typeof ZJobListResponse>;

export const ZJobCosting = z.object({
  revenueCents: z.number().int(),
  discountsCents: z.number().int(),
  subtotalCents: z.number().int(),
  taxableCents: z.number().int(),
  taxesCents: z.number().int(),
  salesTaxBps: z.number().int(),
  /** null for a caller without PAY_MANAGE_KEY: with a small team the labor cost gives the pay rate back. */
  projectedLaborCents: z.number().int().nullable(),
  invoiceTotalCents: z.number().int(),
  /** null with projectedLaborCents. */
  profitLossCents: z.number().int().nullable(),
});
export type JobCosting = z.infer<typeof ZJobCosting>;

export const ZJobLine = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_LINE_KINDS),
  priceItemId: z.number().int().nullable(),
  nameEn: z.string(),
  nameZh: z.string(),
  /** The price-list rate the line was priced with (null: base line). */
  rateEffectiveFrom: z.string().nullable(),
  quantity: z.number().int(),
  minutesEach: z.number().int(),
  unitPriceCents: z.number().int(),
  taxable: z.boolean(),
  free: z.boolean(),
  freeReason: z.string(),
  amountCents: z.number().int(),
});
export type JobLine = z.infer<typeof ZJobLine>;

/** A member of the job's team with the hourly cost used for the projected labor (live costing). */
export const ZJobLaborMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  plannedMinutes: z.number().int(),
  /** null for a caller without PAY_MANAGE_KEY (pay rates are theirs only). */
  hourlyRateCents: z.number().int().nullable(),
  /** false: no pay rate in force on the service date (counted as 0). */
  hasRate: z.boolean(),
});

export const ZJobPayment = z.object({
  id: z.number().int(),
  kind: z.enum(['payment', 'reversal']),
  paidOn: z.string(),
  amountCents: z.number().int(),
  gratuityCents: z.number().int(),
  method: z.string(),
  note: z.string(),
});

export const ZJobImage = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_IMAGE_KINDS),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: ZRef.nullable(),
});
export type JobImage = z.infer<typeof ZJobImage>;

export const ZJobReminder = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  dueDate: z.string(),
  note: z.string(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  doneBy: ZRef.nullable(),
  version: z.number().int(),
});
export type JobReminder = z.infer<typeof ZJobReminder>;
export const ZJobDueReminder = ZJobReminder.extend({
  jobReference: z.string(),
  customer: ZRef,
  serviceDate: z.string().nullable(),
  assignee: ZRef.nullable(),
});
export type JobDueReminder = z.infer<typeof ZJobDueReminder>;
export const ZJobDueRemindersResponse = listResponseOf(ZJobDueReminder);

/** One change-log entry (same shape as the plans' and tasks' change log: ZChangeLogEntry). */
export const ZJobChange = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  user: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});

export const ZJob = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(JOB_STATUSES),
  frequency: z.enum(SERVICE_FREQUENCIES),
  customer: ZRef.extend({ phone: z.string() }),
  location: z.object({
    id: z.number().int(),
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  zone: ZColoredRef.nullable(),
  team: ZColoredRef.nullable(),
  preferredTeam: ZColoredRef.nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  serviceDate: z.string().nullable(),
  startTime: z.string().nullable(),
  durationMinutes: z.number().int(),
  /** The one length (contract jobLength), as the board draws it. */
  length: ZJobLength,
  /** Person-minutes of the pricing lines (the quoted in-home time). */
  quotedMinutes: z.number().int(),
  actualMinutes: z.number().int().nullable(),
  uncompletedReason: z.string(),
  cancelReason: z.enum(JOB_CANCEL_REASONS).nullable(),
  cancelNote: z.string(),
  cancelFeeCents: z.number().int(),
  recleanOf: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  recleans: z.array(z.object({ id: z.number().int(), reference: z.string(), status: z.enum(JOB_STATUSES) })),
  recleanReason: z.string(),
  customerAtHome: z.boolean(),
  assignee: ZRef.nullable(),
  drivingDistanceTenthMiles: z.number().int().nullable(),
  pricePerMinuteCents: z.number().int(),
  flatRateCents: z.number().int().nullable(),
  couponCode: z.string(),
  couponCents: z.number().int(),
  discountCents: z.number().int(),
  /** The cap of coupon + discount: revenue × the quote parameters' maximum discount, rounded down. */
  maxDiscountCents: z.number().int(),
  maxDiscountBps: z.number().int(),
  notes: z.string(),
  planId: z.number().int().nullable(),
  occurrenceDate: z.string().nullable(),
  movedByHand: z.boolean(),
  editedByHand: z.boolean(),
  quoteId: z.number().int().nullable(),
  /** The date the price list was read for new lines (service date, or business today when none). */
  pricingDate: z.string(),
  costing: ZJobCosting,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Job = z.infer<typeof ZJob>;

/**
 * An invoice of the job (billing): the live one and any it voided and corrected, oldest first; a
 * correction names the invoice it replaces. `openCents` is what is left to pay (0 once void).
 */
export const ZJobInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  totalCents: z.number().int(),
  openCents: z.number().int(),
  correctsInvoiceId: z.number().int().nullable(),
});
export type JobInvoice = z.infer<typeof ZJobInvoice>;

/** `/job/detail`: everything the Job Detail tabs show, in one round trip. */
export const ZJobDetail = z.object({
  job: ZJob,
  lines: z.array(ZJobLine),
  labor: z.array(ZJobLaborMember),
  payments: z.array(ZJobPayment),
  paidCents: z.number().int(),
  images: z.array(ZJobImage),
  reminders: z.array(ZJobReminder),
  changes: z.array(ZJobChange),
  invoices: z.array(ZJobInvoice),
  /** Messages to the customer about this job (issue 22), newest first, the latest 50. */
  messages: z.array(ZCustomerMessage),
  /** Status changes allowed from the current one through updateState (closed excluded). */
  allowedTransitions: z.array(z.enum(JOB_STATUSES)),
});
export type JobDetail = z.infer<typeof ZJobDetail>;

export const ZJobSaved = z.object({
  id: z.number().int(),
  reference: z.string(),
  version: z.number().int(),
  status: z.enum(JOB_STATUSES),
});
export type JobSaved = z.infer<typeof ZJobSaved>;

/** "HH:mm" ↔ minutes from midnight (local wall-clock time). */
export function timeToMinutes(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
