/** Server messages of payment application, balances and aging (merged into platform/messages.ts). */
export const BALANCE_MESSAGES_EN = {
  'billing.invoiceNotPayable': '{field}: pick an open invoice of this customer.',
  'billing.aging.sheet': 'Aging',
  'billing.aging.customer': 'Customer',
  'billing.aging.phone': 'Phone',
  'billing.aging.current': 'Current',
  'billing.aging.days1to30': '1–30 days',
  'billing.aging.days31to60': '31–60 days',
  'billing.aging.days61to90': '61–90 days',
  'billing.aging.over90': 'Over 90 days',
  'billing.aging.open': 'Open invoices',
  'billing.aging.credit': 'Credit',
  'billing.aging.balance': 'Balance',
  'billing.aging.oldestDue': 'Oldest due',
  'billing.aging.totals': 'Totals',
  'billing.aging.asOf': 'As of {date}',
  'billing.aging.exportTooLarge': 'The export would hold more than {max} customers: narrow the filters.',
} as const;

export type BalanceMessageKey = keyof typeof BALANCE_MESSAGES_EN;

export const BALANCE_MESSAGES_ZH: Record<BalanceMessageKey, string> = {
  'billing.invoiceNotPayable': '{field}：请选择该客户未付清的发票。',
  'billing.aging.sheet': '账龄',
  'billing.aging.customer': '客户',
  'billing.aging.phone': '电话',
  'billing.aging.current': '未到期',
  'billing.aging.days1to30': '1–30 天',
  'billing.aging.days31to60': '31–60 天',
  'billing.aging.days61to90': '61–90 天',
  'billing.aging.over90': '90 天以上',
  'billing.aging.open': '未付发票',
  'billing.aging.credit': '预付余额',
  'billing.aging.balance': '欠款余额',
  'billing.aging.oldestDue': '最早到期日',
  'billing.aging.totals': '合计',
  'billing.aging.asOf': '截至 {date}',
  'billing.aging.exportTooLarge': '导出将超过 {max} 位客户：请缩小筛选范围。',
};
