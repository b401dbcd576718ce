import { z } from 'zod';
import { ZRecordId } from '../ids';

/**
 * The field app's writing calls (issue 21): `/field/punch`, `/field/jobEvent`, `/field/sync`.
 * Every action carries an idempotency key (a UUID the phone makes once) and the moment it happened
 * (`at`, an ISO instant): kept offline on the phone, it is sent later and applied once
 * (docs/business-rules.md "Field app").
 */

/** A job's state as the crew reports it (the board's live view). */
export const FIELD_STATES = ['notStarted', 'enRoute', 'inProgress', 'done'] as const;
export type FieldState = (typeof FIELD_STATES)[number];

export const FIELD_PUNCH_KINDS = ['clockIn', 'clockOut', 'mealStart', 'mealEnd'] as const;
export type FieldPunchKind = (typeof FIELD_PUNCH_KINDS)[number];

export const FIELD_JOB_EVENT_KINDS = ['checkIn', 'checkOut', 'done', 'note', 'checklist'] as const;
export type FieldJobEventKind = (typeof FIELD_JOB_EVENT_KINDS)[number];

/** What became of one action: applied now, applied before (a replay), refused, or a conflict with the office. */
export const FIELD_ACTION_STATUSES = ['applied', 'duplicate', 'conflict', 'refused'] as const;
export type FieldActionStatus = (typeof FIELD_ACTION_STATUSES)[number];

/** A recorded moment may be this far in the server's future (phone clocks drift). */
export const FIELD_CLOCK_SKEW_MS = 2 * 60_000;
/** The most actions one sync call carries. */
export const FIELD_SYNC_MAX_ACTIONS = 200;
export const FIELD_NOTE_MAX = 2000;

/** The phone's location when the cleaner allows it (never required); accuracy in metres. */
export const ZFieldLocation = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracyM: z.number().min(0).max(100_000),
});
export type FieldLocation = z.infer<typeof ZFieldLocation>;

const actionBase = {
  /** Idempotency key: the same key is applied once and answered the same. */
  key: z.uuid(),
  /** When it happened on the phone (not when it was sent). */
  at: z.iso.datetime({ offset: true }),
  location: ZFieldLocation.optional(),
};

const punchShape = z.object({
  ...actionBase,
  kind: z.enum(FIELD_PUNCH_KINDS),
  /** Asked at clock-out: "Were you able to take all your rest breaks today?" (required then). */
  restBreaksTaken: z.boolean().optional(),
  /** The punch a clock-out or meal end closes, when the phone knows it (a conflict if it changed). */
  punchId: ZRecordId.optional(),
});
const punchRules = (value: { kind: FieldPunchKind; restBreaksTaken?: boolean }, ctx: z.RefinementCtx) => {
  if (value.kind === 'clockOut' && value.restBreaksTaken === undefined) {
    ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['restBreaksTaken'] });
  }
};
export const ZFieldPunch = punchShape.superRefine(punchRules);
export type FieldPunch = z.infer<typeof ZFieldPunch>;

const jobEventShape = z.object({
  ...actionBase,
  jobId: ZRecordId,
  kind: z.enum(FIELD_JOB_EVENT_KINDS),
  /** The note to the office (kind 'note'). */
  note: z.string().trim().max(FIELD_NOTE_MAX).optional(),
  /** Checklist items ticked or unticked (kind 'checklist'); ids from `/field/myDay`. */
  checklist: z
    .array(z.object({ id: z.string().trim().min(1).max(64), done: z.boolean() }))
    .max(200)
    .optional(),
});
const jobEventRules = (value: { kind: FieldJobEventKind; note?: string; checklist?: unknown[] }, ctx: z.RefinementCtx) => {
  if (value.kind === 'note' && !value.note) ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['note'] });
  if (value.kind === 'checklist' && !value.checklist?.length) {
    ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['checklist'] });
  }
};
export const ZFieldJobEvent = jobEventShape.superRefine(jobEventRules);
export type FieldJobEvent = z.infer<typeof ZFieldJobEvent>;

/** A queued action as the phone sends it in a batch. */
export const ZFieldAction = z.discriminatedUnion('type', [
  punchShape.extend({ type: z.literal('punch') }).superRefine(punchRules),
  jobEventShape.extend({ type: z.literal('jobEvent') }).superRefine(jobEventRules),
]);
export type FieldAction = z.infer<typeof ZFieldAction>;

/** The phone's queue, in the order the actions happened. */
export const ZFieldSync = z.object({ actions: z.array(ZFieldAction).min(1).max(FIELD_SYNC_MAX_ACTIONS) });
export type FieldSync = z.infer<typeof ZFieldSync>;

export const ZFieldActionResult = z.object({
  key: z.string(),
  status: z.enum(FIELD_ACTION_STATUSES),
  /** Why it was refused or is a conflict, in the caller's language. */
  message: z.string().optional(),
  /** The time-card punch the action opened or closed (punches only). */
  punchId: z.number().int().optional(),
});
export type FieldActionResult = z.infer<typeof ZFieldActionResult>;

/** `/field/sync`'s answer: one result per action, in the order sent. */
export const ZFieldSyncResult = z.object({ results: z.array(ZFieldActionResult) });
export type FieldSyncResult = z.infer<typeof ZFieldSyncResult>;
