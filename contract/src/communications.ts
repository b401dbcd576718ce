import { z } from 'zod';
import { optionalText, ZDate, ZRef } from './customer-fields';
import { whenMissing } from './fields';
import { ZRecordId, ZVersion } from './ids';
import { listResponseOf, ZListRequest } from './list';

/** The Communications Log (spec §3 Customer "Communication log"; /connectRecord/*). */

export const CONNECT_STATUSES = ['open', 'done'] as const;
export const CONNECT_TYPES = ['call', 'text', 'email', 'visit'] as const;
export const CONNECT_PURPOSES = [
  'follow_up',
  'quote',
  'scheduling',
  'service_feedback',
  'complaint',
  'billing',
  'key_access',
  'other',
] as const;

const connectFields = {
  status: z.enum(CONNECT_STATUSES).default('open'),
  purpose: z.enum(CONNECT_PURPOSES),
  type: z.enum(CONNECT_TYPES),
  contactDate: ZDate,
  subject: z
    .string({ error: whenMissing('validation.subjectRequired') })
    .trim()
    .min(1, { error: 'validation.subjectRequired' })
    .max(160),
  details: optionalText(4000),
  /** The employee the entry is for (who follows up). */
  loggedForId: ZRecordId.nullable().default(null),
  followUpDate: ZDate.nullable().default(null),
};

export const ZConnectRecordAddRequest = z.object({ customerId: ZRecordId, ...connectFields });
export type ConnectRecordAddRequest = z.infer<typeof ZConnectRecordAddRequest>;

export const ZConnectRecordModifyRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  ...connectFields,
});
export type ConnectRecordModifyRequest = z.infer<typeof ZConnectRecordModifyRequest>;

export const ZConnectRecordListRequest = ZListRequest.extend({
  /** One customer's log (the customer detail tab); absent: every customer. */
  customerId: ZRecordId.optional(),
  /** Subject or customer name (contains). */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(CONNECT_STATUSES).optional(),
  purpose: z.enum(CONNECT_PURPOSES).optional(),
  type: z.enum(CONNECT_TYPES).optional(),
  loggedForId: ZRecordId.optional(),
  contactFrom: ZDate.optional(),
  contactTo: ZDate.optional(),
  /** true: open entries whose follow-up date is today or earlier (business time zone). */
  followUpDue: z.boolean().optional(),
});
export type ConnectRecordListRequest = z.infer<typeof ZConnectRecordListRequest>;

export const ZConnectRecord = z.object({
  id: z.number().int(),
  version: z.number().int(),
  customer: ZRef,
  status: z.enum(CONNECT_STATUSES),
  purpose: z.enum(CONNECT_PURPOSES),
  type: z.enum(CONNECT_TYPES),
  contactDate: z.string(),
  subject: z.string(),
  details: z.string(),
  loggedFor: ZRef.nullable(),
  followUpDate: z.string().nullable(),
  /** Open, with the follow-up date today in the business time zone: highlighted. */
  followUpDueToday: z.boolean(),
  /** Open, with the follow-up date before today. */
  followUpOverdue: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConnectRecord = z.infer<typeof ZConnectRecord>;
export const ZConnectRecordListResponse = listResponseOf(ZConnectRecord);
