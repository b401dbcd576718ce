import type { CustomerMessage } from '@tidyhouse/contract';
import { Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessageColumns } from './MessageColumns';

/** The messages sent to the customer about one job (the job detail's answer: the latest 50). */
export function JobMessages({ messages }: { messages: CustomerMessage[] }) {
  const { t } = useTranslation();
  const columns = useMessageColumns(false);
  if (messages.length === 0) return <Empty description={t('common.messageLog.none')} data-testid="job-messages-empty" />;
  return (
    <Table<CustomerMessage>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={messages}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="job-messages"
    />
  );
}
