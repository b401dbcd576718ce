import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamOutage } from '@tidyhouse/contract';
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { showCausedConflicts } from '@/lib/conflicts';
import { loadFailureText, post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { invalidateTeams, useTeamDetail } from '../../api';
import { DATE_FORMAT, fromDay } from '../../convert';

interface OutageValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  reason?: string;
}

/** A team's outages (date ranges it is out, with a reason): list, add, remove. */
export function OutagesModal({ team, onClose }: { team: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OutageValues>();
  const queryClient = useQueryClient();
  const detail = useTeamDetail(team.id);
  const add = useMutation({
    mutationFn: ({ range, reason }: OutageValues) =>
      post('/ygTeam/addOutage', {
        teamId: team.id,
        startDate: fromDay(range?.[0]) ?? '',
        endDate: fromDay(range?.[1]) ?? '',
        reason: reason?.trim() ?? '',
      }),
    onSuccess: (saved) => {
      showSuccess(t('employees.outages.added'));
      showCausedConflicts(saved);
      form.resetFields();
    },
    onSettled: () => invalidateTeams(queryClient),
  });
  const remove = useMutation({
    mutationFn: (outage: TeamOutage) => post('/ygTeam/removeOutage', { id: outage.id }),
    onSuccess: () => showSuccess(t('employees.outages.removed')),
    onSettled: () => invalidateTeams(queryClient),
  });

  const columns: TableColumnsType<TeamOutage> = [
    { key: 'startDate', dataIndex: 'startDate', title: t('employees.outages.startDate') },
    { key: 'endDate', dataIndex: 'endDate', title: t('employees.outages.endDate') },
    { key: 'reason', dataIndex: 'reason', title: t('employees.outages.reason') },
    {
      key: 'actions',
      title: t('employees.list.actions'),
      render: (_value, outage) => <DeleteButton type="link" size="small" onConfirm={() => remove.mutateAsync(outage)} />,
    },
  ];

  return (
    <Modal
      open
      width={720}
      title={t('employees.outages.title', { name: team.name })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('employees.actions.close')}</Button>}
    >
      <Form<OutageValues> form={form} layout="inline" onFinish={(values) => add.mutate(values)} style={{ marginBottom: 16 }}>
        <Form.Item name="range" label={t('employees.outages.dates')} rules={[required('validation.startDateRequired')]}>
          <DatePicker.RangePicker format={DATE_FORMAT} />
        </Form.Item>
        <Form.Item name="reason" label={t('employees.outages.reason')} rules={[required('validation.reasonRequired')]}>
          <Input maxLength={500} style={{ width: 200 }} />
        </Form.Item>
        <GuardedButton type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
          {t('employees.outages.add')}
        </GuardedButton>
      </Form>
      {detail.isError ? (
        <Flex>
          <Alert
            type="error"
            showIcon
            title={loadFailureText(detail.error, t('employees.common.loadFailed'))}
            action={
              <Button size="small" onClick={() => void detail.refetch()}>
                {t('common.actions.retry')}
              </Button>
            }
          />
        </Flex>
      ) : (
        <Table<TeamOutage>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={detail.data?.outages ?? []}
          loading={detail.isFetching}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
        />
      )}
    </Modal>
  );
}
