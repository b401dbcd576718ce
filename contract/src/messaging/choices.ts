import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { LOCALES } from '../constants';
import { ZDate } from '../customer-fields';
import { ZRecordId, ZVersion } from '../ids';
import { MESSAGE_CHANNELS } from './templates';

/**
 * The customer's message choices (issue 22; docs/business-rules.md "Customer messages"): channels,
 * consent with its date and source, and the opt-outs. The language is the customer's own field.
 */

/** How the customer agreed to be messaged. */
export const CONSENT_SOURCES = ['phone', 'in_person', 'written', 'web_form', 'email'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Who set an opt-out state: the customer's SMS reply (STOP / START), the office, the unsubscribe link. */
export const OPT_OUT_SOURCES = ['sms_reply', 'office', 'email_link'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

export const ZCustomerMessageChoices = z.object({
  customerId: z.number().int(),
  /** Null until the choices were first saved (the defaults apply). */
  version: z.number().int().nullable(),
  language: z.enum(LOCALES),
  email: z.string(),
  /** The number texts go to (the customer's first phone). */
  smsPhone: z.string(),
  emailEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  /** The day the customer agreed to messages (business time zone) and how; null: not recorded. */
  consentDate: z.string().nullable(),
  consentSource: z.enum(CONSENT_SOURCES).nullable(),
  smsOptedOut: z.boolean(),
  smsOptedOutAt: z.string().nullable(),
  smsOptOutSource: z.enum(OPT_OUT_SOURCES).nullable(),
  /** Unsubscribed from e-mails that are not transactional (review requests). */
  emailOptedOut: z.boolean(),
  emailOptedOutAt: z.string().nullable(),
  emailOptOutSource: z.enum(OPT_OUT_SOURCES).nullable(),
  /** The channels a message would go through now: a transactional one and any other. */
  channelsNow: z.object({
    transactional: z.array(z.enum(MESSAGE_CHANNELS)),
    other: z.array(z.enum(MESSAGE_CHANNELS)),
  }),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type CustomerMessageChoices = z.infer<typeof ZCustomerMessageChoices>;

export const ZCustomerMessageChoicesRequest = z.object({ customerId: ZRecordId });

export const ZCustomerMessageChoicesUpdateRequest = z
  .object({
    customerId: ZRecordId,
    /** The version read; null when the choices had never been saved. */
    version: ZVersion.nullable(),
    emailEnabled: z.boolean(),
    smsEnabled: z.boolean(),
    /** Null: no consent recorded (a recorded one is withdrawn). */
    consentDate: ZDate.nullable(),
    consentSource: z.enum(CONSENT_SOURCES).nullable(),
    smsOptedOut: z.boolean(),
    emailOptedOut: z.boolean(),
  })
  .superRefine((v, ctx) => {
    // Consent is recorded with how it was given.
    if (v.consentDate !== null && v.consentSource === null) {
      ctx.addIssue({ code: 'custom', path: ['consentSource'], message: 'rule.required' });
    }
  });
export type CustomerMessageChoicesUpdateRequest = z.infer<typeof ZCustomerMessageChoicesUpdateRequest>;

/** What decides the channels of one message (the customer's choices and contacts). */
export interface ChannelFacts {
  email: string;
  smsPhone: string;
  emailEnabled: boolean;
  smsEnabled: boolean;
  consentDate: string | null;
  smsOptedOut: boolean;
  emailOptedOut: boolean;
}

/** A new customer's choices until the office saves them: both channels on, no consent recorded. */
export const DEFAULT_MESSAGE_CHOICES = {
  emailEnabled: true,
  smsEnabled: true,
  consentDate: null,
  consentSource: null,
  smsOptedOut: false,
  emailOptedOut: false,
} as const;

/**
 * The consent rules (docs/business-rules.md "Customer messages"):
 * - e-mail: an address and the channel on; a message that is not transactional also needs consent
 *   recorded and no unsubscribe;
 * - SMS: a number, the channel on, consent recorded, and not opted out by STOP (for every event).
 */
export function allowedChannels(facts: ChannelFacts, transactional: boolean): ('email' | 'sms')[] {
  const consented = facts.consentDate !== null;
  const channels: ('email' | 'sms')[] = [];
  if (facts.email.trim() && facts.emailEnabled && (transactional || (consented && !facts.emailOptedOut))) {
    channels.push('email');
  }
  if (facts.smsPhone.trim() && facts.smsEnabled && consented && !facts.smsOptedOut) channels.push('sms');
  return channels;
}

/** The number a text goes to, in E.164 (`+16505550142`); '' when the phone is not a possible number. */
export function smsAddressOf(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'US');
  return parsed?.isPossible() ? parsed.number : '';
}
