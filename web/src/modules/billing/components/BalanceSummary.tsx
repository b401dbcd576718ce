import type { PaymentSummary } from '@tidyhouse/contract';
import { Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/modules/customers/shared';

/**
 * A customer's account at a glance: what was invoiced, received and refunded, and what is owed or
 * held as credit (the maintained balance: open invoices − unapplied credit).
 */
export function BalanceSummary({ summary }: { summary: PaymentSummary }) {
  const { t } = useTranslation();
  const money = useMoney();
  const owes = summary.amountRemainingCents > 0;
  return (
    <Space size={32} wrap data-testid="balance-summary">
      <Statistic title={t('billing.customer.invoiced')} value={money(summary.invoicedCents)} />
      <Statistic title={t('customers.money.totalReceived')} value={money(summary.totalReceivedCents)} />
      <Statistic title={t('customers.money.totalRefunded')} value={money(summary.totalRefundedCents)} />
      <Statistic
        title={t('billing.customer.balanceOwed')}
        value={money(summary.amountRemainingCents)}
        styles={owes ? { content: { color: '#cf1322' } } : undefined}
        data-testid="balance-owed"
      />
      {summary.creditCents > 0 ? (
        <Statistic title={t('billing.customer.credit')} value={money(summary.creditCents)} data-testid="balance-credit" />
      ) : null}
    </Space>
  );
}
