import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { downloadFile } from '@/modules/service/download';
import { INVOICE_URLS } from '../shared';
import { InvoiceTable } from './InvoiceTable';

/** Customer Detail's Invoices tab: the customer's invoices, and the statement of account as a PDF. */
export function CustomerInvoicesTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const statement = () =>
    void downloadFile(
      INVOICE_URLS.statement,
      { customerId },
      `statement-${customerId}.pdf`,
      t('billing.customer.statementFailed'),
    );
  return (
    <InvoiceTable
      customerId={customerId}
      toolbar={
        <GuardedButton icon={<FilePdfOutlined />} onClick={statement} data-testid="statement-download">
          {t('billing.customer.statement')}
        </GuardedButton>
      }
    />
  );
}
