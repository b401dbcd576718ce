import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CARD_BRANDS, CARD_QUEUE_STATUSES, type CardBrand, type CardQueueEntry, formatCents } from '@tidyhouse/contract';
import { App, Button, DatePicker, Form, Modal, Progress, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText } from '@/components/CellText';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage, listQueryKey } from '@/components/ListPage';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { ResolveModal } from '../components/ResolveModal';
import { QUEUE_LIST_URL, useProcessQueue } from '../components/useProcessQueue';

interface Filters {
  status?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const STATUS_COLOR = { pending: 'processing', failed: 'error', approved: 'success' } as const;
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
const rangeOf = (f: Filters) => ({ dateFrom: day(f.dates?.[0]), dateTo: day(f.dates?.[1]) });

/** /office/creditcardcollection: the e-payment queue (issue 12). */
export default function CardQueuePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const moment = useMomentFormat();
  const client = useQueryClient();
  const { modal } = App.useApp();
  // The selected entries with their amounts: the confirmation names the count and the total.
  const [selected, setSelected] = useState<number[]>([]);
  const [selectedAmounts, setSelectedAmounts] = useState<Map<number, number>>(new Map());
  // The filters last searched with: "process all" takes the pending entries of that date range.
  const filters = useRef<Filters>({});
  const [resolving, setResolving] = useState<CardQueueEntry | null>(null);
  const { run, start, close } = useProcessQueue();
  const money = (cents: number) => formatCents(cents, locale);

  const retry = useMutation({
    mutationFn: (row: CardQueueEntry) => post('/cardQueue/retry', { id: row.id, version: row.version }),
    onSuccess: () => showSuccess(t('office.cardQueue.retried')),
    onSettled: () => void client.invalidateQueries({ queryKey: listQueryKey(QUEUE_LIST_URL) }),
  });

  const processSelected = () => {
    const ids = selected;
    const total = ids.reduce((sum, id) => sum + (selectedAmounts.get(id) ?? 0), 0);
    modal.confirm({
      title: t('office.cardQueue.processSelectedConfirm', { count: ids.length, amount: money(total) }),
      okText: t('office.cardQueue.process'),
      cancelText: t('common.actions.cancel'),
      onOk: () => {
        setSelected([]);
        setSelectedAmounts(new Map());
        void start(ids);
      },
    });
  };
  const processAll = async () => {
    const { ids } = await post<{ ids: number[] }>('/cardQueue/pendingIds', rangeOf(filters.current));
    if (ids.length === 0) {
      showSuccess(t('office.cardQueue.nothingPending'));
      return;
    }
    modal.confirm({
      title: t('office.cardQueue.processAllConfirm', { count: ids.length }),
      okText: t('office.cardQueue.process'),
      cancelText: t('common.actions.cancel'),
      onOk: () => void start(ids),
    });
  };

  const columns: TableColumnsType<CardQueueEntry> = [
    { key: 'serial', title: t('office.cardQueue.serial'), dataIndex: 'serial' },
    {
      key: 'status',
      title: t('office.cardQueue.status'),
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOR[row.status]}>{t(`office.cardQueue.statuses.${row.status}`)}</Tag>
          {row.processing && <Tag>{t('office.cardQueue.processing')}</Tag>}
          {row.resolution && <Tag>{t(`office.cardQueue.resolutions.${row.resolution}`)}</Tag>}
        </Space>
      ),
    },
    { key: 'amount', title: t('office.cardQueue.amount'), align: 'right', render: (_, row) => money(row.amountCents) },
    {
      key: 'account',
      title: t('office.cardQueue.account'),
      render: (_, row) => (
        <CellText max={150}>
          {row.customerName} <Typography.Text type="secondary">#{row.accountNumber}</Typography.Text>
        </CellText>
      ),
    },
    {
      key: 'paymentType',
      title: t('office.cardQueue.paymentType'),
      render: (_, row) => {
        const brand: CardBrand = (CARD_BRANDS as readonly string[]).includes(row.cardBrand)
          ? (row.cardBrand as CardBrand)
          : 'other';
        return `${t(`office.cardQueue.brands.${brand}`)} •••• ${row.cardLast4}`;
      },
    },
    { key: 'expiration', title: t('office.cardQueue.expiration'), dataIndex: 'expiration' },
    { key: 'serviceDate', title: t('office.cardQueue.serviceDate'), dataIndex: 'serviceDate' },
    { key: 'createdAt', title: t('office.cardQueue.queuedAt'), render: (_, row) => moment(row.createdAt) },
    { key: 'processedAt', title: t('office.cardQueue.processedAt'), render: (_, row) => moment(row.processedAt) },
    {
      key: 'result',
      title: t('office.cardQueue.result'),
      render: (_, row) =>
        row.status === 'approved' ? (
          <Typography.Text copyable>{row.gatewayTransactionId}</Typography.Text>
        ) : row.status === 'failed' ? (
          // A decline reason wraps instead of pushing the actions off screen.
          <CellText max={200}>
            <Typography.Text type="danger">{row.declineReason}</Typography.Text>
          </CellText>
        ) : null,
    },
    {
      key: 'actions',
      title: t('office.cardQueue.actions'),
      // A wide list: it may scroll inside itself, Retry and Resolve stay on screen.
      fixed: 'right',
      render: (_, row) =>
        row.status === 'failed' && !row.resolution ? (
          <Space size={4}>
            <GuardedButton
              size="small"
              disabled={!row.retryable}
              title={row.retryable ? undefined : t('office.cardQueue.noRetry')}
              onClick={() => retry.mutate(row)}
            >
              {t('office.cardQueue.retry')}
            </GuardedButton>
            <Button size="small" onClick={() => setResolving(row)}>
              {t('office.cardQueue.resolve')}
            </Button>
          </Space>
        ) : null,
    },
  ];

  const percent = run ? Math.round((run.done / Math.max(1, run.total)) * 100) : 0;
  return (
    <>
      <ListPage<CardQueueEntry, Filters>
        url={QUEUE_LIST_URL}
        rowKey="id"
        columns={columns}
        toRequest={(f) => {
          filters.current = f;
          return { status: f.status || undefined, ...rangeOf(f) };
        }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys, rows) => {
            setSelected(keys as number[]);
            setSelectedAmounts((known) => {
              // Rows of another page stay selected (their amounts were seen there).
              const next = new Map(known);
              for (const row of rows) if (row) next.set(row.id, row.amountCents);
              return next;
            });
          },
          getCheckboxProps: (row) => ({ disabled: row.status !== 'pending' }),
        }}
        searchFields={
          <>
            <Form.Item name="status" label={t('office.cardQueue.status')}>
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={t('office.cardQueue.allStatuses')}
                options={CARD_QUEUE_STATUSES.map((s) => ({ value: s, label: t(`office.cardQueue.statuses.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="dates" label={t('office.cardQueue.serviceDate')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          </>
        }
        header={(response) =>
          response ? (
            <Typography.Text type="secondary">
              {t('office.cardQueue.totalAmount', {
                amount: money(Number(response.totalAmountCents ?? 0)),
                count: response.total,
              })}
            </Typography.Text>
          ) : null
        }
        toolbar={
          <Space>
            <GuardedButton type="primary" disabled={selected.length === 0 || !!run} onClick={processSelected}>
              {t('office.cardQueue.processSelected', { count: selected.length })}
            </GuardedButton>
            <GuardedButton disabled={!!run} onClick={() => void processAll()}>
              {t('office.cardQueue.processAll')}
            </GuardedButton>
          </Space>
        }
      />
      <Modal
        open={!!run}
        title={t('office.cardQueue.progressTitle')}
        closable={!!run?.finished}
        maskClosable={false}
        onCancel={close}
        footer={run?.finished ? <Button onClick={close}>{t('common.actions.close')}</Button> : null}
      >
        <Progress
          percent={percent}
          status={run?.error ? 'exception' : run?.finished ? 'success' : 'active'}
          aria-label={t('office.cardQueue.progressTitle')}
        />
        {run && (
          <Typography.Paragraph data-testid="process-summary">
            {t('office.cardQueue.progressSummary', { ...run })}
            {run.error && <Typography.Text type="danger"> {t('office.cardQueue.progressError')}</Typography.Text>}
          </Typography.Paragraph>
        )}
      </Modal>
      {resolving && <ResolveModal entry={resolving} onClose={() => setResolving(null)} />}
    </>
  );
}
