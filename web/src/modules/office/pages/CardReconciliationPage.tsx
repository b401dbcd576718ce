import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatCents,
  RECONCILIATION_SCREEN,
  type ReconciliationDifference,
  type ReconciliationSummary,
} from '@tidyhouse/contract';
import { App, Button, Descriptions, Form, Input, Modal, Skeleton, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { useScreenTitle } from '@/lib/screens';
import { DayToolbar, useOfficeDate } from '../day/DayToolbar';

type Action = 'record_payment' | 'refund' | 'explain';
interface DayAnswer {
  summary: ReconciliationSummary;
  list: ReconciliationDifference[];
}

/** Which actions fit a difference (the server checks the same; explaining fits every one). */
const actionsFor = (d: ReconciliationDifference): Action[] => [
  ...(d.kind === 'missing_payment' && d.customerId !== null ? (['record_payment'] as const) : []),
  ...(d.kind === 'missing_payment' || d.kind === 'duplicate_charge' ? (['refund'] as const) : []),
  'explain',
];

function ReconciliationBody({ date }: { date: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const moment = useMomentFormat();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [acting, setActing] = useState<{ difference: ReconciliationDifference; action: Action } | null>(null);
  const [note, setNote] = useState('');
  const key = ['cardReconciliation', date];
  const day = useQuery({ queryKey: key, queryFn: () => post<DayAnswer>('/cardReconciliation/list', { date }) });
  const reload = () => void client.invalidateQueries({ queryKey: key });
  const run = useMutation({
    mutationFn: () => post<{ open: number }>('/cardReconciliation/run', { date }),
    onSuccess: (r) => void message.success(t('office.reconciliation.ran', { count: r.open })),
    onSettled: reload,
  });
  const resolve = useMutation({
    mutationFn: (body: { id: number; version: number; action: Action; note: string }) =>
      post('/cardReconciliation/resolve', body),
    onSuccess: () => {
      setActing(null);
      setNote('');
      void message.success(t('office.reconciliation.resolved'));
    },
    onSettled: reload,
  });
  if (day.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (day.isError) return <LoadFailed title={t('office.reconciliation.loadFailed')} onRetry={() => void day.refetch()} />;
  const { summary, list } = day.data;
  const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents, locale));
  const columns: TableColumnsType<ReconciliationDifference> = [
    { key: 'kind', title: t('office.reconciliation.kind'), render: (_, d) => t(`office.reconciliation.kinds.${d.kind}`) },
    { key: 'gatewayId', title: t('office.reconciliation.gatewayId'), dataIndex: 'gatewayId', render: (v: string) => v || '—' },
    {
      key: 'gateway',
      title: t('office.reconciliation.gatewayAmount'),
      align: 'right',
      render: (_, d) => money(d.gatewayAmountCents),
    },
    { key: 'ours', title: t('office.reconciliation.ourAmount'), align: 'right', render: (_, d) => money(d.ourAmountCents) },
    { key: 'customer', title: t('office.reconciliation.customer'), render: (_, d) => d.customerName || '—' },
    { key: 'entry', title: t('office.reconciliation.entry'), render: (_, d) => d.entrySerial || '—' },
    {
      key: 'status',
      title: t('office.reconciliation.status'),
      render: (_, d) =>
        d.open ? (
          <Tag color="error">{t('office.reconciliation.open')}</Tag>
        ) : (
          <Space direction="vertical" size={0}>
            <Tag color="success">{t(`office.reconciliation.resolutions.${d.resolution ?? 'matched'}`)}</Tag>
            {d.resolutionNote && <span>{d.resolutionNote}</span>}
            {d.resolvedAt && <span>{`${moment(d.resolvedAt)} ${d.resolvedBy ?? ''}`}</span>}
          </Space>
        ),
    },
    {
      key: 'actions',
      title: t('office.reconciliation.actions'),
      render: (_, d) =>
        d.open && (
          <Space wrap>
            {actionsFor(d).map((action) => (
              <Button
                key={action}
                size="small"
                onClick={() => setActing({ difference: d, action })}
                data-testid={`recon-${action}-${d.id}`}
              >
                {t(`office.reconciliation.do.${action}`)}
              </Button>
            ))}
          </Space>
        ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" loading={run.isPending} onClick={() => run.mutate()} data-testid="recon-run">
          {t('office.reconciliation.run')}
        </Button>
      </Space>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="recon-summary">
        <Descriptions.Item label={t('office.reconciliation.ranAt')}>
          {summary.ranAt ? moment(summary.ranAt) : t('office.reconciliation.never')}
        </Descriptions.Item>
        <Descriptions.Item label={t('office.reconciliation.openCount')}>{summary.openCount}</Descriptions.Item>
        <Descriptions.Item label={t('office.reconciliation.gatewayCharges')}>
          {t('office.reconciliation.chargesOf', { count: summary.gatewayChargeCount, amount: money(summary.gatewayChargeCents) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('office.reconciliation.ourCharges')}>
          {t('office.reconciliation.chargesOf', { count: summary.ourChargeCount, amount: money(summary.ourChargeCents) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('office.reconciliation.gatewayRefunds')}>
          {money(summary.gatewayRefundCents)}
        </Descriptions.Item>
        <Descriptions.Item label={t('office.reconciliation.ourRefunds')}>{money(summary.ourRefundCents)}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('office.reconciliation.none') }}
        data-testid="recon-table"
      />
      <Modal
        open={acting !== null}
        title={acting ? t(`office.reconciliation.do.${acting.action}`) : ''}
        okText={t('office.reconciliation.confirm')}
        cancelText={t('common.actions.cancel')}
        confirmLoading={resolve.isPending}
        okButtonProps={{ disabled: acting?.action !== 'record_payment' && note.trim() === '', id: 'recon-confirm' }}
        onCancel={() => setActing(null)}
        onOk={() =>
          acting && resolve.mutate({ id: acting.difference.id, version: acting.difference.version, action: acting.action, note })
        }
      >
        {acting && (
          <Form layout="vertical">
            <p>
              {t(`office.reconciliation.explain.${acting.action}`, {
                amount: money(acting.difference.gatewayAmountCents ?? acting.difference.ourAmountCents),
                customer: acting.difference.customerName || '—',
              })}
            </p>
            <Form.Item label={t('office.reconciliation.note')} required={acting.action !== 'record_payment'}>
              <Input.TextArea value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} data-testid="recon-note" />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Space>
  );
}

/** /office/cardreconciliation: the card gateway's charges and refunds of a day against ours (issue 26). */
export default function CardReconciliationPage() {
  const title = useScreenTitle(RECONCILIATION_SCREEN);
  const { date, today, go } = useOfficeDate();
  if (!date) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <div data-testid="reconciliation-page">
      <DayToolbar title={title} date={date} today={today} go={go} closed={undefined} />
      <ReconciliationBody key={date} date={date} />
    </div>
  );
}
