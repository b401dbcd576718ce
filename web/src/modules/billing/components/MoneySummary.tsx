import { PlusOutlined } from '@ant-design/icons';
import type { PaymentSummary } from '@tidyhouse/contract';
import { Card, Space, Statistic, type TableColumnsType, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useMomentFormat } from '@/lib/dateTime';
import { useHasPermission } from '@/lib/permissions';
import { useMoney } from '@/modules/customers/shared';

/** The totals a payments or refunds list answers beside its rows. */
export function MoneySummary({ summary }: { summary: PaymentSummary | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!summary) return null;
  return (
    <Card size="small" data-testid="money-summary">
      <Space size={32} wrap>
        <Statistic title={t('billing.customer.invoiced')} value={money(summary.invoicedCents)} />
        <Statistic title={t('customers.money.totalReceived')} value={money(summary.totalReceivedCents)} />
        <Statistic title={t('customers.money.totalGratuity')} value={money(summary.totalGratuityCents)} />
        <Statistic title={t('customers.money.totalRefunded')} value={money(summary.totalRefundedCents)} />
        <Statistic title={t('customers.money.refundable')} value={money(summary.refundableCents)} />
        <Statistic title={t('customers.money.amountRemaining')} value={money(summary.amountRemainingCents)} />
      </Space>
    </Card>
  );
}

/** Who entered a money row, and when. */
export function useEnteredByColumn<Row extends { createdBy: string | null; createdAt: string }>(): TableColumnType<Row> {
  // Moments in the business time zone, one format per language (lib/dateTime).
  const showDateTime = useMomentFormat();
  const { t } = useTranslation();
  return {
    key: 'createdBy',
    title: t('customers.payments.createdBy'),
    render: (_, row) => `${row.createdBy ?? '—'} · ${showDateTime(row.createdAt)}`,
  };
}

export const MONEY_MANAGE_PERMISSION = 'customer:payments:manage';

interface MoneyLedgerProps<Row> {
  url: string;
  customerId: number;
  columns: TableColumnsType<Row>;
  addLabel: string;
  onAdd: () => void;
}

/** A customer's payments or refunds: paged rows, the totals above them, and Add for those who manage money. */
export function MoneyLedger<Row extends { id: number }>({ url, customerId, columns, addLabel, onAdd }: MoneyLedgerProps<Row>) {
  const canManage = useHasPermission(MONEY_MANAGE_PERMISSION);
  return (
    <ListPage<Row, object>
      url={url}
      rowKey="id"
      columns={columns}
      initialFilters={{}}
      toRequest={() => ({ customerId })}
      defaultPageSize={10}
      header={(data) => <MoneySummary summary={data?.summary as PaymentSummary | undefined} />}
      toolbar={
        canManage ? (
          <GuardedButton type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {addLabel}
          </GuardedButton>
        ) : null
      }
    />
  );
}
