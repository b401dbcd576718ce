import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboundFollowUp } from '@tidyhouse/contract';
import { App, Flex, List, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';

/**
 * Texts customers sent that no one has followed up (issue 22), in the follow-ups tile: the count and
 * the newest ten, each opening its customer's communications and marked done once handled.
 */
export function OpenTexts({ count, texts }: { count: number; texts: InboundFollowUp[] }) {
  const { t } = useTranslation();
  const moment = useMomentFormat();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const done = useMutation({
    mutationFn: (id: number) => post('/connectRecord/textHandled', { id }),
    onSuccess: () => {
      void message.success(t('common.messageLog.textDoneSaved'));
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
  return (
    <Flex vertical gap={8} data-testid="dashboard-open-texts">
      <Statistic title={t('common.messageLog.texts')} value={count} />
      {texts.length === 0 ? (
        <Typography.Text type="secondary">{t('common.messageLog.textsNone')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={texts}
          renderItem={(text) => (
            <List.Item
              data-testid="open-text"
              actions={[
                <GuardedButton key="done" size="small" onClick={() => done.mutate(text.id)}>
                  {t('common.messageLog.textDone')}
                </GuardedButton>,
              ]}
            >
              <List.Item.Meta
                title={
                  text.customer ? (
                    <Link to={`/customer/customerdetail?id=${text.customer.id}`}>{text.customer.name}</Link>
                  ) : (
                    `${t('common.messageLog.unknownSender')} ${text.fromPhone}`
                  )
                }
                description={
                  <>
                    <Typography.Text>{text.body}</Typography.Text>{' '}
                    <Typography.Text type="secondary">{moment(text.receivedAt)}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
