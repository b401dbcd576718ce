import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EmployeeDetail, formatCents, type PayRate, type PayType } from '@tidyhouse/contract';
import { Alert, Button, Card, Descriptions, Flex, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage, listQueryKey } from '@/components/ListPage';
import { loadFailureText, post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { URLS, useCurrentPay } from '../api';
import { PayRateModal } from './PayRateModal';

const STATE_COLORS: Record<PayRate['state'], string> = { current: 'success', scheduled: 'processing', past: 'default' };

/** "$24.00 / hour" or "$2,100.00 / pay period". */
export function useRateText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (rateCents: number, payType: PayType) =>
    `${formatCents(rateCents, locale)} ${payType === 'hourly' ? t('employees.pay.perHour') : t('employees.pay.perPeriod')}`;
}

/** The Pay rate tab: the rate in force today and the history of rates with their effective dates. */
export function PayRateTab({ employee }: { employee: EmployeeDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rateText = useRateText();
  const current = useCurrentPay(employee.id, true);
  const [adding, setAdding] = useState(false);
  const remove = useMutation({
    mutationFn: (id: number) => post('/sysUserPay/remove', { id }),
    onSuccess: () => showSuccess(t('employees.pay.removed')),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.payList) }),
        queryClient.invalidateQueries({ queryKey: ['employees', 'currentPay'] }),
      ]),
  });

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
      render: (_value, row) => `${row.createdByName ?? ''} ${dayjs(row.createdAt).format('YYYY-MM-DD HH:mm')}`,
    },
    {
      key: 'actions',
      title: t('employees.list.actions'),
      render: (_value, row) =>
        row.state === 'scheduled' ? (
          <DeleteButton type="link" size="small" onConfirm={() => remove.mutateAsync(row.id)}>
            {t('employees.pay.remove')}
          </DeleteButton>
        ) : null,
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
    </Flex>
  );
}
