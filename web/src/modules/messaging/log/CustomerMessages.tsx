import type { CustomerMessage } from '@tidyhouse/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ListPage';
import { useMessageColumns } from './MessageColumns';

export const CUSTOMER_MESSAGES_URL = '/connectRecord/messageList';

/** The customer's messages in the communications log: sent (every status) and texts received, newest first. */
export function CustomerMessages({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const columns = useMessageColumns(true);
  return (
    <div data-testid="customer-messages">
      <Typography.Title level={5}>{t('common.messageLog.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('common.messageLog.customerHint')}</Typography.Paragraph>
      <ListPage<CustomerMessage, object>
        url={CUSTOMER_MESSAGES_URL}
        rowKey="key"
        columns={columns}
        initialFilters={{}}
        toRequest={() => ({ customerId })}
        defaultPageSize={10}
      />
    </div>
  );
}
