import {
  type CompletionConfirmRequest,
  type CompletionJob,
  centsToDecimalText,
  formatCents,
  type Locale,
  NUMBER_RANGES,
  parseMoneyToCents,
} from '@tidyhouse/contract';
import { App, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange } from '@/components/formRules';

import { GiftNumberField } from '../../marketing/gift-certificates/GiftNumberField';
import { useConfirmJob } from './api';

interface Values {
  outcome: 'completed' | 'uncompleted';
  actualMinutes: number;
  tip: string;
  method: 'none' | 'cash' | 'check' | 'gift_certificate' | 'card_queue';
  amount: string;
  checkNumber: string;
  giftCertificateNumber: string;
  recleanReason: string;
  reason: string;
}

/** Confirms one job: completed (minutes, tips, payment on site or a queued card charge, re-clean) or not. */
export function ConfirmJobModal({ job, onClose }: { job: CompletionJob | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const confirm = useConfirmJob();
  const outcome = Form.useWatch('outcome', form);
  const method = Form.useWatch('method', form);
  const amountText = Form.useWatch('amount', form) as string | undefined;
  const amountCents = amountText ? (parseMoneyToCents(amountText) ?? null) : null;
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;

  // Before the dialog is painted: set after paint, the defaults could undo a choice clicked in between.
  useLayoutEffect(() => {
    if (!job) return;
    form.setFieldsValue({
      outcome: 'completed',
      actualMinutes: job.punchedMinutes ?? job.plannedMinutes,
      tip: '',
      method: 'none',
      amount: centsToDecimalText(Math.max(0, job.invoiceTotalCents - job.paidCents)),
      checkNumber: '',
      giftCertificateNumber: '',
      recleanReason: '',
      reason: '',
    });
  }, [job, form]);

  const submit = async () => {
    if (!job) return;
    const v = await form.validateFields();
    const body: CompletionConfirmRequest =
      v.outcome === 'uncompleted'
        ? { id: job.id, version: job.version, outcome: 'uncompleted', reason: v.reason }
        : {
            id: job.id,
            version: job.version,
            outcome: 'completed',
            actualMinutes: v.actualMinutes,
            tipCents: parseMoneyToCents(v.tip || '0') ?? 0,
            recleanReason: v.recleanReason ?? '',
            payment:
              v.method === 'cash'
                ? { method: 'cash', amountCents: parseMoneyToCents(v.amount) ?? 0 }
                : v.method === 'check'
                  ? { method: 'check', amountCents: parseMoneyToCents(v.amount) ?? 0, checkNumber: v.checkNumber }
                  : v.method === 'gift_certificate'
                    ? {
                        method: 'gift_certificate',
                        amountCents: parseMoneyToCents(v.amount) ?? 0,
                        giftCertificateNumber: v.giftCertificateNumber,
                      }
                    : { method: v.method },
          };
    const done = await confirm.mutateAsync(body);
    void message.success(
      done.cardQueueSerial
        ? t('office.completion.confirmedQueued', { reference: job.reference, serial: done.cardQueueSerial })
        : t('office.completion.confirmed', { reference: job.reference }),
    );
    onClose();
  };

  const moneyRule = {
    validator: (_: unknown, value: string) =>
      (parseMoneyToCents(value ?? '') ?? 0) > 0
        ? Promise.resolve()
        : Promise.reject(new Error(t('office.completion.amountRequired'))),
  };

  return (
    <Modal
      open={job !== null}
      title={job ? t('office.completion.confirmTitle', { reference: job.reference }) : ''}
      okText={t('office.completion.confirmOk')}
      cancelText={t('office.day.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={confirm.isPending}
      onCancel={onClose}
      destroyOnHidden
      data-testid="confirm-job-modal"
    >
      {job && (
        <Typography.Paragraph type="secondary">
          {job.customer.name} · {job.address} · {t('office.completion.invoice')} {formatCents(job.invoiceTotalCents, locale)}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="outcome" label={t('office.completion.outcome')}>
          <Radio.Group
            options={[
              { value: 'completed', label: t('office.completion.completed') },
              { value: 'uncompleted', label: t('office.completion.uncompleted') },
            ]}
          />
        </Form.Item>
        {outcome === 'uncompleted' ? (
          <Form.Item
            name="reason"
            label={t('office.completion.reason')}
            rules={[{ required: true, whitespace: true, message: t('office.completion.reasonRequired') }]}
          >
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="actualMinutes"
              label={t('office.completion.actualMinutes')}
              extra={job?.punchedMinutes != null ? t('office.completion.fromPunches') : undefined}
              rules={[
                { required: true, message: t('office.completion.minutesRequired') },
                numberRange(NUMBER_RANGES.jobDurationMinutes, 'office.completion.actualMinutes'),
              ]}
            >
              <InputNumber style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="tip"
              label={t('office.completion.tips')}
              rules={[numberRange(NUMBER_RANGES.completionTipCents, 'office.completion.tips')]}
            >
              <DecimalInput prefix="$" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="method" label={t('office.completion.payment')}>
              <Radio.Group
                options={[
                  { value: 'none', label: t('office.completion.method.none') },
                  { value: 'cash', label: t('office.completion.method.cash') },
                  { value: 'check', label: t('office.completion.method.check') },
                  { value: 'gift_certificate', label: t('office.completion.method.gift_certificate') },
                  { value: 'card_queue', label: t('office.completion.method.card_queue'), disabled: !job?.hasSavedCard },
                ]}
              />
            </Form.Item>
            {(method === 'cash' || method === 'check' || method === 'gift_certificate') && (
              <Form.Item
                name="amount"
                label={t('office.completion.amount')}
                validateFirst
                rules={[moneyRule, numberRange(NUMBER_RANGES.paymentAmountCents, 'office.completion.amount')]}
              >
                <DecimalInput prefix="$" style={{ width: 160 }} />
              </Form.Item>
            )}
            {method === 'check' && (
              <Form.Item
                name="checkNumber"
                label={t('office.completion.checkNumber')}
                rules={[{ required: true, whitespace: true, message: t('office.completion.checkNumberRequired') }]}
              >
                <Input maxLength={32} style={{ width: 200 }} />
              </Form.Item>
            )}
            {method === 'gift_certificate' && <GiftNumberField amountCents={amountCents} />}
            {method === 'card_queue' && job && (
              <Typography.Paragraph>
                {t('office.completion.cardNote', { amount: formatCents(job.invoiceTotalCents, locale) })}
              </Typography.Paragraph>
            )}
            <Form.Item name="recleanReason" label={t('office.completion.reclean')} extra={t('office.completion.recleanHelp')}>
              <Input maxLength={500} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
