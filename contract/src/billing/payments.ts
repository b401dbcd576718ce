import { z } from 'zod';
import { optionalText, ZDate } from '../customer-fields';
import { LEDGER_PAYMENT_METHODS, ZPaymentSummary } from '../customers';
import { whenMissing } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZListRequest } from '../list';
import { isGiftCertificateNumber } from '../marketing/gift-certificates';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';

/** A customer's payments and refunds (spec §3 Customer), owned by billing. */

// ---- Payments (/customerPayment/*) ----

export const ZPaymentAddRequest = z
  .object({
    customerId: ZRecordId,
    paidOn: ZDate,
    amountCents: rangedInt(NUMBER_RANGES.paymentAmountCents),
    gratuityCents: rangedInt(NUMBER_RANGES.paymentGratuityCents).default(0),
    method: z.enum(LEDGER_PAYMENT_METHODS),
    checkNumber: optionalText(32),
    /** The certificate redeemed, for a gift certificate payment (16 digits, spaces allowed). */
    giftCertificateNumber: optionalText(24),
    cardLast4: z
      .string()
      .regex(/^(\d{4})?$/, { error: 'must be the last four digits' })
      .default(''),
    note: optionalText(500),
    /** The open invoice the payment is for, when the user picks one (else its job's, else oldest first). */
    invoiceId: ZRecordId.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'check' && v.checkNumber === '')
      ctx.addIssue({ code: 'custom', path: ['checkNumber'], message: 'validation.checkNumberRequired' });
    if (v.method === 'gift_certificate' && v.giftCertificateNumber === '')
      ctx.addIssue({ code: 'custom', path: ['giftCertificateNumber'], message: 'validation.giftNumberRequired' });
    else if (v.method === 'gift_certificate' && !isGiftCertificateNumber(v.giftCertificateNumber))
      ctx.addIssue({ code: 'custom', path: ['giftCertificateNumber'], message: 'rule.giftNumber' });
  });
export type PaymentAddRequest = z.infer<typeof ZPaymentAddRequest>;

export const ZPaymentVoidRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  reason: z
    .string({ error: whenMissing('validation.reasonRequired') })
    .trim()
    .min(1, { error: 'validation.reasonRequired' })
    .max(500),
});

export const ZPaymentListRequest = ZListRequest.extend({ customerId: ZRecordId });

export const ZPayment = z.object({
  id: z.number().int(),
  version: z.number().int(),
  customerId: z.number().int(),
  /** A payment, or the reversal that voids one (negative amounts). */
  kind: z.enum(['payment', 'reversal']),
  paidOn: z.string(),
  amountCents: z.number().int(),
  gratuityCents: z.number().int(),
  method: z.enum(LEDGER_PAYMENT_METHODS),
  checkNumber: z.string(),
  cardLast4: z.string(),
  /** The certificate's number, for a gift certificate payment. */
  giftCertificateNumber: z.string(),
  note: z.string(),
  reversalOfId: z.number().int().nullable(),
  /** Set on a voided payment: its reversal. */
  reversedById: z.number().int().nullable(),
  /** A card charge made through the gateway: a refund of it can go back to the card. */
  gatewayCharged: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof ZPayment>;
export const ZPaymentListResponse = z.object({ list: z.array(ZPayment), total: z.number().int(), summary: ZPaymentSummary });

// ---- Refunds (/customerRefund/*) ----

export const REFUND_REASONS = ['customer_dissatisfied', 'damage', 'security_concerns'] as const;
export const REFUND_STATUSES = ['not_refunded', 'refunded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ZRefundAddRequest = z.object({
  customerId: ZRecordId,
  refundedOn: ZDate,
  amountCents: rangedInt(NUMBER_RANGES.refundAmountCents),
  reason: z.enum(REFUND_REASONS, { error: 'validation.reasonRequired' }),
  /** not_refunded: recorded, money not returned yet; refunded: money returned. */
  status: z.enum(REFUND_STATUSES).default('not_refunded'),
  note: optionalText(500),
  /** A card payment of this customer: the money goes back to that card through the gateway. */
  cardPaymentId: ZRecordId.nullable().default(null),
  /** Made once per refund dialog: the same request sent twice records and refunds once. */
  requestKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});
export type RefundAddRequest = z.infer<typeof ZRefundAddRequest>;

export const ZRefundChangeStatusRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  status: z.enum(REFUND_STATUSES),
});

export const ZRefundListRequest = ZListRequest.extend({ customerId: ZRecordId });

export const ZRefund = z.object({
  id: z.number().int(),
  version: z.number().int(),
  customerId: z.number().int(),
  refundedOn: z.string(),
  amountCents: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  note: z.string(),
  /** The card payment refunded through the gateway, its card's last four digits and the gateway's refund id. */
  cardPaymentId: z.number().int().nullable(),
  cardLast4: z.string(),
  gatewayRefundId: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Refund = z.infer<typeof ZRefund>;
export const ZRefundListResponse = z.object({ list: z.array(ZRefund), total: z.number().int(), summary: ZPaymentSummary });
