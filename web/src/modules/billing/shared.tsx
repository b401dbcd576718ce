import type { InvoiceStatus } from '@tidyhouse/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/modules/service/download';

/** The billing calls the screens make (contract/src/billing). */
export const INVOICE_URLS = {
  list: '/invoice/queryList',
  detail: '/invoice/detail',
  void: '/invoice/void',
  send: '/invoice/send',
  sendDay: '/invoice/sendDay',
  pdf: '/invoice/pdf',
  statement: '/customer/statement',
  aging: '/billing/aging',
  agingExport: '/billing/agingExport',
} as const;

/** The Invoices screen with one invoice's drawer open (`?invoice=`: the screen reads it). */
export const INVOICE_PARAM = 'invoice';
export const invoiceScreenPath = (id: number) => `/customer/invoices?${INVOICE_PARAM}=${id}`;

/** Downloads an invoice's PDF (in the customer's language: the server's choice). */
export const downloadInvoicePdf = (invoice: { id: number; number: string }, failed: string) =>
  downloadFile(INVOICE_URLS.pdf, { id: invoice.id }, `${invoice.number}.pdf`, failed);

/** Reading invoices needs the Customer Detail key (as on the server); voiding, sending and applying need this one. */
export const PAYMENTS_MANAGE = 'customer:payments:manage';

const STATUS_COLORS: Record<InvoiceStatus, string> = { open: 'gold', partly_paid: 'blue', paid: 'green', void: 'default' };

/** Billing enum titles: billing.enums.<group>.<value> (locales.test checks en and zh hold the same keys). */
export function useBillingEnum() {
  const { t } = useTranslation();
  const loose = t as unknown as (key: string) => string;
  return (group: 'status' | 'lineKind' | 'channel', value: string) => loose(`billing.enums.${group}.${value}`);
}

export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const title = useBillingEnum();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="invoice-status">
      {title('status', status)}
    </Tag>
  );
}
