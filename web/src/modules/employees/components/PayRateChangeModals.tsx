import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayRate } from '@tidyhouse/contract';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { URLS } from '../api';
import { centsToDollars, dollarsToCents, fromDay, type PayRateFormValues, toDay } from '../convert';
import { PayRateFields } from './PayRateFields';

/** After a change of a rate: the history and the rate in force are asked again. */
function useRefreshPay() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.payList) }),
      queryClient.invalidateQueries({ queryKey: ['employees', 'currentPay'] }),
    ]);
}

const ReasonField = () => {
  const { t } = useTranslation();
  return (
    <Form.Item name="reason" label={t('employees.pay.reason')} rules={[required('validation.reasonRequired')]}>
      <Input.TextArea rows={2} maxLength={500} showCount />
    </Form.Item>
  );
};

type CorrectValues = PayRateFormValues & { reason: string };

/**
 * Corrects a rate (amount, type, labor type, date, note) with a reason, logged; the server refuses
 * once wages for its dates are approved, with the reason.
 */
export function PayRateCorrectModal({ rate, onClose }: { rate: PayRate; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CorrectValues>();
  const refresh = useRefreshPay();
  const correct = useMutation({
    mutationFn: (values: CorrectValues) =>
      post('/sysUserPay/correct', {
        id: rate.id,
        version: rate.version,
        payType: values.payType,
        rateCents: dollarsToCents(values.rate),
        laborTypeId: values.laborTypeId ?? null,
        isPaid: values.isPaid,
        effectiveFrom: fromDay(values.effectiveFrom) ?? '',
        note: values.note?.trim() ?? '',
        reason: values.reason.trim(),
      }),
    onSuccess: () => {
      showSuccess(t('employees.pay.corrected'));
      onClose();
    },
    onSettled: refresh,
  });
  return (
    <ActionModal
      title={t('employees.pay.correctTitle', { date: rate.effectiveFrom })}
      onOk={form.submit}
      onClose={onClose}
      saving={correct.isPending}
      width={560}
    >
      <Typography.Paragraph type="secondary">{t('employees.pay.correctHint')}</Typography.Paragraph>
      <Form<CorrectValues>
        form={form}
        layout="vertical"
        initialValues={{
          payType: rate.payType,
          rate: centsToDollars(rate.rateCents),
          laborTypeId: rate.laborTypeId,
          isPaid: rate.isPaid,
          effectiveFrom: toDay(rate.effectiveFrom),
          note: rate.note,
          reason: '',
        }}
        onFinish={(values) => correct.mutate(values)}
        data-testid="pay-correct-form"
      >
        <PayRateFields />
        <ReasonField />
      </Form>
    </ActionModal>
  );
}

/** Removes a scheduled rate or the rate in force (entered by mistake), with a reason, logged. */
export function PayRateRemoveModal({ rate, onClose }: { rate: PayRate; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const refresh = useRefreshPay();
  const remove = useMutation({
    mutationFn: ({ reason }: { reason: string }) => post('/sysUserPay/remove', { id: rate.id, reason: reason.trim() }),
    onSuccess: () => {
      showSuccess(t('employees.pay.removed'));
      onClose();
    },
    onSettled: refresh,
  });
  return (
    <ActionModal
      title={t('employees.pay.removeTitle', { date: rate.effectiveFrom })}
      onOk={form.submit}
      onClose={onClose}
      saving={remove.isPending}
      danger
      okText={t('employees.pay.remove')}
    >
      <Form form={form} layout="vertical" initialValues={{ reason: '' }} onFinish={(values) => remove.mutate(values)}>
        <ReasonField />
      </Form>
    </ActionModal>
  );
}
