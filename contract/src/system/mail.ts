import { z } from 'zod';
import { ZEmailOrEmpty } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';

/**
 * E-mail (SMTP) settings of the location parameters, and sending a quote. The password is stored
 * encrypted and never answered: only masked and whether one is stored (like the vendor key). With no
 * server host set, mail goes to the built-in catcher when it runs (embedded demo, docs/operations.md).
 */
export const ZMailParams = z.object({
  host: z.string(),
  port: z.number().int(),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  username: z.string(),
  passwordMasked: z.string(),
  hasPassword: z.boolean(),
  fromAddress: z.string(),
  fromName: z.string(),
  /** The built-in catcher is running: with no host, mail goes there. */
  catcherRunning: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type MailParams = z.infer<typeof ZMailParams>;

export const ZMailParamsModifyRequest = z.object({
  version: ZVersion,
  host: z
    .string()
    .trim()
    .max(160)
    .regex(/^[A-Za-z0-9.-]*$/, { error: 'must be a host name or an IP address' }),
  port: rangedInt(NUMBER_RANGES.mailPort),
  secure: z.boolean().default(false),
  username: z.string().trim().max(160).default(''),
  /** A new password replaces the stored one; omitted or empty keeps it. */
  password: z.string().max(256).optional(),
  /** Removes the stored password. */
  clearPassword: z.boolean().default(false),
  fromAddress: ZEmailOrEmpty.default(''),
  fromName: z.string().trim().max(128).default(''),
});
export type MailParamsModifyRequest = z.infer<typeof ZMailParamsModifyRequest>;

/** A message the built-in catcher received (tests and the demo read it). */
export const ZCaughtMail = z.object({
  id: z.number().int(),
  at: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string() })),
  size: z.number().int(),
});
export type CaughtMail = z.infer<typeof ZCaughtMail>;
export const ZMailInbox = z.object({ running: z.boolean(), list: z.array(ZCaughtMail) });
export type MailInbox = z.infer<typeof ZMailInbox>;

export const ZQuoteSendRequest = z.object({
  id: ZRecordId,
  to: z
    .string({ error: 'must be an e-mail address' })
    .trim()
    .min(1, { error: 'must be an e-mail address' })
    .max(160)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' }),
  /** A note above the quote in the message body. */
  note: z.string().trim().max(2000).default(''),
});
export type QuoteSendRequest = z.infer<typeof ZQuoteSendRequest>;
export const ZQuoteSendResponse = z.object({ to: z.string(), connectRecordId: z.number().int().nullable() });
export type QuoteSendResponse = z.infer<typeof ZQuoteSendResponse>;
