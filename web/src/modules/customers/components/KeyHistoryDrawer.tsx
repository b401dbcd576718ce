import { useQuery } from '@tanstack/react-query';
import type { KeyEvent, KeyListItem } from '@tidyhouse/contract';
import { Alert, Button, Drawer, Empty, Spin, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMomentFormat } from '@/lib/dateTime';
import { loadFailureText, post } from '@/lib/http';
import { useEnumTitle } from '../shared';

/** The custody history of a location's key, newest first as the server answers it. */
export function KeyHistoryDrawer({ item, onClose }: { item: KeyListItem; onClose: () => void }) {
  // Moments in the business time zone, one format per language (lib/dateTime).
  const showDateTime = useMomentFormat();
  const { t } = useTranslation();
  const title = useEnumTitle();
  const history = useQuery({
    queryKey: ['customerKey', 'history', item.locationId],
    queryFn: () => post<KeyEvent[]>('/customerKey/history', { locationId: item.locationId }),
  });
  return (
    <Drawer open size={480} title={t('customers.keys.historyTitle', { location: item.locationName })} onClose={onClose}>
      {history.isError ? (
        <Alert
          type="error"
          showIcon
          title={loadFailureText(history.error, t('common.list.loadFailed'))}
          action={
            <Button size="small" onClick={() => void history.refetch()}>
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : history.isPending ? (
        <Spin />
      ) : history.data.length === 0 ? (
        <Empty description={t('customers.keys.noHistory')} />
      ) : (
        <Timeline
          items={history.data.map((event) => ({
            key: event.id,
            content: (
              <div>
                <strong>{title('keyAction', event.action)}</strong> · {showDateTime(event.at)}
                <div>
                  {[
                    event.keyTag && t('customers.keys.tagValue', { tag: event.keyTag }),
                    title('keyLocation', event.keyLocation),
                    event.holder?.name,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
                {event.actor ? <div>{t('customers.keys.by', { name: event.actor })}</div> : null}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
