import type { CustomerMessage, CustomerMessageStatus } from '@tidyhouse/contract';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMomentFormat } from '@/lib/dateTime';
import { jobDetailPath } from '@/modules/service/jobs/api';

/**
 * The columns of a list of customer messages (issue 22): the customer's communications log and the
 * job's messages. Their words live in the common strings (messageLog), so any screen may show them.
 */

const STATUS_COLORS: Record<CustomerMessageStatus, string> = {
  queued: 'blue',
  held: 'gold',
  sending: 'processing',
  sent: 'cyan',
  delivered: 'green',
  failed: 'red',
  dropped: 'default',
  received: 'purple',
};

export function MessageStatusTag({ status }: { status: CustomerMessageStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="message-status">
      {t(`common.messageLog.statuses.${status}`)}
    </Tag>
  );
}

/** What the message said: the subject over the text; a message still to send is written then. */
export function MessageText({ message }: { message: CustomerMessage }) {
  const { t } = useTranslation();
  if (!message.body && !message.subject) {
    return <Typography.Text type="secondary">{t('common.messageLog.pending')}</Typography.Text>;
  }
  return (
    <div style={{ maxWidth: 420 }}>
      {message.subject ? <Typography.Text strong>{message.subject}</Typography.Text> : null}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>
        {message.body}
      </Typography.Paragraph>
    </div>
  );
}

/** The columns; `withJob` adds the job's reference (the customer's list, where messages of many jobs meet). */
export function useMessageColumns(withJob: boolean): TableColumnsType<CustomerMessage> {
  const { t } = useTranslation();
  const moment = useMomentFormat();
  return [
    { key: 'at', title: t('common.messageLog.at'), render: (_, m) => moment(m.sentAt ?? m.at) },
    {
      key: 'event',
      title: t('common.messageLog.event'),
      render: (_, m) => (m.event ? t(`common.messageLog.events.${m.event}`) : t(`common.messageLog.directions.${m.direction}`)),
    },
    { key: 'channel', title: t('common.messageLog.channel'), render: (_, m) => t(`common.messageLog.channels.${m.channel}`) },
    { key: 'status', title: t('common.messageLog.status'), render: (_, m) => <MessageStatusTag status={m.status} /> },
    { key: 'address', title: t('common.messageLog.address'), render: (_, m) => m.address || '—' },
    { key: 'text', title: t('common.messageLog.text'), render: (_, m) => <MessageText message={m} /> },
    ...(withJob
      ? [
          {
            key: 'job',
            title: t('common.messageLog.job'),
            render: (_: unknown, m: CustomerMessage) =>
              m.job ? <Link to={jobDetailPath(m.job.id)}>{m.job.reference}</Link> : '—',
          },
        ]
      : []),
  ];
}
