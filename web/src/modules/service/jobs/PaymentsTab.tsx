import type { JobDetail } from '@tidyhouse/contract';
import { Flex, Statistic, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLooseT, useMoney } from '../shared';

type Payment = JobDetail['payments'][number];

/** The payments recorded against this job (entered on the customer's Payments tab). */
export function PaymentsTab({ detail }: { detail: JobDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const loose = useLooseT();
  const methodTitle = (method: string) => {
    const key = `service.payments.methods.${method}`;
    const text = loose(key);
    return text === key ? method : text;
  };
  const { job } = detail;
  const columns: TableColumnsType<Payment> = [
    { key: 'paidOn', dataIndex: 'paidOn', title: t('service.payments.paidOn') },
    {
      key: 'kind',
      title: t('service.payments.kind'),
      render: (_, row) => <Tag color={row.kind === 'reversal' ? 'red' : 'green'}>{t(`service.payments.kinds.${row.kind}`)}</Tag>,
    },
    { key: 'amount', title: t('service.payments.amount'), align: 'right', render: (_, row) => money(row.amountCents) },
    { key: 'gratuity', title: t('service.payments.gratuity'), align: 'right', render: (_, row) => money(row.gratuityCents) },
    { key: 'method', title: t('service.payments.method'), render: (_, row) => methodTitle(row.method) },
    { key: 'note', dataIndex: 'note', title: t('service.payments.note') },
  ];
  return (
    <Flex vertical gap={16}>
      <Flex gap={48}>
        <Statistic title={t('service.costing.invoiceTotal')} value={money(job.costing.invoiceTotalCents)} />
        <Statistic title={t('service.payments.paid')} value={money(detail.paidCents)} />
        <Statistic
          title={t('service.payments.remaining')}
          value={money(Math.max(0, job.costing.invoiceTotalCents - detail.paidCents))}
        />
      </Flex>
      <Table<Payment>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={detail.payments}
        pagination={false}
        locale={{ emptyText: t('service.payments.none') }}
      />
      <Link to={`/customer/customerdetail?id=${job.customer.id}`}>{t('service.payments.enterOnCustomer')}</Link>
    </Flex>
  );
}
