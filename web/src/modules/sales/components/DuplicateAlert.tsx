import type { Duplicates } from '@tidyhouse/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The duplicate warning (never a refusal): customers and quotes with the same phone or address. */
export function DuplicateAlert({ duplicates }: { duplicates: Duplicates | undefined }) {
  const { t } = useTranslation();
  if (!duplicates || (duplicates.customers.length === 0 && duplicates.quotes.length === 0)) return null;
  const matched = (on: readonly ('phone' | 'address')[]) => on.map((m) => t(`sales.form.matchedOn.${m}`)).join(', ');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="duplicate-warning"
      title={t('sales.form.duplicatesTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {duplicates.customers.map((c) => (
            <li key={`c${c.id}`}>
              {t('sales.form.duplicateCustomer', {
                name: c.name,
                phone: c.phone1,
                address: c.address1,
                zip: c.zip,
                matched: matched(c.matchedOn),
              })}
            </li>
          ))}
          {duplicates.quotes.map((q) => (
            <li key={`q${q.id}`}>
              {t('sales.form.duplicateQuote', {
                reference: q.reference,
                date: q.quoteDate,
                name: q.customerName,
                phone: q.phone1,
                address: q.address1,
                zip: q.zip,
                matched: matched(q.matchedOn),
              })}
            </li>
          ))}
        </ul>
      }
    />
  );
}
