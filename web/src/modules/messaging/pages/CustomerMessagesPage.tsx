import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_CHANNELS, MESSAGE_EVENTS, OUTBOX_STATUSES, type OutboxMessage, type OutboxStatus } from '@tidyhouse/contract';
import { DatePicker, Form, Select, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CellText } from '@/components/CellText';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage, listQueryKey } from '@/components/ListPage';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { SimulatorInbox } from '../components/SimulatorInbox';

interface Filters {
  status?: OutboxStatus;
  channel?: string;
  event?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

export const OUTBOX_LIST_URL = '/outbox/queryList';

const STATUS_COLORS: Record<OutboxStatus, string> = {
  queued: 'blue',
  held: 'gold',
  sending: 'processing',
  sent: 'cyan',
  delivered: 'green',
  failed: 'red',
  dropped: 'default',
};
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

function OutboxList() {
  const { t } = useTranslation();
  const moment = useMomentFormat();
  const client = useQueryClient();
  // A link from a customer may name them: ?customerId=12.
  const [params] = useSearchParams();
  const customerId = Number(params.get('customerId')) || undefined;

  const retry = useMutation({
    mutationFn: (row: OutboxMessage) => post('/outbox/retry', { id: row.id, version: row.version }),
    onSuccess: () => showSuccess(t('messaging.outbox.retried')),
    onSettled: () => void client.invalidateQueries({ queryKey: listQueryKey(OUTBOX_LIST_URL) }),
  });

  const columns: TableColumnsType<OutboxMessage> = [
    { key: 'createdAt', title: t('messaging.outbox.queuedAt'), render: (_, m) => moment(m.createdAt) },
    { key: 'customer', title: t('messaging.outbox.customer'), render: (_, m) => <CellText max={160}>{m.customerName}</CellText> },
    { key: 'event', title: t('messaging.outbox.event'), render: (_, m) => t(`messaging.events.${m.event}`) },
    { key: 'channel', title: t('messaging.outbox.channel'), render: (_, m) => t(`messaging.channels.${m.channel}`) },
    {
      key: 'status',
      title: t('messaging.outbox.status'),
      render: (_, m) => (
        <Tag color={STATUS_COLORS[m.status]} data-testid="outbox-status">
          {t(`messaging.outbox.statuses.${m.status}`)}
        </Tag>
      ),
    },
    { key: 'to', title: t('messaging.outbox.to'), render: (_, m) => m.toAddress || '—' },
    {
      key: 'text',
      title: t('messaging.outbox.text'),
      render: (_, m) =>
        m.body ? (
          <div style={{ maxWidth: 380 }}>
            {m.subject ? <Typography.Text strong>{m.subject}</Typography.Text> : null}
            {/* The whole text on hover: an "Expand" link would be an action in a column that scrolls away. */}
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} ellipsis={{ rows: 2, tooltip: true }}>
              {m.body}
            </Typography.Paragraph>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('messaging.outbox.notYetWritten')}</Typography.Text>
        ),
    },
    {
      key: 'when',
      title: t('messaging.outbox.when'),
      render: (_, m) =>
        m.deliveredAt
          ? t('messaging.outbox.deliveredAt', { at: moment(m.deliveredAt) })
          : m.sentAt
            ? t('messaging.outbox.sentAt', { at: moment(m.sentAt) })
            : m.status === 'queued' || m.status === 'held'
              ? t('messaging.outbox.nextAt', { at: moment(m.nextAttemptAt) })
              : '—',
    },
    {
      key: 'problem',
      title: t('messaging.outbox.problem'),
      render: (_, m) =>
        m.lastError ? (
          <CellText max={200}>
            <Typography.Text type="danger">
              {t('messaging.outbox.tries', { count: m.attempts, error: m.lastError })}
            </Typography.Text>
          </CellText>
        ) : null,
    },
    {
      key: 'actions',
      title: t('messaging.outbox.actions'),
      fixed: 'right',
      render: (_, m) =>
        m.retryable ? (
          <GuardedButton size="small" onClick={() => retry.mutate(m)}>
            {t('messaging.outbox.retry')}
          </GuardedButton>
        ) : null,
    },
  ];

  return (
    <ListPage<OutboxMessage, Filters>
      url={OUTBOX_LIST_URL}
      rowKey="id"
      columns={columns}
      toRequest={(f) => ({
        status: f.status || undefined,
        channel: f.channel || undefined,
        event: f.event || undefined,
        customerId,
        dateFrom: day(f.dates?.[0]),
        dateTo: day(f.dates?.[1]),
      })}
      searchFields={
        <>
          <Form.Item name="status" label={t('messaging.outbox.status')}>
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t('messaging.outbox.all')}
              options={OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`messaging.outbox.statuses.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="channel" label={t('messaging.outbox.channel')}>
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t('messaging.outbox.all')}
              options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`messaging.channels.${c}`) }))}
            />
          </Form.Item>
          <Form.Item name="event" label={t('messaging.outbox.event')}>
            <Select
              allowClear
              style={{ width: 200 }}
              placeholder={t('messaging.outbox.all')}
              options={MESSAGE_EVENTS.map((e) => ({ value: e, label: t(`messaging.events.${e}`) }))}
            />
          </Form.Item>
          <Form.Item name="dates" label={t('messaging.outbox.queuedOn')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </>
      }
    />
  );
}

/** /office/messages: every message to customers (the outbox) and the text simulator's inbox (issue 22). */
export default function CustomerMessagesPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'outbox', label: t('messaging.outbox.tab'), children: <OutboxList /> },
        { key: 'simulator', label: t('messaging.smsSim.tab'), children: <SimulatorInbox /> },
      ]}
    />
  );
}
