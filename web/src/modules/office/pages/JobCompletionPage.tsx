import { type CompletionBulkResult, type CompletionJob, formatCents, type JobStatus, type Locale } from '@tidyhouse/contract';
import { Alert, App, Button, Modal, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/LoadFailed';
import { useMomentFormat } from '@/lib/dateTime';
import { useScreenTitle } from '@/lib/screens';
import { useBulkConfirm, useCompletionList, useResolveFieldConflict } from '../day/api';
import { ConfirmJobModal } from '../day/ConfirmJobModal';
import { DayToolbar, useOfficeDate } from '../day/DayToolbar';

const STATUS_COLORS: Record<string, string> = {
  scheduled: 'blue',
  completed: 'green',
  uncompleted: 'orange',
  cancelled: 'default',
  closed: 'purple',
  unscheduled: 'red',
};

/** What the crew reported from the field app (issue 21): done (the office still confirms), a conflict, their note. */
function FieldReport({ job }: { job: CompletionJob }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const moment = useMomentFormat();
  const resolve = useResolveFieldConflict();
  const resolveConflict = async () => {
    await resolve.mutateAsync({ jobId: job.id });
    void message.success(t('office.completion.conflictResolved', { reference: job.reference }));
  };
  return (
    <>
      {job.fieldState === 'done' && (
        <Tag
          color="cyan"
          title={job.reportedDoneAt ? t('office.completion.reportedDoneAt', { at: moment(job.reportedDoneAt) }) : undefined}
          data-testid={`reported-${job.reference}`}
        >
          {t('office.completion.reportedDone')}
        </Tag>
      )}
      {job.fieldConflict && (
        <Tag color="red" title={t('office.completion.fieldConflictTitle')} data-testid={`field-conflict-${job.reference}`}>
          {t('office.completion.fieldConflict')}
        </Tag>
      )}
      {job.fieldConflict && (
        <Popconfirm
          title={t('office.completion.resolveConflictConfirm', { reference: job.reference })}
          onConfirm={() => resolveConflict().catch(() => undefined)}
        >
          <Button size="small" type="link" loading={resolve.isPending} data-testid={`resolve-conflict-${job.reference}`}>
            {t('office.completion.resolveConflict')}
          </Button>
        </Popconfirm>
      )}
      {job.fieldNote && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }}>
          {t('office.completion.fieldNote', { note: job.fieldNote })}
        </Typography.Paragraph>
      )}
    </>
  );
}

function CompletionBody({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  const list = useCompletionList(date);
  const bulk = useBulkConfirm();
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<CompletionJob | null>(null);
  const [summary, setSummary] = useState<CompletionBulkResult | null>(null);

  if (list.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="office-loading" />;
  if (list.isError || !list.data) return <LoadFailed title={t('office.day.loadFailed')} onRetry={() => void list.refetch()} />;
  const closed = list.data.dayStatus === 'closed';

  const askBulk = async () => setSummary(await bulk.mutateAsync({ date, ids: selected, apply: false }));
  const applyBulk = async () => {
    const done = await bulk.mutateAsync({ date, ids: selected, apply: true });
    setSummary(null);
    setSelected([]);
    void message.success(t('office.completion.bulkDone', { count: done.jobs.length }));
  };

  return (
    <>
      {closed && <Alert type="info" showIcon title={t('office.day.closedNotice')} style={{ marginBottom: 12 }} />}
      <Button
        disabled={closed || selected.length === 0}
        loading={bulk.isPending}
        onClick={() => void askBulk().catch(() => undefined)}
        style={{ marginBottom: 12 }}
        data-testid="bulk-confirm"
      >
        {t('office.completion.bulk', { count: selected.length })}
      </Button>
      <Table<CompletionJob>
        rowKey="id"
        size="small"
        dataSource={list.data.list}
        pagination={false}
        loading={list.isFetching}
        locale={{ emptyText: t('office.completion.empty') }}
        data-testid="completion-table"
        rowSelection={
          closed
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (job) => ({ disabled: job.status !== 'scheduled' }),
              }
        }
        columns={[
          {
            title: t('office.completion.col.reference'),
            dataIndex: 'reference',
            render: (reference: string, job) => <Link to={`/service/workdeatil?id=${job.id}`}>{reference}</Link>,
          },
          { title: t('office.completion.col.team'), render: (_, job) => job.team?.name ?? '—' },
          { title: t('office.completion.col.customer'), render: (_, job) => job.customer.name },
          { title: t('office.completion.col.start'), dataIndex: 'startTime', render: (v: string | null) => v ?? '—' },
          { title: t('office.completion.col.planned'), dataIndex: 'plannedMinutes', align: 'right' },
          {
            title: t('office.completion.col.actual'),
            align: 'right',
            render: (_, job) => job.actualMinutes ?? (job.punchedMinutes !== null ? `(${job.punchedMinutes})` : '—'),
          },
          {
            title: t('office.completion.col.invoice'),
            align: 'right',
            render: (_, job) => formatCents(job.invoiceTotalCents, locale),
          },
          {
            title: t('office.completion.col.paid'),
            align: 'right',
            render: (_, job) => (
              <>
                {formatCents(job.paidCents, locale)}
                {job.cardQueued && <Tag style={{ marginLeft: 6 }}>{t('office.completion.cardQueued')}</Tag>}
              </>
            ),
          },
          {
            title: t('office.completion.col.status'),
            dataIndex: 'status',
            render: (status: JobStatus, job) => (
              <>
                <Tag color={STATUS_COLORS[status]}>{t(`office.status.${status}`)}</Tag>
                <FieldReport job={job} />
              </>
            ),
          },
          {
            title: t('office.completion.col.actions'),
            render: (_, job) =>
              job.status === 'scheduled' && !closed ? (
                <Button size="small" type="link" onClick={() => setConfirming(job)} data-testid={`confirm-${job.reference}`}>
                  {t('office.completion.confirm')}
                </Button>
              ) : null,
          },
        ]}
      />
      <ConfirmJobModal job={confirming} onClose={() => setConfirming(null)} />
      <Modal
        open={summary !== null}
        title={t('office.completion.bulkTitle')}
        okText={t('office.completion.bulkOk')}
        cancelText={t('office.day.cancel')}
        okButtonProps={{ disabled: !summary?.jobs.length }}
        confirmLoading={bulk.isPending}
        onOk={() => void applyBulk().catch(() => undefined)}
        onCancel={() => setSummary(null)}
        data-testid="bulk-summary"
      >
        {summary && (
          <>
            <Typography.Paragraph>
              {t('office.completion.bulkSummary', { count: summary.jobs.length, minutes: summary.totalMinutes })}
            </Typography.Paragraph>
            <ul>
              {summary.jobs.map((j) => (
                <li key={j.id}>{t('office.completion.bulkLine', { reference: j.reference, minutes: j.actualMinutes })}</li>
              ))}
            </ul>
            {summary.skipped.length > 0 && (
              <Typography.Paragraph type="secondary">
                {t('office.completion.bulkSkipped', { references: summary.skipped.map((s) => s.reference).join(', ') })}
              </Typography.Paragraph>
            )}
          </>
        )}
      </Modal>
    </>
  );
}

/** /office/completionconfirmat: confirm each job of a day as the teams report it. */
export default function JobCompletionPage() {
  const title = useScreenTitle('/office/completionconfirmat');
  const { date, today, go } = useOfficeDate();
  if (!date) return <Skeleton active paragraph={{ rows: 6 }} data-testid="office-loading" />;
  return (
    <div data-testid="job-completion">
      <DayToolbar title={title} date={date} today={today} go={go} closed={undefined} />
      <CompletionBody date={date} />
    </div>
  );
}
