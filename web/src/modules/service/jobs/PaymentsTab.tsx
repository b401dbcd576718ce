import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { type JobDetail, LEDGER_PAYMENT_METHODS, type LedgerPaymentMethod, NUMBER_RANGES } from '@tidyhouse/contract';
import { Col, DatePicker, Flex, Form, Input, Row, Select, Statistic, Table, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange, required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { useBusinessToday } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { GiftNumberField } from '../../marketing/gift-certificates/GiftNumberField';
import { toIsoDate, useLooseT, useMoney } from '../shared';
import { JOB_PATHS, useJobChanged } from './api';
import { centsOrNull } from './jobForm';

type Payment = JobDetail['payments'][number];

/** Payments recorded against the job, what is still owed, and a payment taken for it. */
export function PaymentsTab({ detail }: { detail: JobDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const loose = useLooseT();
  const canAdd = useHasPermission('customer:payments:manage');
  const [adding, setAdding] = useState(false);
  const methodTitle = (method: string) => {
    const key = `service.payments.methods.${method}`;
    const text = loose(key);
    return text === key ? method : text;
  };
  const { job } = detail;
  const columns: TableColumnsType<Payment> = [
    { key: 'paidOn', dataIndex: 'paidOn', title: t('service.payments.paidOn') },
    {
      key: 'kind',
      title: t('service.payments.kind'),
      render: (_, row) => <Tag color={row.kind === 'reversal' ? 'red' : 'green'}>{t(`service.payments.kinds.${row.kind}`)}</Tag>,
    },
    { key: 'amount', title: t('service.payments.amount'), align: 'right', render: (_, row) => money(row.amountCents) },
    { key: 'gratuity', title: t('service.payments.gratuity'), align: 'right', render: (_, row) => money(row.gratuityCents) },
    { key: 'method', title: t('service.payments.method'), render: (_, row) => methodTitle(row.method) },
    { key: 'note', dataIndex: 'note', title: t('service.payments.note') },
  ];
  return (
    <Flex vertical gap={16}>
      <Flex gap={48}>
        <Statistic title={t('service.costing.invoiceTotal')} value={money(job.costing.invoiceTotalCents)} />
        <Statistic title={t('service.payments.paid')} value={money(detail.paidCents)} />
        <Statistic
          title={t('service.payments.remaining')}
          value={money(Math.max(0, job.costing.invoiceTotalCents - detail.paidCents))}
        />
      </Flex>
      {canAdd ? (
        <GuardedButton icon={<PlusOutlined />} style={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          {t('service.payments.add')}
        </GuardedButton>
      ) : null}
      <Table<Payment>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={detail.payments}
        pagination={false}
        locale={{ emptyText: t('service.payments.none') }}
      />
      {adding ? <AddPaymentModal detail={detail} onClose={() => setAdding(false)} /> : null}
    </Flex>
  );
}

interface PaymentValues {
  paidOn?: Dayjs | null;
  amount?: string;
  gratuity?: string;
  method?: LedgerPaymentMethod;
  checkNumber?: string;
  giftCertificateNumber?: string;
  note?: string;
}

function AddPaymentModal({ detail, onClose }: { detail: JobDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const loose = useLooseT();
  const today = useBusinessToday();
  const changed = useJobChanged();
  const [form] = Form.useForm<PaymentValues>();
  const method = Form.useWatch('method', form);
  const amountText = Form.useWatch('amount', form);
  const { job } = detail;
  const owed = Math.max(0, job.costing.invoiceTotalCents - detail.paidCents);
  const add = useMutation({
    mutationFn: (values: PaymentValues) =>
      post(JOB_PATHS.addPayment, {
        jobId: job.id,
        customerId: job.customer.id,
        paidOn: toIsoDate(values.paidOn) ?? '',
        amountCents: centsOrNull(values.amount) ?? 0,
        gratuityCents: centsOrNull(values.gratuity) ?? 0,
        method: values.method,
        checkNumber: values.checkNumber?.trim() ?? '',
        giftCertificateNumber: values.method === 'gift_certificate' ? (values.giftCertificateNumber ?? '') : '',
        note: values.note?.trim() ?? '',
      }),
    onSuccess: () => {
      showSuccess(t('service.payments.added'));
      onClose();
    },
    onSettled: changed,
  });
  return (
    <ActionModal
      title={t('service.payments.addTitle', { reference: job.reference })}
      onOk={form.submit}
      onClose={onClose}
      saving={add.isPending}
    >
      <Form<PaymentValues>
        form={form}
        name="job-payment"
        layout="vertical"
        initialValues={{
          paidOn: today,
          amount: owed > 0 ? (owed / 100).toFixed(2) : '',
          method: 'credit_card',
        }}
        onFinish={(values) => add.mutate(values)}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="paidOn" label={t('service.payments.paidOn')} rules={[required('validation.dateFormat')]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="method" label={t('service.payments.method')} rules={[required('rule.required')]}>
              <Select
                options={LEDGER_PAYMENT_METHODS.map((m) => ({ value: m, label: loose(`service.payments.methods.${m}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="amount"
              label={t('service.payments.amount')}
              rules={[required('rule.required'), numberRange(NUMBER_RANGES.paymentAmountCents, 'service.payments.amount')]}
            >
              <DecimalInput prefix="$" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="gratuity"
              label={t('service.payments.gratuity')}
              rules={[numberRange(NUMBER_RANGES.paymentGratuityCents, 'service.payments.gratuity')]}
            >
              <DecimalInput prefix="$" />
            </Form.Item>
          </Col>
        </Row>
        {method === 'check' ? (
          <Form.Item
            name="checkNumber"
            label={t('service.payments.checkNumber')}
            rules={[required('validation.checkNumberRequired')]}
          >
            <Input maxLength={32} />
          </Form.Item>
        ) : null}
        {method === 'gift_certificate' ? <GiftNumberField amountCents={centsOrNull(amountText) ?? null} /> : null}
        <Form.Item name="note" label={t('service.payments.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
