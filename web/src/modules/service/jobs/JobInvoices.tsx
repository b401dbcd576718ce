import { findScreen, type JobInvoice } from '@tidyhouse/contract';
import { Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasPermission } from '@/lib/permissions';
import { InvoiceStatusTag, invoiceScreenPath } from '@/modules/billing/shared';
import { useMoney } from '../shared';

/** The invoice shown first: the live one, else (all void) the latest. */
export function currentInvoice(invoices: readonly JobInvoice[]): JobInvoice | undefined {
  return invoices.findLast((i) => i.status !== 'void') ?? invoices.at(-1);
}

/** The key that opens the Invoices screen (it opens with Customer Detail's, contract menu). */
const INVOICES_KEY = findScreen('/customer/invoices')?.screen.permission ?? '/customer/invoices';

/** An invoice number that opens it on the Invoices screen (plain text for a role without that screen). */
function InvoiceNumber({ invoice }: { invoice: JobInvoice }) {
  const mayOpen = useHasPermission(INVOICES_KEY);
  return mayOpen ? (
    <Link to={invoiceScreenPath(invoice.id)} data-testid="job-invoice-link">
      {invoice.number}
    </Link>
  ) : (
    <span>{invoice.number}</span>
  );
}

/**
 * Job Detail's invoice (billing issues it when the job completes): number, status, total and open
 * amount, then the earlier ones a change of the job's money voided, each with the one that corrected it.
 */
export function JobInvoices({ invoices }: { invoices: readonly JobInvoice[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const current = currentInvoice(invoices);
  if (!current) return null;
  const earlier = invoices.filter((i) => i.id !== current.id).reverse();
  const correctionOf = (id: number) => invoices.find((i) => i.correctsInvoiceId === id);
  return (
    <Flex vertical gap={4}>
      <Space wrap size={8} data-testid="job-invoice">
        <InvoiceNumber invoice={current} />
        <InvoiceStatusTag status={current.status} />
        <span>
          {t('billing.invoices.total')} {money(current.totalCents)}
        </span>
        <span data-testid="job-invoice-open">
          {t('billing.invoices.open')} {money(current.openCents)}
        </span>
      </Space>
      {earlier.length > 0 ? (
        <Space wrap size={8} data-testid="job-invoice-history">
          <Typography.Text type="secondary">{t('service.job.invoiceHistory')}</Typography.Text>
          {earlier.map((invoice) => {
            const correction = correctionOf(invoice.id);
            return (
              <Space key={invoice.id} size={4}>
                <InvoiceNumber invoice={invoice} />
                <InvoiceStatusTag status={invoice.status} />
                {correction ? (
                  <Typography.Text type="secondary">
                    {t('billing.invoices.correctedBy')} {correction.number}
                  </Typography.Text>
                ) : null}
              </Space>
            );
          })}
        </Space>
      ) : null}
    </Flex>
  );
}
