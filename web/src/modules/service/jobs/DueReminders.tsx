import { useMutation, useQuery } from '@tanstack/react-query';
import type { JobDueReminder, ListResponse } from '@tidyhouse/contract';
import { Card, Checkbox, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { JOB_PATHS, jobDetailPath, useJobChanged } from './api';

export const DUE_REMINDERS_KEY = ['job', 'dueReminders'] as const;
/** One page of the due list: the office works it down every day; more waits for the next page of work. */
const DUE_PAGE = 50;

/** On the Job List: the reminders not done that are due today or overdue; marking one done removes it. */
export function DueReminders() {
  const { t } = useTranslation();
  const canEdit = useHasPermission('/service/workdeatil');
  const changed = useJobChanged();
  const due = useQuery({
    queryKey: DUE_REMINDERS_KEY,
    queryFn: () => post<ListResponse<JobDueReminder>>(JOB_PATHS.dueReminders, { pageNum: 1, pageSize: DUE_PAGE }),
  });
  const done = useMutation({
    mutationFn: (id: number) => post(JOB_PATHS.reminderDone, { id, done: true }),
    onSuccess: () => showSuccess(t('service.reminders.markedDone')),
    onSettled: changed,
  });
  const columns: TableColumnsType<JobDueReminder> = [
    {
      key: 'done',
      title: t('service.reminders.done'),
      width: 80,
      render: (_, row) => (
        <Checkbox
          checked={false}
          disabled={!canEdit || done.isPending}
          aria-label={t('service.reminders.doneOf', { note: row.note })}
          onChange={() => done.mutate(row.id)}
        />
      ),
    },
    { key: 'dueDate', title: t('service.reminders.dueDate'), width: 130, render: (_, row) => row.dueDate },
    {
      key: 'job',
      title: t('service.jobs.reference'),
      render: (_, row) => <Link to={jobDetailPath(row.jobId)}>{row.jobReference}</Link>,
    },
    { key: 'customer', title: t('service.jobs.customer'), render: (_, row) => row.customer.name },
    { key: 'serviceDate', title: t('service.job.serviceDate'), render: (_, row) => row.serviceDate ?? '—' },
    { key: 'note', title: t('service.reminders.note'), render: (_, row) => row.note },
    { key: 'assignee', title: t('service.job.assignee'), render: (_, row) => row.assignee?.name ?? '—' },
  ];
  const total = due.data?.total ?? 0;
  return (
    <Card
      size="small"
      title={
        <span>
          {t('service.reminders.dueTitle')} {total > 0 ? <Tag color="orange">{total}</Tag> : null}
        </span>
      }
      data-testid="due-reminders"
    >
      {due.isError ? (
        <LoadFailed onRetry={() => void due.refetch()} />
      ) : (
        <Table<JobDueReminder>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={due.data?.list ?? []}
          loading={due.isPending}
          pagination={false}
          scroll={{ y: 240 }}
          locale={{ emptyText: t('service.reminders.noneDue') }}
          footer={total > DUE_PAGE ? () => t('service.reminders.moreDue', { count: total - DUE_PAGE }) : undefined}
        />
      )}
    </Card>
  );
}
