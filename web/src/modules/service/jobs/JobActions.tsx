import { useMutation } from '@tanstack/react-query';
import {
  JOB_CANCEL_REASON_TITLES,
  JOB_CANCEL_REASONS,
  JOB_RECLEAN_FROM,
  type JobDetail,
  type JobSaved,
  type JobStatus,
  type JobUpdateStateRequest,
  NUMBER_RANGES,
} from '@tidyhouse/contract';
import { App, DatePicker, Form, Input, InputNumber, Select, Space, TimePicker } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionModal } from '@/components/ActionModal';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange, required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { showCausedConflicts } from '@/lib/conflicts';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { fromIsoDate, fromTimeText, refOptions, toIsoDate, toTimeText, useServiceOptions } from '../shared';
import { JOB_PATHS, useJobChanged } from './api';
import { jobDetailPath } from './JobListPage';
import { centsOrNull } from './jobForm';

type Dialog = 'scheduled' | 'completed' | 'uncompleted' | 'cancelled' | 'reclean' | null;

/**
 * The status actions the job's status allows (the server's list), each asking first. `except` leaves
 * some out where the screen offers its own way (the board's drawer places a job with the board's move).
 */
export function JobActions({ detail, except = [] }: { detail: JobDetail; except?: readonly JobStatus[] }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canEdit = useHasPermission('/service/workdeatil');
  const changed = useJobChanged();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { job, allowedTransitions } = detail;
  const allowed = (status: JobStatus) => allowedTransitions.includes(status) && !except.includes(status);

  const unschedule = useMutation({
    mutationFn: () => post<JobSaved>(JOB_PATHS.updateState, { id: job.id, version: job.version, status: 'unscheduled' }),
    onSuccess: () => showSuccess(t('service.job.saved')),
    onSettled: changed,
  });

  if (!canEdit) return null;
  const button = (status: Exclude<Dialog, null>, danger = false) => (
    <GuardedButton
      key={status}
      danger={danger}
      type={status === 'scheduled' || status === 'completed' ? 'primary' : 'default'}
      onClick={() => setDialog(status)}
    >
      {t(`service.job.actions.${status}`)}
    </GuardedButton>
  );
  return (
    <Space wrap align="start" data-testid="job-actions">
      {allowed('scheduled') ? button('scheduled') : null}
      {allowed('completed') ? button('completed') : null}
      {allowed('uncompleted') ? button('uncompleted') : null}
      {allowed('unscheduled') ? (
        <GuardedButton
          onClick={() =>
            modal.confirm({
              title: t('service.job.unscheduleConfirm', { reference: job.reference }),
              okText: t('common.actions.confirm'),
              cancelText: t('common.actions.cancel'),
              onOk: () => unschedule.mutateAsync().catch(() => undefined),
            })
          }
        >
          {t('service.job.actions.unscheduled')}
        </GuardedButton>
      ) : null}
      {allowed('cancelled') ? button('cancelled', true) : null}
      {JOB_RECLEAN_FROM.includes(job.status) ? button('reclean') : null}
      {dialog === 'reclean' ? (
        <RecleanModal detail={detail} onClose={() => setDialog(null)} />
      ) : dialog ? (
        <StateModal detail={detail} status={dialog} onClose={() => setDialog(null)} />
      ) : null}
    </Space>
  );
}

interface StateValues {
  teamId?: number;
  serviceDate?: ReturnType<typeof fromIsoDate>;
  startTime?: ReturnType<typeof fromTimeText>;
  actualMinutes?: number | null;
  reason?: string;
  note?: string;
  fee?: string;
}

/** The body of /job/updateState for a target status from the dialog's values. */
export function stateRequest(
  status: Exclude<Dialog, 'reclean' | null>,
  values: StateValues,
  job: { id: number; version: number },
): JobUpdateStateRequest {
  const base = { id: job.id, version: job.version };
  switch (status) {
    case 'scheduled':
      return {
        ...base,
        status,
        teamId: values.teamId ?? 0,
        serviceDate: toIsoDate(values.serviceDate) ?? '',
        startTime: toTimeText(values.startTime) ?? '',
      };
    case 'completed':
      return { ...base, status, actualMinutes: values.actualMinutes ?? 0 };
    case 'uncompleted':
      return { ...base, status, reason: values.reason?.trim() ?? '' };
    case 'cancelled':
      return {
        ...base,
        status,
        reason: values.reason as (typeof JOB_CANCEL_REASONS)[number],
        note: values.note?.trim() ?? '',
        feeCents: centsOrNull(values.fee) ?? 0,
      };
  }
}

function StateModal({
  detail,
  status,
  onClose,
}: {
  detail: JobDetail;
  status: Exclude<Dialog, 'reclean' | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useServiceOptions();
  const changed = useJobChanged();
  const [form] = Form.useForm<StateValues>();
  const { job } = detail;
  const save = useMutation({
    mutationFn: (values: StateValues) => post<JobSaved>(JOB_PATHS.updateState, stateRequest(status, values, job)),
    onSuccess: (saved) => {
      showSuccess(t('service.job.saved'));
      showCausedConflicts(saved);
      onClose();
    },
    onSettled: changed,
  });
  const initialValues: StateValues = {
    teamId: job.team?.id ?? job.preferredTeam?.id ?? undefined,
    serviceDate: fromIsoDate(job.serviceDate),
    startTime: fromTimeText(job.startTime ?? job.windowStart),
    actualMinutes: job.actualMinutes ?? job.quotedMinutes,
    fee: '',
  };
  return (
    <ActionModal
      title={t(`service.job.dialogs.${status}`, { reference: job.reference })}
      onOk={form.submit}
      onClose={onClose}
      saving={save.isPending}
      danger={status === 'cancelled'}
      okText={t(`service.job.actions.${status}`)}
    >
      <Form<StateValues>
        form={form}
        name={`job-${status}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
      >
        {status === 'scheduled' ? (
          <>
            <Form.Item name="teamId" label={t('service.jobs.team')} rules={[required('validation.teamRequired')]}>
              <Select options={refOptions(options.data?.teams)} loading={options.isPending} data-testid="schedule-team" />
            </Form.Item>
            <Form.Item name="serviceDate" label={t('service.job.serviceDate')} rules={[required('validation.dateFormat')]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="startTime"
              label={t('service.job.startTime')}
              rules={[required('validation.timeFormat')]}
              extra={t('service.common.localTime')}
            >
              <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : null}
        {status === 'completed' ? (
          <Form.Item
            name="actualMinutes"
            label={t('service.job.actualMinutesInput')}
            extra={t('service.job.actualMinutesHint')}
            rules={[required('rule.required'), numberRange(NUMBER_RANGES.jobDurationMinutes, 'service.job.actualMinutesInput')]}
          >
            <InputNumber style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        {status === 'uncompleted' ? (
          <Form.Item name="reason" label={t('service.job.reason')} rules={[required('validation.reasonRequired')]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        ) : null}
        {status === 'cancelled' ? (
          <>
            <Form.Item name="reason" label={t('service.job.cancelReason')} rules={[required('validation.cancelReasonRequired')]}>
              <Select
                data-testid="cancel-reason"
                options={JOB_CANCEL_REASONS.map((r) => ({ value: r, label: JOB_CANCEL_REASON_TITLES[r][locale] }))}
              />
            </Form.Item>
            <Form.Item name="note" label={t('service.job.cancelNote')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
            <Form.Item
              name="fee"
              label={t('service.job.cancelFee')}
              extra={t('service.job.cancelFeeHint')}
              rules={[numberRange(NUMBER_RANGES.cancelFeeCents, 'service.job.cancelFee')]}
            >
              <DecimalInput prefix="$" style={{ width: 200 }} />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </ActionModal>
  );
}

/** A re-clean: a new job at the same place, linked to this one, at no charge; opens it once made. */
function RecleanModal({ detail, onClose }: { detail: JobDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const changed = useJobChanged();
  const [form] = Form.useForm<{ reason?: string; serviceDate?: ReturnType<typeof fromIsoDate> }>();
  const { job } = detail;
  const save = useMutation({
    mutationFn: (values: { reason?: string; serviceDate?: ReturnType<typeof fromIsoDate> }) =>
      post<JobSaved>(JOB_PATHS.reclean, {
        id: job.id,
        reason: values.reason?.trim() ?? '',
        serviceDate: toIsoDate(values.serviceDate),
      }),
    onSuccess: (saved) => {
      showSuccess(t('service.job.recleanMade', { reference: saved.reference }));
      onClose();
      navigate(jobDetailPath(saved.id));
    },
    onSettled: changed,
  });
  return (
    <ActionModal
      title={t('service.job.dialogs.reclean', { reference: job.reference })}
      onOk={form.submit}
      onClose={onClose}
      saving={save.isPending}
      okText={t('service.job.actions.reclean')}
    >
      <Form form={form} name="job-reclean" layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item name="reason" label={t('service.job.reason')} rules={[required('validation.reasonRequired')]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item name="serviceDate" label={t('service.job.serviceDate')} extra={t('service.job.recleanDateHint')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
