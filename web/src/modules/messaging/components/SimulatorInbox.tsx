import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsSimInboxResponse, SmsSimMessage } from '@tidyhouse/contract';
import { Alert, AutoComplete, Button, Form, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';

const INBOX_KEY = ['smsSim', 'inbox'] as const;

/**
 * The text simulator's inbox (issue 22): the texts "sent" while no real provider is set, newest
 * first, and a reply from a phone (it reaches the server as the provider's inbound webhook:
 * STOP / START change the customer's opt-out). Refreshed every few seconds: delivery comes later.
 */
export function SimulatorInbox() {
  const { t } = useTranslation();
  const moment = useMomentFormat();
  const client = useQueryClient();
  const [form] = Form.useForm<{ from: string; body: string }>();
  const inbox = useQuery({
    queryKey: INBOX_KEY,
    queryFn: () => post<SmsSimInboxResponse>('/smsSim/inbox', {}),
    refetchInterval: 3000,
  });
  const reply = useMutation({
    mutationFn: (values: { from: string; body: string }) => post<SmsSimMessage>('/smsSim/reply', values),
    onSuccess: () => {
      showSuccess(t('messaging.smsSim.replied'));
      form.setFieldValue('body', '');
    },
    onSettled: () => void client.invalidateQueries({ queryKey: INBOX_KEY }),
  });

  if (inbox.isError) return <LoadFailed onRetry={() => void inbox.refetch()} />;
  if (inbox.data && !inbox.data.simulated) {
    return <Alert type="info" showIcon message={t('messaging.smsSim.notInUse')} />;
  }
  const list = inbox.data?.list ?? [];
  const phones = [...new Set(list.filter((m) => m.direction === 'outbound').map((m) => m.to))];

  const columns: TableColumnsType<SmsSimMessage> = [
    { key: 'at', title: t('messaging.smsSim.at'), render: (_, m) => moment(m.createdAt) },
    {
      key: 'direction',
      title: t('messaging.smsSim.direction'),
      render: (_, m) => (
        <Tag color={m.direction === 'inbound' ? 'purple' : 'blue'}>{t(`messaging.smsSim.directions.${m.direction}`)}</Tag>
      ),
    },
    { key: 'from', title: t('messaging.smsSim.from'), dataIndex: 'from' },
    { key: 'to', title: t('messaging.smsSim.to'), dataIndex: 'to' },
    {
      key: 'body',
      title: t('messaging.smsSim.body'),
      render: (_, m) => (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, maxWidth: 420 }} data-testid="sim-text">
          {m.body}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'status',
      title: t('messaging.smsSim.status'),
      render: (_, m) => (
        <span data-testid="sim-status">
          {t(`messaging.smsSim.statuses.${m.status}`, { defaultValue: t('messaging.smsSim.statuses.other') })}
        </span>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Text type="secondary">{t('messaging.smsSim.explain')}</Typography.Text>
      <Form form={form} layout="inline" onFinish={(values) => reply.mutate(values)}>
        <Form.Item
          name="from"
          label={t('messaging.smsSim.replyFrom')}
          rules={[{ required: true, message: t('messaging.smsSim.phoneRequired') }]}
        >
          <AutoComplete style={{ width: 180 }} options={phones.map((p) => ({ value: p }))} placeholder="+14155550100" />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('messaging.smsSim.replyText')}
          rules={[{ required: true, message: t('messaging.smsSim.textRequired') }]}
        >
          <Input style={{ width: 260 }} maxLength={640} placeholder={t('messaging.smsSim.replyHint')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={reply.isPending}>
            {t('messaging.smsSim.send')}
          </Button>
        </Form.Item>
      </Form>
      <Table<SmsSimMessage>
        rowKey="sid"
        size="small"
        columns={columns}
        dataSource={list}
        loading={inbox.isLoading}
        pagination={{ pageSize: 20 }}
      />
    </Space>
  );
}
