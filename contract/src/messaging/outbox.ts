import { z } from 'zod';
import { ZIsoDate } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { listResponseOf, ZListRequest } from '../list';
import { MESSAGE_CHANNELS, MESSAGE_EVENTS } from './templates';

/**
 * The outbox (issue 22): every message to a customer, one row per channel, sent by the worker.
 * queued → sending → sent → delivered | failed; held: a text waiting for the end of quiet hours;
 * dropped: no longer to be sent (a reminder whose job was cancelled or skipped, a template turned off).
 */
export const OUTBOX_STATUSES = ['queued', 'held', 'sending', 'sent', 'delivered', 'failed', 'dropped'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Statuses the office may send again (`/outbox/retry`). */
export const OUTBOX_RETRYABLE_STATUSES: readonly OutboxStatus[] = ['failed', 'held'];

/** Texts wait outside these hours of the customer's (the business's) time zone: from 8:00, until 21:00. */
export const SMS_QUIET_HOURS = { startHour: 21, endHour: 8 } as const;

export const ZOutboxListRequest = ZListRequest.extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  event: z.enum(MESSAGE_EVENTS).optional(),
  customerId: ZRecordId.optional(),
  jobId: ZRecordId.optional(),
  /** Queued on these business dates (inclusive). */
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
});
export type OutboxListRequest = z.infer<typeof ZOutboxListRequest>;

export const ZOutboxMessage = z.object({
  id: z.number().int(),
  version: z.number().int(),
  event: z.enum(MESSAGE_EVENTS),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(OUTBOX_STATUSES),
  customerId: z.number().int(),
  customerName: z.string(),
  jobId: z.number().int().nullable(),
  invoiceId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
  attempts: z.number().int(),
  /** When the worker takes it next (a held or queued message), ISO. */
  nextAttemptAt: z.string(),
  lastError: z.string(),
  /** What was sent: empty until then. */
  toAddress: z.string(),
  subject: z.string(),
  body: z.string(),
  language: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Failed or held: the office may send it again. */
  retryable: z.boolean(),
});
export type OutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZOutboxListResponse = listResponseOf(ZOutboxMessage);
export type OutboxListResponse = z.infer<typeof ZOutboxListResponse>;

export const ZOutboxRetryRequest = z.object({ id: ZRecordId, version: ZVersion });
export type OutboxRetryRequest = z.infer<typeof ZOutboxRetryRequest>;

/** A text in the simulator's inbox (the office's view while no real provider is set). */
export const ZSmsSimMessage = z.object({
  sid: z.string(),
  direction: z.enum(['outbound', 'inbound']),
  from: z.string(),
  to: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type SmsSimMessage = z.infer<typeof ZSmsSimMessage>;

export const ZSmsSimInboxRequest = z.object({ phone: z.string().max(32).optional() });
export const ZSmsSimInboxResponse = z.object({
  /** False when a real provider is set: the simulator is not where texts go. */
  simulated: z.boolean(),
  list: z.array(ZSmsSimMessage),
});
export type SmsSimInboxResponse = z.infer<typeof ZSmsSimInboxResponse>;

/** "Reply from a phone" in the simulator: it posts the provider's inbound webhook to the server. */
export const ZSmsSimReplyRequest = z.object({
  from: z.string().trim().min(1).max(32),
  body: z.string().trim().min(1).max(640),
});
export type SmsSimReplyRequest = z.infer<typeof ZSmsSimReplyRequest>;

/**
 * Messaging's Location Parameters (one row): the text provider's account (the auth token only ever
 * shown masked) and the event timings. No account: texts go to the simulator (or SMS_URL).
 */
export const ZMessageParams = z.object({
  smsAccountSid: z.string(),
  smsAuthTokenMasked: z.string(),
  hasSmsAuthToken: z.boolean(),
  smsFromNumber: z.string(),
  reminderLeadHours: z.number().int(),
  reviewRequestDays: z.number().int(),
  /** No real account is set: texts go to the simulator (its inbox is on Customer Messages). */
  simulated: z.boolean(),
  /** 0 while the row was never saved. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type MessageParams = z.infer<typeof ZMessageParams>;

export const REMINDER_LEAD_HOURS = { min: 1, max: 168 } as const;
export const REVIEW_REQUEST_DAYS = { min: 0, max: 60 } as const;

export const ZMessageParamsModifyRequest = z.object({
  /** The version read (0: never saved). */
  version: z.number().int().min(0).max(2_147_483_647),
  /** Twilio's account sid (AC + 32 hex digits); empty: no real account, texts go to the simulator. */
  smsAccountSid: z
    .string()
    .trim()
    .regex(/^(AC[0-9a-fA-F]{32})?$/, { error: 'rule.smsAccountSid' })
    .default(''),
  /** A new auth token replaces the stored one; omitted or empty keeps it. */
  smsAuthToken: z.string().trim().max(128).optional(),
  clearSmsAuthToken: z.boolean().default(false),
  /** The number texts are sent from, in E.164 (+14155550100); empty: the account's default. */
  smsFromNumber: z
    .string()
    .trim()
    .regex(/^(\+[1-9]\d{7,14})?$/, { error: 'rule.e164Phone' })
    .default(''),
  reminderLeadHours: z.number().int().min(REMINDER_LEAD_HOURS.min).max(REMINDER_LEAD_HOURS.max),
  reviewRequestDays: z.number().int().min(REVIEW_REQUEST_DAYS.min).max(REVIEW_REQUEST_DAYS.max),
});
export type MessageParamsModifyRequest = z.infer<typeof ZMessageParamsModifyRequest>;
