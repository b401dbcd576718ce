import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { JobDetail, JobReminder } from '@tidyhouse/contract';
import { Checkbox, DatePicker, Flex, Form, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { DeleteButton } from '@/components/DeleteButton';
import { required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { toIsoDate, useBusinessClock, useMomentText } from '../shared';
import { JOB_PATHS, useJobChanged } from './api';

/** Reminders of the job: a due date and a note, marked done or undone; overdue ones stand out. */
export function RemindersTab({ detail }: { detail: JobDetail }) {
  const { t } = useTranslation();
  const moment = useMomentText();
  const today = useBusinessClock().data?.today;
  const canEdit = useHasPermission('/service/workdeatil');
  const changed = useJobChanged();
  const [adding, setAdding] = useState(false);
  const toggle = useMutation({
    mutationFn: ({ id, done }: { id: number; done: boolean }) => post(JOB_PATHS.reminderDone, { id, done }),
    onSuccess: (_data, { done }) => showSuccess(done ? t('service.reminders.markedDone') : t('service.reminders.markedUndone')),
    onSettled: changed,
  });
  const remove = useMutation({
    mutationFn: (id: number) => post(JOB_PATHS.removeReminder, { id }),
    onSuccess: () => showSuccess(t('service.reminders.removed')),
    onSettled: changed,
  });
  const columns: TableColumnsType<JobReminder> = [
    {
      key: 'done',
      title: t('service.reminders.done'),
      width: 80,
      render: (_, row) => (
        <Checkbox
          checked={row.done}
          disabled={!canEdit || toggle.isPending}
          aria-label={t('service.reminders.doneOf', { note: row.note })}
          onChange={(event) => toggle.mutate({ id: row.id, done: event.target.checked })}
        />
      ),
    },
    {
      key: 'dueDate',
      title: t('service.reminders.dueDate'),
      render: (_, row) => (
        <span>
          {row.dueDate}{' '}
          {!row.done && today && row.dueDate < today ? <Tag color="red">{t('service.reminders.overdue')}</Tag> : null}
          {!row.done && today && row.dueDate === today ? <Tag color="orange">{t('service.reminders.dueToday')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'note',
      title: t('service.reminders.note'),
      render: (_, row) => <Typography.Text delete={row.done}>{row.note}</Typography.Text>,
    },
    {
      key: 'doneBy',
      title: t('service.reminders.doneBy'),
      render: (_, row) => (row.done ? `${row.doneBy?.name ?? ''} ${moment(row.doneAt)}` : ''),
    },
    {
      key: 'remove',
      width: 56,
      render: (_, row) => (canEdit ? <DeleteButton size="small" iconOnly onConfirm={() => remove.mutateAsync(row.id)} /> : null),
    },
  ];
  return (
    <Flex vertical gap={12}>
      {canEdit ? (
        <GuardedButton icon={<PlusOutlined />} style={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          {t('service.reminders.add')}
        </GuardedButton>
      ) : null}
      <Table<JobReminder>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={detail.reminders}
        pagination={false}
        locale={{ emptyText: t('service.reminders.none') }}
        data-testid="job-reminders"
      />
      {adding ? <AddReminderModal jobId={detail.job.id} onClose={() => setAdding(false)} /> : null}
    </Flex>
  );
}

function AddReminderModal({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const changed = useJobChanged();
  const [form] = Form.useForm<{ dueDate?: Dayjs | null; note?: string }>();
  const add = useMutation({
    mutationFn: (values: { dueDate?: Dayjs | null; note?: string }) =>
      post(JOB_PATHS.addReminder, { jobId, dueDate: toIsoDate(values.dueDate) ?? '', note: values.note?.trim() ?? '' }),
    onSuccess: () => {
      showSuccess(t('service.reminders.added'));
      onClose();
    },
    onSettled: changed,
  });
  return (
    <ActionModal title={t('service.reminders.addTitle')} onOk={form.submit} onClose={onClose} saving={add.isPending}>
      <Form form={form} name="job-reminder" layout="vertical" onFinish={(values) => add.mutate(values)}>
        <Form.Item name="dueDate" label={t('service.reminders.dueDate')} rules={[required('validation.dueDateRequired')]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="note" label={t('service.reminders.note')} rules={[required('validation.reminderNoteRequired')]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
