import { z } from 'zod';
import { INVOICE_TYPES } from '../customers';
import { ZIsoDate } from '../fields';
import { ZRecordId, ZRecordIdQuery } from '../ids';

/**
 * Invoice documents and sending (issue 19 item 3; docs/business-rules.md "Invoices and balances"):
 * the invoice PDF (GET /invoice/pdf?id=), the statement of account (GET /customer/statement), sending
 * one invoice by the customer's invoice type (/invoice/send) and a closed day's invoices (/invoice/sendDay).
 */

/** A statement of account: the last 12 months up to business today unless given. */
export const ZStatementQuery = z
  .object({
    customerId: ZRecordIdQuery,
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, { error: 'rule.dateRange', path: ['to'] });
export type StatementQuery = z.infer<typeof ZStatementQuery>;

export const ZInvoiceSendRequest = z.object({ id: ZRecordId });
export type InvoiceSendRequest = z.infer<typeof ZInvoiceSendRequest>;

/**
 * How an invoice was sent: by the customer's invoice type (e-mail when none is set and the customer
 * has an address, print otherwise). `email`: mailed with the PDF attached; `print`: the caller opens
 * GET /invoice/pdf?id= to print it; `phone`, `text`, `fax`: a contact to make, open in the
 * communications log.
 */
export const ZInvoiceSendResponse = z.object({
  id: z.number().int(),
  number: z.string(),
  channel: z.enum(INVOICE_TYPES),
  /** The e-mail address or phone number it goes to ('' for print). */
  to: z.string(),
  connectRecordId: z.number().int(),
  sentAt: z.string(),
});
export type InvoiceSendResponse = z.infer<typeof ZInvoiceSendResponse>;

/** After closing a day: every unsent live invoice of that day's jobs. */
export const ZInvoiceSendDayRequest = z.object({ serviceDate: ZIsoDate });
export type InvoiceSendDayRequest = z.infer<typeof ZInvoiceSendDayRequest>;

export const ZInvoiceSendDayResponse = z.object({
  serviceDate: z.string(),
  /** Invoices sent, per channel. */
  sent: z.object({
    email: z.number().int(),
    print: z.number().int(),
    phone: z.number().int(),
    text: z.number().int(),
    fax: z.number().int(),
  }),
  /** Invoices to print now (open GET /invoice/pdf?id= for each). */
  printIds: z.array(z.number().int()),
  /** Invoices that could not be sent (no e-mail address, the mail server refused): left unsent. */
  failed: z.array(z.object({ id: z.number().int(), number: z.string(), message: z.string() })),
});
export type InvoiceSendDayResponse = z.infer<typeof ZInvoiceSendDayResponse>;
