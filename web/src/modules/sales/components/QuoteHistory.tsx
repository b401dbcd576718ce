import { useQuery } from '@tanstack/react-query';
import type { QuoteHistoryEntry } from '@tidyhouse/contract';
import { Alert, Button, Empty, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';

/** The quote's own history (/quote/history): created, edited with the fields, status changes with reason. */
export function QuoteHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const moment = useMomentFormat();
  const history = useQuery({
    queryKey: ['sales', 'history', id],
    queryFn: () => post<QuoteHistoryEntry[]>('/quote/history', { id }),
  });
  if (history.isPending) return <Spin />;
  if (history.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('sales.detail.historyFailed')}
        action={
          <Button size="small" onClick={() => void history.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  if (history.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sales.detail.historyEmpty')} />;
  return (
    <Timeline
      data-testid="quote-history"
      items={history.data.map((entry) => ({
        key: entry.id,
        color: entry.toStatus === 'sold' ? 'green' : entry.toStatus === 'not_sold' ? 'gray' : 'blue',
        content: (
          <div>
            <Typography.Text strong>
              {entry.action === 'status_changed' && entry.toStatus
                ? `${entry.fromStatus ? `${t(`sales.enums.status.${entry.fromStatus}`)} → ` : ''}${t(`sales.enums.status.${entry.toStatus}`)}`
                : t(`sales.enums.historyAction.${entry.action}`)}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {moment(entry.at)}
                {entry.user ? ` · ${entry.user}` : ''}
              </Typography.Text>
            </div>
            {entry.reason ? <div>{entry.reason}</div> : null}
            {entry.summary ? <Typography.Text type="secondary">{entry.summary}</Typography.Text> : null}
          </div>
        ),
      }))}
    />
  );
}
