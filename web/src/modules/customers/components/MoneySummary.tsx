import type { PaymentSummary } from '@tidyhouse/contract';
import { Card, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../shared';

/** The totals a payments or refunds list answers beside its rows. */
export function MoneySummary({ summary }: { summary: PaymentSummary | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!summary) return null;
  return (
    <Card size="small" data-testid="money-summary">
      <Space size={32} wrap>
        <Statistic title={t('customers.money.totalReceived')} value={money(summary.totalReceivedCents)} />
        <Statistic title={t('customers.money.totalGratuity')} value={money(summary.totalGratuityCents)} />
        <Statistic title={t('customers.money.totalRefunded')} value={money(summary.totalRefundedCents)} />
        <Statistic title={t('customers.money.refundable')} value={money(summary.refundableCents)} />
        <Statistic title={t('customers.money.amountRemaining')} value={money(summary.amountRemainingCents)} />
      </Space>
    </Card>
  );
}
