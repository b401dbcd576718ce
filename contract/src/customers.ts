import { z } from 'zod';
import { ZTimeOfDay } from './calendar';
import { REFUSED_CARD_FIELDS, ZCardDetails } from './cards';
import { LOCALES } from './constants';
import { optionalText, ZColoredRef, ZDate, ZEmail, ZOptionalId, ZPhoneText, ZRef } from './customer-fields';
import { ZLocationFields } from './customer-locations';
import { whenMissing } from './fields';
import { ZRecordId, ZVersion } from './ids';
import { listResponseOf, ZListRequest } from './list';
import { JOB_FREQUENCIES } from './pricing';

/** Customers (spec §3 Customer): profile, status, preferences. Locations, money and logs have their own files. */

export const CUSTOMER_STATUSES = ['prospect', 'active', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** How the customer first heard of the business (quotes and customers). */
export const CUSTOMER_SOURCES = [
  'referral',
  'web_search',
  'website',
  'social_media',
  'yelp',
  'nextdoor',
  'flyer',
  'repeat_customer',
  'other',
] as const;
export type CustomerSource = (typeof CUSTOMER_SOURCES)[number];

/** Notice method and scheduled method: how the customer is told about and confirms visits. */
export const CONTACT_METHODS = ['email', 'phone', 'text', 'none'] as const;
export const INVOICE_TYPES = ['email', 'phone', 'text', 'print', 'fax'] as const;
export const PAYMENT_METHODS = ['cash', 'check', 'credit_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * How a recorded payment was made: the preference's methods, plus a gift certificate (redeemed from
 * its balance, marketing/gift-certificates), which is never a customer's standing preference.
 */
export const LEDGER_PAYMENT_METHODS = [...PAYMENT_METHODS, 'gift_certificate'] as const;
export type LedgerPaymentMethod = (typeof LEDGER_PAYMENT_METHODS)[number];

/** A required phone with the spec §5 message. */
export const ZRequiredPhone = z
  .string({ error: whenMissing('validation.phoneRequired') })
  .trim()
  .min(1, { error: 'validation.phoneRequired' })
  .pipe(ZPhoneText);

export const ZCustomerName = z
  .string({ error: whenMissing('validation.customerNameRequired') })
  .trim()
  .min(1, { error: 'validation.customerNameRequired' })
  .max(128);

const customerFields = {
  /** Person's name, or the company for a commercial customer. */
  name: ZCustomerName,
  company: optionalText(128),
  phone1: ZRequiredPhone,
  phone2: ZPhoneText.default(''),
  phone3: ZPhoneText.default(''),
  email: ZEmail,
  /** Language of quotes, invoices and messages sent to the customer. */
  language: z.enum(LOCALES).default('en'),
  source: z.enum(CUSTOMER_SOURCES).nullable().default(null),
  /** Marketing channel or campaign the customer came through. */
  channel: optionalText(64),
  note: optionalText(2000),
  serviceTeamId: ZOptionalId,
  // The card on file comes only from the gateway capture: card fields are refused here.
  ...REFUSED_CARD_FIELDS,
};

export const CUSTOMER_BALANCE_FILTERS = ['owes', 'credit', 'any'] as const;
export type CustomerBalanceFilter = (typeof CUSTOMER_BALANCE_FILTERS)[number];

export const ZCustomerListRequest = ZListRequest.extend({
  /** Words matched as prefixes of name, company, phone, e-mail, address, city or zip (every word must match). */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(CUSTOMER_STATUSES).optional(),
  zoneId: ZRecordId.optional(),
  serviceTeamId: ZRecordId.optional(),
  nextServiceFrom: ZDate.optional(),
  nextServiceTo: ZDate.optional(),
  lastServiceFrom: ZDate.optional(),
  lastServiceTo: ZDate.optional(),
  source: z.enum(CUSTOMER_SOURCES).optional(),
  /** By the maintained balance: owes (balance > 0), has credit (balance < 0), or any. */
  balance: z.enum(CUSTOMER_BALANCE_FILTERS).optional(),
});
export type CustomerListRequest = z.infer<typeof ZCustomerListRequest>;

export const ZCustomerListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  phone1: z.string(),
  email: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  /** The primary location's address. */
  address1: z.string(),
  city: z.string(),
  zip: z.string(),
  zone: ZColoredRef.nullable(),
  serviceTeam: ZColoredRef.nullable(),
  nextServiceDate: z.string().nullable(),
  lastServiceDate: z.string().nullable(),
  source: z.enum(CUSTOMER_SOURCES).nullable(),
  createdAt: z.string(),
  /** Amount owed: open invoices − credit (billing's maintained balance); negative is a credit. */
  balanceCents: z.number().int(),
});
export type CustomerListItem = z.infer<typeof ZCustomerListItem>;
export const ZCustomerListResponse = listResponseOf(ZCustomerListItem);

/** Money totals of a customer (docs/business-rules.md "Payments, balance and refunds"). */
export const ZPaymentSummary = z.object({
  /** Payments minus their reversals, gratuity apart. */
  totalReceivedCents: z.number().int(),
  totalGratuityCents: z.number().int(),
  /** Refunds in status refunded. */
  totalRefundedCents: z.number().int(),
  netReceivedCents: z.number().int(),
  /** Σ totals of the customer's invoices that are not void. */
  invoicedCents: z.number().int(),
  /** Open invoice amounts − unapplied credit (maintained): positive the customer owes, negative a credit. */
  balanceCents: z.number().int(),
  amountRemainingCents: z.number().int(),
  creditCents: z.number().int(),
  /** What a new refund may be at most: received − refunded. */
  refundableCents: z.number().int(),
});
export type PaymentSummary = z.infer<typeof ZPaymentSummary>;

export const ZCustomer = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  company: z.string(),
  phone1: z.string(),
  phone2: z.string(),
  phone3: z.string(),
  email: z.string(),
  language: z.enum(LOCALES),
  source: z.enum(CUSTOMER_SOURCES).nullable(),
  channel: z.string(),
  note: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  serviceTeam: ZColoredRef.nullable(),
  /** Derived from the jobs, never typed (docs/business-rules.md "Customers"). */
  nextServiceDate: z.string().nullable(),
  lastServiceDate: z.string().nullable(),
  card: ZCardDetails.nullable(),
  address1: z.string(),
  city: z.string(),
  zip: z.string(),
  zone: ZColoredRef.nullable(),
  /** The quote this customer was converted from, if any. */
  quote: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  counts: z.object({
    locations: z.number().int(),
    documents: z.number().int(),
    payments: z.number().int(),
    refunds: z.number().int(),
    connectRecords: z.number().int(),
    quotes: z.number().int(),
  }),
  payments: ZPaymentSummary,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof ZCustomer>;

export const ZCustomerAddRequest = z.object({
  ...customerFields,
  status: z.enum(CUSTOMER_STATUSES).default('prospect'),
  /** The first service location, created with the customer (optional). */
  location: ZLocationFields.nullable().default(null),
});
export type CustomerAddRequest = z.infer<typeof ZCustomerAddRequest>;

export const ZCustomerModifyRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  ...customerFields,
});
export type CustomerModifyRequest = z.infer<typeof ZCustomerModifyRequest>;

export const ZCustomerUpdateStatusRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  status: z.enum(CUSTOMER_STATUSES),
});

export const ZVersionedId = z.object({ id: ZRecordId, version: ZVersion });
export const ZSaved = z.object({ id: z.number().int(), version: z.number().int() });
export type Saved = z.infer<typeof ZSaved>;

const preferenceFields = {
  noticeMethod: z.enum(CONTACT_METHODS).nullable().default(null),
  scheduledMethod: z.enum(CONTACT_METHODS).nullable().default(null),
  invoiceType: z.enum(INVOICE_TYPES).nullable().default(null),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable().default(null),
  /** Allergies, sensitivities, products to avoid. */
  healthConcern: optionalText(1000),
  preferredTeamId: ZOptionalId,
  preferredStartTime: ZTimeOfDay.nullable().default(null),
  /** How often the customer wants service (from the sold quote; the service plan reads it). */
  frequency: z.enum(JOB_FREQUENCIES).nullable().default(null),
  /** Notes for the team inside the house. */
  noteDirections: optionalText(2000),
  /** How to get there: parking, gate, entrance. */
  travelDirections: optionalText(2000),
};

export const ZCustomerPreferencesRequest = z.object({ customerId: ZRecordId });

export const ZCustomerPreferences = z.object({
  customerId: z.number().int(),
  version: z.number().int(),
  noticeMethod: z.enum(CONTACT_METHODS).nullable(),
  scheduledMethod: z.enum(CONTACT_METHODS).nullable(),
  invoiceType: z.enum(INVOICE_TYPES).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  healthConcern: z.string(),
  preferredTeamId: z.number().int().nullable(),
  preferredTeam: ZColoredRef.nullable(),
  preferredStartTime: z.string().nullable(),
  frequency: z.enum(JOB_FREQUENCIES).nullable(),
  noteDirections: z.string(),
  travelDirections: z.string(),
  updatedAt: z.string(),
});
export type CustomerPreferences = z.infer<typeof ZCustomerPreferences>;

export const ZCustomerSavePreferencesRequest = z.object({
  customerId: ZRecordId,
  version: ZVersion,
  ...preferenceFields,
});
export type CustomerSavePreferencesRequest = z.infer<typeof ZCustomerSavePreferencesRequest>;

/** Option lists the customer and quote screens need (any logged-in user). */
export const ZCustomerOptions = z.object({
  teams: z.array(ZColoredRef),
  employees: z.array(ZRef),
  zones: z.array(ZColoredRef),
  /** Marketing channels already in use, for the channel input's suggestions. */
  channels: z.array(z.string()),
});
export type CustomerOptions = z.infer<typeof ZCustomerOptions>;
