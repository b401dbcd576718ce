import { z } from 'zod';
import { ZIsoDate } from '../fields';
import { ZRecordId, ZVersion } from '../ids';

/**
 * Card reconciliation (issue 26): the gateway's charges and refunds of a business day compared with
 * ours; every difference is stored until the office resolves it, and the close-day gate waits for it.
 */
export const RECONCILIATION_KINDS = [
  /** A charge at the gateway with no payment of ours. */
  'missing_payment',
  /** A payment of ours whose gateway charge does not exist (or did not succeed). */
  'no_gateway_charge',
  /** A charge whose amount differs from our payment's. */
  'charge_amount_differs',
  /** A second charge at the gateway for a card queue entry we recorded once. */
  'duplicate_charge',
  /** A refund at the gateway with no refund of ours. */
  'missing_refund',
  /** A refund of ours marked refunded whose gateway refund does not exist. */
  'no_gateway_refund',
  'refund_amount_differs',
  /** A second refund at the gateway for one refund of ours. */
  'duplicate_refund',
] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

export const RECONCILIATION_RESOLUTIONS = ['recorded_payment', 'refunded', 'explained', 'matched'] as const;

export const RECONCILIATION_SCREEN = '/office/cardreconciliation';

export const ZReconciliationDifference = z.object({
  id: z.number().int(),
  version: z.number().int(),
  businessDate: z.string(),
  kind: z.enum(RECONCILIATION_KINDS),
  /** The gateway's charge or refund id (`ch_…`, `re_…`), '' when the gateway has none. */
  gatewayId: z.string(),
  gatewayAmountCents: z.number().int().nullable(),
  ourAmountCents: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string(),
  entrySerial: z.string(),
  paymentId: z.number().int().nullable(),
  refundId: z.number().int().nullable(),
  open: z.boolean(),
  resolution: z.enum(RECONCILIATION_RESOLUTIONS).nullable(),
  resolutionNote: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof ZReconciliationDifference>;

export const ZReconciliationSummary = z.object({
  date: z.string(),
  /** When the day was last compared; null when never. */
  ranAt: z.string().nullable(),
  gatewayChargeCount: z.number().int(),
  gatewayChargeCents: z.number().int(),
  ourChargeCount: z.number().int(),
  ourChargeCents: z.number().int(),
  gatewayRefundCents: z.number().int(),
  ourRefundCents: z.number().int(),
  openCount: z.number().int(),
});
export type ReconciliationSummary = z.infer<typeof ZReconciliationSummary>;

export const ZReconciliationListRequest = z.object({ date: ZIsoDate, openOnly: z.boolean().default(false) });
export const ZReconciliationListResponse = z.object({
  summary: ZReconciliationSummary,
  list: z.array(ZReconciliationDifference),
});
export const ZReconciliationRunRequest = z.object({ date: ZIsoDate });

export const ZReconciliationResolveRequest = z
  .object({
    id: ZRecordId,
    version: ZVersion,
    /** record_payment: a missing payment recorded; refund: the duplicate sent back; explain: closed with a note. */
    action: z.enum(['record_payment', 'refund', 'explain']),
    /** Why (shown in the log; a refund and an explanation need one). */
    note: z.string().trim().max(500).default(''),
  })
  .superRefine((r, ctx) => {
    if (r.action !== 'record_payment' && r.note.length === 0)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'rule.required' });
  });
export type ReconciliationResolveRequest = z.infer<typeof ZReconciliationResolveRequest>;
