import { useMutation } from '@tanstack/react-query';
import type { PlanDetail, PlanOccurrenceResult, PlanStateResult, PlanVisit } from '@tidyhouse/contract';
import { DatePicker, Form, Input, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { fromIsoDate, fromTimeText, toIsoDate, toTimeText } from '../shared';

/** A dialog of one plan action: its form, the call it makes, the message after. */
function PlanActionModal<Values extends object>({
  title,
  okText,
  danger,
  initialValues,
  send,
  done,
  onClose,
  onDone,
  children,
}: {
  title: ReactNode;
  okText: ReactNode;
  danger?: boolean;
  initialValues?: Partial<Values>;
  send: (values: Values) => Promise<unknown>;
  done: string;
  onClose: () => void;
  onDone: () => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<Values>();
  const action = useMutation({
    mutationFn: send,
    onSuccess: () => {
      showSuccess(done);
      onClose();
    },
    onSettled: onDone,
  });
  return (
    <ActionModal title={title} okText={okText} danger={danger} onOk={form.submit} onClose={onClose} saving={action.isPending}>
      <Form<Values> form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => action.mutate(values)}>
        {children}
      </Form>
    </ActionModal>
  );
}

interface Common {
  plan: PlanDetail;
  onClose: () => void;
  onDone: () => void;
}

export function SkipModal({ plan, visit, onClose, onDone }: Common & { visit: PlanVisit }) {
  const { t } = useTranslation();
  const date = visit.occurrenceDate ?? visit.date;
  return (
    <PlanActionModal<{ reason?: string }>
      title={t('service.plans.skipTitle', { date })}
      okText={t('service.plans.skip')}
      danger
      send={({ reason }) =>
        post<PlanOccurrenceResult>('/servicePlan/skipOccurrence', {
          id: plan.id,
          occurrenceDate: date,
          reason: reason?.trim() ?? '',
        })
      }
      done={t('service.plans.skipped', { date })}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="reason" label={t('service.job.reason')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </PlanActionModal>
  );
}

export function MoveModal({ plan, visit, onClose, onDone }: Common & { visit: PlanVisit }) {
  const { t } = useTranslation();
  const date = visit.occurrenceDate ?? visit.date;
  return (
    <PlanActionModal<{ toDate?: Dayjs | null; startTime?: Dayjs | null }>
      title={t('service.plans.moveTitle', { date })}
      okText={t('service.plans.move')}
      initialValues={{ toDate: fromIsoDate(visit.date), startTime: fromTimeText(visit.startTime) }}
      send={({ toDate, startTime }) =>
        post<PlanOccurrenceResult>('/servicePlan/moveOccurrence', {
          id: plan.id,
          occurrenceDate: date,
          toDate: toIsoDate(toDate) ?? '',
          startTime: toTimeText(startTime),
        })
      }
      done={t('service.plans.moved')}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="toDate" label={t('service.plans.toDate')} rules={[required('validation.dateFormat')]}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="startTime" label={t('service.job.startTime')} extra={t('service.common.localTime')}>
        <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
      </Form.Item>
    </PlanActionModal>
  );
}

export function PauseModal({ plan, onClose, onDone }: Common) {
  const { t } = useTranslation();
  return (
    <PlanActionModal<{ fromDate?: Dayjs | null; reason?: string }>
      title={t('service.plans.pauseTitle', { reference: plan.reference })}
      okText={t('service.plans.pause')}
      send={({ fromDate, reason }) =>
        post<PlanStateResult>('/servicePlan/pause', {
          id: plan.id,
          version: plan.version,
          fromDate: toIsoDate(fromDate),
          reason: reason?.trim() ?? '',
        })
      }
      done={t('service.plans.paused')}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="fromDate" label={t('service.plans.fromDate')} extra={t('service.plans.pauseHint')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('service.job.reason')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </PlanActionModal>
  );
}

export function ResumeModal({ plan, onClose, onDone }: Common) {
  const { t } = useTranslation();
  return (
    <PlanActionModal<{ fromDate?: Dayjs | null }>
      title={t('service.plans.resumeTitle', { reference: plan.reference })}
      okText={t('service.plans.resume')}
      send={({ fromDate }) =>
        post<PlanStateResult>('/servicePlan/resume', { id: plan.id, version: plan.version, fromDate: toIsoDate(fromDate) })
      }
      done={t('service.plans.resumed')}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="fromDate" label={t('service.plans.fromDate')} extra={t('service.plans.resumeHint')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </PlanActionModal>
  );
}

export function CancelPlanModal({ plan, onClose, onDone }: Common) {
  const { t } = useTranslation();
  return (
    <PlanActionModal<{ fromDate?: Dayjs | null; reason?: string }>
      title={t('service.plans.cancelTitle', { reference: plan.reference })}
      okText={t('service.plans.cancel')}
      danger
      send={({ fromDate, reason }) =>
        post<PlanStateResult>('/servicePlan/cancel', {
          id: plan.id,
          version: plan.version,
          fromDate: toIsoDate(fromDate),
          reason: reason?.trim() ?? '',
        })
      }
      done={t('service.plans.cancelled')}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="reason" label={t('service.job.cancelReason')} rules={[required('validation.cancelReasonRequired')]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="fromDate" label={t('service.plans.fromDate')} extra={t('service.plans.cancelHint')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </PlanActionModal>
  );
}

export function NotesModal({ plan, onClose, onDone }: Common) {
  const { t } = useTranslation();
  return (
    <PlanActionModal<{ notes?: string }>
      title={t('service.plans.notesTitle', { reference: plan.reference })}
      okText={t('common.actions.save')}
      initialValues={{ notes: plan.notes }}
      send={({ notes }) => post('/servicePlan/modify', { id: plan.id, version: plan.version, notes: notes?.trim() ?? '' })}
      done={t('service.plans.saved')}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="notes" label={t('service.plans.notes')}>
        <Input.TextArea rows={4} maxLength={2000} />
      </Form.Item>
    </PlanActionModal>
  );
}
