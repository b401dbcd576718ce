/** Server messages of invoice documents and sending (merged into platform/messages.ts). */
export const DOCUMENT_MESSAGES_EN = {
  'billing.invoiceVoidNotSent': 'Invoice {number} is void: a void invoice is not sent.',
  'billing.invoiceNoEmail':
    "Invoice {number} goes by e-mail, but the Email field of {customer} is empty. Enter an address on the customer's record, or change the invoice type in the customer's preferences.",
  'billing.invoiceNoPhone':
    "Invoice {number} goes by phone, text or fax, but the Phone 1 field of {customer} is empty. Enter a number on the customer's record, or change the invoice type in the customer's preferences.",
  'billing.sendDayNotClosed': 'The office day {date} is not closed: close the day first, then send its invoices.',
} as const;

export type DocumentMessageKey = keyof typeof DOCUMENT_MESSAGES_EN;

export const DOCUMENT_MESSAGES_ZH: Record<DocumentMessageKey, string> = {
  'billing.invoiceVoidNotSent': '发票 {number} 已作废：作废的发票不能发送。',
  'billing.invoiceNoEmail':
    '发票 {number} 应以邮件发送，但{customer}的「邮箱」为空。请在客户资料中填写，或在客户偏好中更改发票方式。',
  'billing.invoiceNoPhone':
    '发票 {number} 应以电话、短信或传真发送，但{customer}的「电话1」为空。请在客户资料中填写，或在客户偏好中更改发票方式。',
  'billing.sendDayNotClosed': '{date} 的办公日尚未关闭：请先关闭该日，再发送当日的发票。',
};
