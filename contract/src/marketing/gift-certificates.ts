import { z } from 'zod';
import { luhnValid } from '../cards';
import { LOCALES } from '../constants';
import { optionalText, ZEmail, ZOptionalId, ZPhoneText } from '../customer-fields';
import { requiredText, whenMissing, ZCents, ZIsoDate } from '../fields';
import { ZRecordId, ZRecordIdQuery, ZVersion } from '../ids';
import { ZListRequest } from '../list';

/**
 * Gift Certificate Management (`/marketing/giftcertificate`, module `/giftCertificate`): spec §3
 * "Gift certificate". California Civil Code 1749.5: no expiry date, no service fee, and a balance
 * under $10 is paid out in cash on request (docs/business-rules.md "Gift certificates").
 */

export const GIFT_CERTIFICATE_STATUSES = ['active', 'zero_balance', 'voided'] as const;
export type GiftCertificateStatus = (typeof GIFT_CERTIFICATE_STATUSES)[number];
/** How the purchaser paid for the certificate (complimentary: given away, e.g. a service recovery). */
export const GIFT_PURCHASE_METHODS = ['cash', 'check', 'credit_card', 'complimentary'] as const;
export type GiftPurchaseMethod = (typeof GIFT_PURCHASE_METHODS)[number];
/** The certificate's history: each change of its balance, signed (issue +, redemption −, …). */
export const GIFT_ENTRY_KINDS = ['issue', 'adjustment', 'redemption', 'redemption_reversal', 'cash_refund', 'void'] as const;
export type GiftEntryKind = (typeof GIFT_ENTRY_KINDS)[number];

/** Civil Code 1749.5(b)(2): a balance under $10 is redeemable in cash on request. */
export const GIFT_CASH_REFUND_LIMIT_CENTS = 1000;
export const GIFT_AMOUNT_MAX_CENTS = 10_000_000;
export const GIFT_NUMBER_DIGITS = 16;

export const GIFT_VOID_KEY = 'marketing:giftCertificates:void';
export const GIFT_CASH_REFUND_KEY = 'marketing:giftCertificates:cashRefund';

/**
 * The Damm algorithm's table (a totally anti-symmetric quasigroup of order 10): its check digit
 * catches every single wrong digit and every swap of two neighbours, better than Luhn.
 */
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

/** The Damm check digit of a string of digits (appending it makes the whole reduce to 0). */
export function dammCheckDigit(payload: string): number {
  let interim = 0;
  for (const digit of payload) interim = DAMM[interim]![Number(digit)]!;
  return interim;
}

/** A number as typed (spaces and dashes allowed) reduced to its digits. */
export const giftNumberDigits = (text: string) => text.replace(/[\s-]/g, '');

/**
 * 16 digits whose last is the Damm check digit of the first 15, and that do NOT pass the Luhn check:
 * a certificate number never looks like a card number, so the card guard of the payment forms
 * (cards.ts `containsCardNumber`) lets it through while still refusing a real card number.
 */
export function isGiftCertificateNumber(text: string): boolean {
  const digits = giftNumberDigits(text);
  if (!/^\d+$/.test(digits) || digits.length !== GIFT_NUMBER_DIGITS) return false;
  return dammCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1)) && !luhnValid(digits);
}

/** Groups of four for reading aloud and printing: 4829 1037 5521 0068. */
export const formatGiftNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A certificate number as typed: digits in groups, checked, stored without spaces. */
export const ZGiftCertificateNumber = z
  .string({ error: whenMissing('validation.giftNumberRequired') })
  .trim()
  .min(1, { error: 'validation.giftNumberRequired', abort: true })
  .refine(isGiftCertificateNumber, { error: 'rule.giftNumber' })
  .transform(giftNumberDigits);

export const ZGiftEntry = z.object({
  id: z.number().int(),
  kind: z.enum(GIFT_ENTRY_KINDS),
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  customerPaymentId: z.number().int().nullable(),
  jobId: z.number().int().nullable(),
  jobReference: z.string().nullable(),
  note: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftEntry = z.infer<typeof ZGiftEntry>;

export const ZGiftCertificate = z.object({
  id: z.number().int(),
  number: z.string(),
  purchaseAmountCents: z.number().int(),
  certificateAmountCents: z.number().int(),
  balanceCents: z.number().int(),
  purchaseMethod: z.enum(GIFT_PURCHASE_METHODS),
  purchasedOn: z.string(),
  sentOn: z.string().nullable(),
  status: z.enum(GIFT_CERTIFICATE_STATUSES),
  purchaserCustomerId: z.number().int().nullable(),
  purchaserName: z.string(),
  purchaserPhone: z.string(),
  purchaserEmail: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  recipientEmail: z.string(),
  language: z.enum(LOCALES),
  serviceDescription: z.string(),
  message: z.string(),
  officeNotes: z.string(),
  voidReason: z.string(),
  /** True once any redemption was recorded: the amounts can no longer change. */
  redeemed: z.boolean(),
  createdByName: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type GiftCertificate = z.infer<typeof ZGiftCertificate>;
export const ZGiftCertificateDetail = ZGiftCertificate.extend({ history: z.array(ZGiftEntry) });
export type GiftCertificateDetail = z.infer<typeof ZGiftCertificateDetail>;

export const GIFT_SORT_FIELDS = [
  'number',
  'purchasedOn',
  'certificateAmountCents',
  'balanceCents',
  'recipientName',
  'status',
] as const;

export const ZGiftCertificateListRequest = ZListRequest.extend({
  /** Digits of the number, or text in the purchaser's or the recipient's name, phone or e-mail. */
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(GIFT_CERTIFICATE_STATUSES).optional(),
  purchasedFrom: ZIsoDate.optional(),
  purchasedTo: ZIsoDate.optional(),
});
export type GiftCertificateListRequest = z.infer<typeof ZGiftCertificateListRequest>;
export const ZGiftCertificateListResponse = z.object({
  list: z.array(ZGiftCertificate),
  total: z.number().int(),
  /** Outstanding liability: the balances of the active certificates matching the filters. */
  balanceTotalCents: z.number().int(),
});

const peopleFields = {
  purchaserCustomerId: ZOptionalId,
  purchaserName: requiredText(120, 'validation.purchaserRequired'),
  purchaserPhone: ZPhoneText.default(''),
  purchaserEmail: ZEmail,
  recipientName: requiredText(120, 'validation.recipientRequired'),
  recipientPhone: ZPhoneText.default(''),
  recipientEmail: ZEmail,
  language: z.enum(LOCALES).default('en'),
  serviceDescription: optionalText(500),
  message: optionalText(500),
  officeNotes: optionalText(1000),
  sentOn: ZIsoDate.nullish(),
};
const amountFields = {
  purchaseAmountCents: ZCents(GIFT_AMOUNT_MAX_CENTS),
  certificateAmountCents: ZCents(GIFT_AMOUNT_MAX_CENTS).min(100, { error: 'rule.giftAmountMin' }),
  purchaseMethod: z.enum(GIFT_PURCHASE_METHODS),
  purchasedOn: ZIsoDate,
};
type AmountFields = { purchaseAmountCents: number; purchaseMethod: GiftPurchaseMethod };
function amountRules(value: AmountFields, ctx: z.RefinementCtx) {
  if (value.purchaseMethod === 'complimentary' && value.purchaseAmountCents !== 0)
    ctx.addIssue({ code: 'custom', path: ['purchaseAmountCents'], message: 'rule.giftComplimentaryFree' });
  if (value.purchaseMethod !== 'complimentary' && value.purchaseAmountCents === 0)
    ctx.addIssue({ code: 'custom', path: ['purchaseAmountCents'], message: 'rule.giftPurchaseRequired' });
}

export const ZGiftCertificateAddRequest = z.object({ ...peopleFields, ...amountFields }).superRefine(amountRules);
export type GiftCertificateAddRequest = z.infer<typeof ZGiftCertificateAddRequest>;
/** The amounts change only while nothing was redeemed (the server checks). */
export const ZGiftCertificateUpdateRequest = z
  .object({ id: ZRecordId, version: ZVersion, ...peopleFields, ...amountFields })
  .superRefine(amountRules);
export type GiftCertificateUpdateRequest = z.infer<typeof ZGiftCertificateUpdateRequest>;

const ZGiftReason = z
  .string({ error: whenMissing('validation.reasonRequired') })
  .trim()
  .min(1, { error: 'validation.reasonRequired' })
  .max(500);
export const ZGiftCertificateVoidRequest = z.object({ id: ZRecordId, version: ZVersion, reason: ZGiftReason });
export const ZGiftCertificateCashRefundRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  /** Who asked and how it was paid out, for the record. */
  note: optionalText(500),
});
export const ZGiftCertificateLookupRequest = z.object({ number: ZGiftCertificateNumber });
export const ZGiftCertificateLookup = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(GIFT_CERTIFICATE_STATUSES),
  balanceCents: z.number().int(),
  recipientName: z.string(),
});
export type GiftCertificateLookup = z.infer<typeof ZGiftCertificateLookup>;
/** GET /giftCertificate/pdf?id=…&lang=… answers the printable certificate. */
export const ZGiftCertificatePdfQuery = z.object({
  id: ZRecordIdQuery,
  lang: z.enum(LOCALES).optional(),
});

/** Whether the office may pay the balance out in cash now (1749.5: only a balance under $10). */
export const giftCashRefundable = (c: { status: GiftCertificateStatus; balanceCents: number }) =>
  c.status === 'active' && c.balanceCents > 0 && c.balanceCents < GIFT_CASH_REFUND_LIMIT_CENTS;
