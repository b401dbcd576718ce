import { PlusOutlined } from '@ant-design/icons';
import { type EmployeeDetail, formatCents, type PayRate, type PayType } from '@tidyhouse/contract';
import { Alert, Button, Card, Descriptions, Flex, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useMomentFormat } from '@/lib/dateTime';
import { loadFailureText } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { URLS, useCurrentPay } from '../api';
import { PayRateCorrectModal, PayRateRemoveModal } from './PayRateChangeModals';
import { PayRateModal } from './PayRateModal';

const STATE_COLORS: Record<PayRate['state'], string> = { current: 'success', scheduled: 'processing', past: 'default' };

/** "$24.00 / hour" or "$2,100.00 / pay period". */
export function useRateText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (rateCents: number, payType: PayType) =>
    payType === 'percentage'
      ? `${(rateCents / 100).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 2 })} ${t('employees.pay.percentOfJob')}`
      : `${formatCents(rateCents, locale)} ${payType === 'hourly' ? t('employees.pay.perHour') : t('employees.pay.perPeriod')}`;
}

/** The Pay rate tab: the rate in force today and the history of rates with their effective dates. */
export function PayRateTab({ employee }: { employee: EmployeeDetail }) {
  const moment = useMomentFormat();
  const { t } = useTranslation();
  const rateText = useRateText();
  const current = useCurrentPay(employee.id, true);
  const [adding, setAdding] = useState(false);
  const [correcting, setCorrecting] = useState<PayRate | null>(null);
  const [removing, setRemoving] = useState<PayRate | null>(null);

  const columns: TableColumnsType<PayRate> = [
    { key: 'effectiveFrom', dataIndex: 'effectiveFrom', title: t('employees.pay.effectiveFrom') },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('employees.pay.state'),
      render: (state: PayRate['state']) => <Tag color={STATE_COLORS[state]}>{t(`employees.pay.states.${state}`)}</Tag>,
    },
    {
      key: 'payType',
      dataIndex: 'payType',
      title: t('employees.pay.payType'),
      render: (type: PayType) => t(`employees.pay.types.${type}`),
    },
    { key: 'rate', title: t('employees.pay.rate'), render: (_value, row) => rateText(row.rateCents, row.payType) },
    { key: 'laborType', dataIndex: 'laborTypeName', title: t('employees.pay.laborType') },
    {
      key: 'isPaid',
      dataIndex: 'isPaid',
      title: t('employees.pay.isPaid'),
      render: (paid: boolean) => (paid ? t('employees.common.yes') : t('employees.common.no')),
    },
    { key: 'note', dataIndex: 'note', title: t('employees.pay.note') },
    {
      key: 'created',
      title: t('employees.pay.createdBy'),
      render: (_value, row) => `${row.createdByName ?? ''} ${moment(row.createdAt)}`,
    },
    {
      key: 'actions',
      title: t('employees.list.actions'),
      // Any rate may be corrected, the scheduled one and the one in force removed, until wages for
      // their dates are approved (the server says so when they are).
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setCorrecting(row)}>
            {t('employees.pay.correct')}
          </Button>
          {row.state === 'past' ? null : (
            <Button type="link" size="small" danger onClick={() => setRemoving(row)}>
              {t('employees.pay.remove')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const rate = current.data;
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('employees.pay.currentTitle')} loading={current.isPending && !current.isError}>
        {current.isError ? (
          <Alert
            type="error"
            showIcon
            title={loadFailureText(current.error, t('employees.common.loadFailed'))}
            action={
              <Button size="small" onClick={() => void current.refetch()}>
                {t('common.actions.retry')}
              </Button>
            }
          />
        ) : rate ? (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 4 }}
            data-testid="current-rate"
            items={[
              { key: 'rate', label: t('employees.pay.rate'), children: rateText(rate.rateCents, rate.payType) },
              {
                key: 'laborType',
                label: t('employees.pay.laborType'),
                children: rate.laborTypeName ?? t('employees.info.notSet'),
              },
              {
                key: 'isPaid',
                label: t('employees.pay.isPaid'),
                children: rate.isPaid ? t('employees.common.yes') : t('employees.common.no'),
              },
              { key: 'from', label: t('employees.pay.effectiveFrom'), children: rate.effectiveFrom },
            ]}
          />
        ) : (
          <span data-testid="current-rate">{t('employees.pay.noRate')}</span>
        )}
      </Card>
      <ListPage<PayRate, { userId: number }>
        url={URLS.payList}
        rowKey="id"
        columns={columns}
        initialFilters={{ userId: employee.id }}
        toolbar={
          <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('employees.pay.add')}
          </GuardedButton>
        }
      />
      {adding ? <PayRateModal employees={[employee]} onClose={() => setAdding(false)} /> : null}
      {correcting ? <PayRateCorrectModal rate={correcting} onClose={() => setCorrecting(null)} /> : null}
      {removing ? <PayRateRemoveModal rate={removing} onClose={() => setRemoving(null)} /> : null}
    </Flex>
  );
}
