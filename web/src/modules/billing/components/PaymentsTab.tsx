import { StopOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  formatGiftNumber,
  LEDGER_PAYMENT_METHODS,
  type LedgerPaymentMethod,
  NUMBER_RANGES,
  type Payment,
  parseMoneyToCents,
} from '@tidyhouse/contract';
import { Col, DatePicker, Form, Input, Row, Select, type TableColumnsType, Tag } from 'antd';
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
import { showDate, useEnumOptions, useEnumTitle, useInvalidate, useMoney } from '@/modules/customers/shared';
import { GiftNumberField } from '@/modules/marketing/gift-certificates/GiftNumberField';
import { INVOICE_URLS } from '../shared';
import { APPLY_OLDEST_FIRST, useApplyOptions } from './applyOptions';
import { MONEY_MANAGE_PERMISSION, MoneyLedger, useEnteredByColumn } from './MoneySummary';

const LIST_URL = '/customerPayment/queryList';

/** A money text of a form as cents (0 when empty). */
export const centsOf = (text: string | undefined) => parseMoneyToCents(text ?? '') ?? 0;

/** A positive money amount rule ('amount must be more than 0'). */
export function amountRule(message: string) {
  return {
    validator: (_: unknown, value: string | undefined) =>
      centsOf(value) > 0 ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

/** Payments tab: payments and reversals with totals; add and void need customer:payments:manage. */
export function PaymentsTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const title = useEnumTitle();
  const money = useMoney();
  const canManage = useHasPermission(MONEY_MANAGE_PERMISSION);
  const [adding, setAdding] = useState(false);
  const [voiding, setVoiding] = useState<Payment | null>(null);

  const enteredBy = useEnteredByColumn<Payment>();
  const columns: TableColumnsType<Payment> = [
    { key: 'paidOn', title: t('customers.payments.paidOn'), render: (_, row) => showDate(row.paidOn) },
    {
      key: 'kind',
      title: t('customers.payments.kind'),
      render: (_, row) =>
        row.kind === 'reversal' ? (
          <Tag color="red">{title('paymentKind', row.kind)}</Tag>
        ) : row.reversedById ? (
          <Tag>{t('customers.payments.voided')}</Tag>
        ) : (
          <Tag color="green">{title('paymentKind', row.kind)}</Tag>
        ),
    },
    { key: 'amount', title: t('customers.payments.amount'), align: 'right', render: (_, row) => money(row.amountCents) },
    { key: 'gratuity', title: t('customers.payments.gratuity'), align: 'right', render: (_, row) => money(row.gratuityCents) },
    {
      key: 'method',
      title: t('customers.payments.method'),
      render: (_, row) =>
        [
          title('paymentMethod', row.method),
          row.checkNumber && `#${row.checkNumber}`,
          row.cardLast4 && `•••• ${row.cardLast4}`,
          row.giftCertificateNumber && formatGiftNumber(row.giftCertificateNumber),
        ]
          .filter(Boolean)
          .join(' '),
    },
    { key: 'note', dataIndex: 'note', title: t('customers.payments.note'), ellipsis: true },
    enteredBy,
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('customers.actions.title'),
            render: (_: unknown, row: Payment) =>
              row.kind === 'payment' && !row.reversedById ? (
                <GuardedButton size="small" danger icon={<StopOutlined />} onClick={() => setVoiding(row)}>
                  {t('customers.payments.void')}
                </GuardedButton>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <MoneyLedger<Payment>
        url={LIST_URL}
        customerId={customerId}
        columns={columns}
        addLabel={t('customers.payments.add')}
        onAdd={() => setAdding(true)}
      />
      {adding ? <AddPaymentModal customerId={customerId} onClose={() => setAdding(false)} /> : null}
      {voiding ? <VoidModal payment={voiding} onClose={() => setVoiding(null)} /> : null}
    </>
  );
}

interface PaymentValues {
  paidOn: Dayjs;
  amount: string;
  gratuity?: string;
  method: LedgerPaymentMethod;
  checkNumber?: string;
  giftCertificateNumber?: string;
  cardLast4?: string;
  note?: string;
  /** An open invoice picked by the user, or APPLY_OLDEST_FIRST. */
  applyTo: number | typeof APPLY_OLDEST_FIRST;
}

function AddPaymentModal({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const { t } = useTranslation();
  // The business's date, not the browser's: a browser on UTC is a day ahead in the evening.
  const today = useBusinessToday();
  const [form] = Form.useForm<PaymentValues>();
  const methods = useEnumOptions('paymentMethod', LEDGER_PAYMENT_METHODS);
  const method = Form.useWatch('method', form);
  const amountText = Form.useWatch('amount', form);
  const amountCents = amountText ? (parseMoneyToCents(amountText) ?? null) : null;
  const invalidate = useInvalidate();
  const add = useMutation({
    mutationFn: (values: PaymentValues) =>
      post('/customerPayment/add', {
        customerId,
        paidOn: values.paidOn.format('YYYY-MM-DD'),
        amountCents: centsOf(values.amount),
        gratuityCents: centsOf(values.gratuity),
        method: values.method,
        checkNumber: values.method === 'check' ? (values.checkNumber ?? '') : '',
        cardLast4: values.method === 'credit_card' ? (values.cardLast4 ?? '') : '',
        giftCertificateNumber: values.method === 'gift_certificate' ? (values.giftCertificateNumber ?? '') : '',
        note: values.note ?? '',
        ...(values.applyTo === APPLY_OLDEST_FIRST ? {} : { invoiceId: values.applyTo }),
      }),
    onSuccess: () => {
      showSuccess(t('customers.payments.added'));
      onClose();
    },
    onSettled: () => invalidate(LIST_URL, '/customerRefund/queryList', INVOICE_URLS.list),
  });
  const applyOptions = useApplyOptions(customerId);

  return (
    <ActionModal title={t('customers.payments.addTitle')} onClose={onClose} onOk={() => form.submit()} saving={add.isPending}>
      <Form<PaymentValues>
        form={form}
        layout="vertical"
        initialValues={{ paidOn: today, method: 'cash', gratuity: '', applyTo: APPLY_OLDEST_FIRST }}
        onFinish={(values) => add.mutate(values)}
        data-testid="payment-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="paidOn"
              label={t('customers.payments.paidOn')}
              rules={[{ required: true, message: t('customers.payments.dateRequired') }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="method" label={t('customers.payments.method')}>
              <Select options={methods} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="amount"
              label={t('customers.payments.amount')}
              validateFirst
              rules={[
                amountRule(t('customers.payments.amountRequired')),
                numberRange(NUMBER_RANGES.paymentAmountCents, 'customers.payments.amount'),
              ]}
            >
              <DecimalInput prefix="$" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="gratuity"
              label={t('customers.payments.gratuity')}
              rules={[numberRange(NUMBER_RANGES.paymentGratuityCents, 'customers.payments.gratuity')]}
            >
              <DecimalInput prefix="$" />
            </Form.Item>
          </Col>
          {method === 'check' ? (
            <Col span={12}>
              <Form.Item
                name="checkNumber"
                label={t('customers.payments.checkNumber')}
                rules={[required('validation.checkNumberRequired')]}
              >
                <Input maxLength={32} />
              </Form.Item>
            </Col>
          ) : null}
          {method === 'gift_certificate' ? (
            <Col span={24}>
              <GiftNumberField amountCents={amountCents} />
            </Col>
          ) : null}
          {method === 'credit_card' ? (
            <Col span={12}>
              <Form.Item
                name="cardLast4"
                label={t('customers.payments.cardLast4')}
                rules={[{ pattern: /^\d{4}$/, message: t('customers.profile.cardLast4Rule') }]}
              >
                <Input maxLength={4} />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item name="applyTo" label={t('billing.apply.label')}>
              <Select options={applyOptions} data-testid="payment-apply-to" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="note" label={t('customers.payments.note')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </ActionModal>
  );
}

function VoidModal({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<{ reason: string }>();
  const invalidate = useInvalidate();
  const voidPayment = useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      post('/customerPayment/void', { id: payment.id, version: payment.version, reason }),
    onSuccess: () => {
      showSuccess(t('customers.payments.voidedDone'));
      onClose();
    },
    onSettled: () => invalidate(LIST_URL, '/customerRefund/queryList'),
  });
  return (
    <ActionModal
      title={t('customers.payments.voidTitle', { amount: money(payment.amountCents), date: showDate(payment.paidOn) })}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={voidPayment.isPending}
      okText={t('customers.payments.void')}
      danger
    >
      <Form form={form} layout="vertical" onFinish={(values) => voidPayment.mutate(values)}>
        <Form.Item
          name="reason"
          label={t('customers.payments.voidReason')}
          extra={t('customers.payments.voidHint')}
          rules={[required('validation.reasonRequired')]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
