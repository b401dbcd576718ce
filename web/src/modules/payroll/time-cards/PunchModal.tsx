import {
  type AttendanceDay,
  type AttendanceResponse,
  Code,
  type PunchView,
  parsePunchTime,
  TIME_PUNCH_KINDS,
} from '@tidyhouse/contract';
import { Alert, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { ApiError } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { TIME_CARD_PATHS, useTimeCardWrite } from './api';

interface PunchForm {
  kind: PunchView['kind'];
  startTime: string;
  endTime?: string;
  jobId?: number;
  laborTypeId?: number;
  note?: string;
  reason?: string;
}

export interface PunchModalProps {
  day: AttendanceDay;
  employeeName: string;
  laborTypes: AttendanceResponse['laborTypes'];
  /** The punch to correct; absent: a new punch. */
  punch?: PunchView;
  onClose: () => void;
}

/** Add or correct a punch; a correction needs a reason (kept in the operation log). */
export function PunchModal({ day, employeeName, laborTypes, punch, onClose }: PunchModalProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<PunchForm>();
  const kind = Form.useWatch('kind', form);
  const add = useTimeCardWrite<unknown>(TIME_CARD_PATHS.addPunch);
  const update = useTimeCardWrite<unknown>(TIME_CARD_PATHS.updatePunch);
  const saving = add.isPending || update.isPending;
  /** The server's refusal (10010: the period was approved or the day closed meanwhile), kept in the dialog. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (values: PunchForm) => {
    const fields = {
      kind: values.kind,
      // '7:30 pm', '0730' … as typed, sent as the HH:MM the API takes (the rule has refused what is not a time).
      startTime: parsePunchTime(values.startTime) ?? values.startTime,
      endTime: values.endTime?.trim() ? (parsePunchTime(values.endTime) ?? values.endTime.trim()) : null,
      jobId: values.kind === 'job' ? values.jobId : null,
      laborTypeId: values.kind === 'labor' ? values.laborTypeId : null,
      note: values.note ?? '',
    };
    const done = punch
      ? update.mutateAsync({ id: punch.id, version: punch.version, ...fields, reason: values.reason ?? '' })
      : add.mutateAsync({ userId: day.userId, workDate: day.workDate, ...fields, reason: values.reason ?? '' });
    done.then(
      () => {
        showSuccess(t(punch ? 'payroll.timeCard.punch.corrected' : 'payroll.timeCard.punch.added'));
        onClose();
      },
      // The server's message has been shown; a refusal also stays in the dialog, which stays open to cancel.
      (error: unknown) => {
        if (error instanceof ApiError && error.code === Code.REFUSED) setRefusal(error.message);
      },
    );
  };

  const timeRule = {
    validator: (_rule: unknown, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || parsePunchTime(value) !== null
        ? Promise.resolve()
        : Promise.reject(new Error('time')),
    message: t('payroll.timeCard.punch.timeFormat'),
  };
  return (
    <ActionModal
      title={t(punch ? 'payroll.timeCard.punch.editTitle' : 'payroll.timeCard.punch.addTitle', {
        name: employeeName,
        date: day.workDate,
      })}
      onOk={() => form.submit()}
      onClose={onClose}
      saving={saving}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="punch-refusal" />}
      <Form<PunchForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        data-testid="punch-form"
        initialValues={
          punch
            ? {
                kind: punch.kind,
                startTime: punch.startTime,
                endTime: punch.endTime ?? '',
                jobId: punch.jobId ?? undefined,
                laborTypeId: punch.laborTypeId ?? undefined,
                note: punch.note,
              }
            : { kind: 'shift' }
        }
      >
        <Form.Item name="kind" label={t('payroll.timeCard.punch.kind')} rules={[{ required: true }]}>
          <Select
            aria-label={t('payroll.timeCard.punch.kind')}
            options={TIME_PUNCH_KINDS.map((k) => ({ value: k, label: t(`payroll.timeCard.kinds.${k}`) }))}
          />
        </Form.Item>
        {kind === 'job' && (
          <Form.Item
            name="jobId"
            label={t('payroll.timeCard.punch.job')}
            rules={[{ required: true, message: t('payroll.timeCard.punch.jobRequired') }]}
          >
            <Select
              aria-label={t('payroll.timeCard.punch.job')}
              options={day.teamJobs.map((j) => ({ value: j.id, label: `${j.reference} ${j.startTime ?? ''}` }))}
              notFoundContent={t('payroll.timeCard.punch.noJobs')}
            />
          </Form.Item>
        )}
        {kind === 'labor' && (
          <Form.Item
            name="laborTypeId"
            label={t('payroll.timeCard.punch.laborType')}
            rules={[{ required: true, message: t('payroll.timeCard.punch.laborTypeRequired') }]}
          >
            <Select
              aria-label={t('payroll.timeCard.punch.laborType')}
              options={laborTypes.map((l) => ({ value: l.id, label: locale === 'zh' ? l.nameZh : l.nameEn }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="startTime"
          label={t('payroll.timeCard.punch.start')}
          rules={[{ required: true, message: t('payroll.timeCard.punch.startRequired') }, timeRule]}
        >
          <Input placeholder="08:00" aria-label={t('payroll.timeCard.punch.start')} />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('payroll.timeCard.punch.end')}
          extra={t('payroll.timeCard.punch.endHelp')}
          rules={[timeRule]}
        >
          <Input placeholder="16:30" aria-label={t('payroll.timeCard.punch.end')} />
        </Form.Item>
        <Form.Item name="note" label={t('payroll.timeCard.punch.note')}>
          <Input maxLength={500} aria-label={t('payroll.timeCard.punch.note')} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('payroll.timeCard.punch.reason')}
          rules={punch ? [{ required: true, whitespace: true, message: t('payroll.timeCard.punch.reasonRequired') }] : []}
        >
          <Input.TextArea rows={2} maxLength={500} aria-label={t('payroll.timeCard.punch.reason')} />
        </Form.Item>
        {punch && <Typography.Text type="secondary">{t('payroll.timeCard.punch.reasonHelp')}</Typography.Text>}
      </Form>
    </ActionModal>
  );
}
