/** Server messages of invoices (merged into platform/messages.ts). */
export const INVOICE_MESSAGES_EN = {
  'billing.invoice': 'The invoice',
  'billing.invoiceAlreadyVoid': 'Invoice {number} is already void.',
  'billing.invoiceDayClosed':
    'Invoice {number} was issued on {date}, and that office day is closed: it cannot be voided or corrected until the day is reopened.',
} as const;

export type InvoiceMessageKey = keyof typeof INVOICE_MESSAGES_EN;

export const INVOICE_MESSAGES_ZH: Record<InvoiceMessageKey, string> = {
  'billing.invoice': '该发票',
  'billing.invoiceAlreadyVoid': '发票 {number} 已作废。',
  'billing.invoiceDayClosed': '发票 {number} 开具于 {date}，该办公日已关闭：重新开启该日之前，不能作废或更正此发票。',
};
