import { useMutation, useQuery } from '@tanstack/react-query';
import {
  NUMBER_RANGES,
  type Payment,
  REFUND_REASONS,
  REFUND_STATUSES,
  type Refund,
  type RefundStatus,
} from '@tidyhouse/contract';
import { App, Col, DatePicker, Form, Input, Row, Select, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange, required } from '@/components/formRules';
import { useBusinessToday } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { showDate, useEnumOptions, useEnumTitle, useInvalidate, useMoney } from '@/modules/customers/shared';
import { MONEY_MANAGE_PERMISSION, MoneyLedger, useEnteredByColumn } from './MoneySummary';
import { amountRule, centsOf } from './PaymentsTab';

const LIST_URL = '/customerRefund/queryList';

/** Refunds tab: list with totals, add (bounded by what was received: the server's message shows), change status. */
export function RefundsTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const title = useEnumTitle();
  const money = useMoney();
  const canManage = useHasPermission(MONEY_MANAGE_PERMISSION);
  const invalidate = useInvalidate();
  const [adding, setAdding] = useState(false);
  const statuses = useEnumOptions('refundStatus', REFUND_STATUSES);
  const change = useMutation({
    mutationFn: ({ row, status }: { row: Refund; status: RefundStatus }) =>
      post('/customerRefund/changeStatus', { id: row.id, version: row.version, status }),
    onSuccess: () => showSuccess(t('customers.refunds.statusChanged')),
    onSettled: () => invalidate(LIST_URL, '/customerPayment/queryList'),
  });
  const askStatus = (row: Refund, status: RefundStatus) =>
    modal.confirm({
      title: t('customers.refunds.statusConfirm', { status: title('refundStatus', status) }),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: () => change.mutateAsync({ row, status }).catch(() => undefined),
    });

  const enteredBy = useEnteredByColumn<Refund>();
  const columns: TableColumnsType<Refund> = [
    { key: 'refundedOn', title: t('customers.refunds.refundedOn'), render: (_, row) => showDate(row.refundedOn) },
    { key: 'amount', title: t('customers.refunds.amount'), align: 'right', render: (_, row) => money(row.amountCents) },
    { key: 'reason', title: t('customers.refunds.reason'), render: (_, row) => title('refundReason', row.reason) },
    {
      key: 'status',
      title: t('customers.refunds.status'),
      // A refund that went back to a card is final; one the gateway has not returned yet may be retried.
      render: (_, row) =>
        canManage && !(row.cardPaymentId !== null && row.status === 'refunded') ? (
          <Select<RefundStatus>
            size="small"
            value={row.status}
            options={statuses}
            style={{ width: 150 }}
            aria-label={t('customers.refunds.status')}
            onChange={(status) => askStatus(row, status)}
          />
        ) : (
          <Tag color={row.status === 'refunded' ? 'green' : 'orange'}>{title('refundStatus', row.status)}</Tag>
        ),
    },
    {
      key: 'refundTo',
      title: t('customers.refunds.refundTo'),
      render: (_, row) => (row.cardPaymentId !== null ? t('customers.refunds.cardColumn', { last4: row.cardLast4 }) : '—'),
    },
    { key: 'note', dataIndex: 'note', title: t('customers.refunds.note'), ellipsis: true },
    enteredBy,
  ];

  return (
    <>
      <MoneyLedger<Refund>
        url={LIST_URL}
        customerId={customerId}
        columns={columns}
        addLabel={t('customers.refunds.add')}
        onAdd={() => setAdding(true)}
      />
      {adding ? <AddRefundModal customerId={customerId} onClose={() => setAdding(false)} /> : null}
    </>
  );
}

interface RefundValues {
  /** 0: record only; otherwise the card payment the money goes back to. */
  refundTo: number;
  refundedOn: Dayjs;
  amount: string;
  reason: (typeof REFUND_REASONS)[number];
  status: RefundStatus;
  note?: string;
}

function AddRefundModal({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const { t } = useTranslation();
  // The business's date, not the browser's: a browser on UTC is a day ahead in the evening.
  const today = useBusinessToday();
  const [form] = Form.useForm<RefundValues>();
  const reasons = useEnumOptions('refundReason', REFUND_REASONS);
  const statuses = useEnumOptions('refundStatus', REFUND_STATUSES);
  const invalidate = useInvalidate();
  const money = useMoney();
  // One key per dialog: a second submit of the same refund records and refunds it once.
  const [requestKey] = useState(() => crypto.randomUUID());
  const payments = useQuery({
    queryKey: ['/customerPayment/queryList', customerId, 'card-payments'],
    queryFn: () => post<{ list: Payment[] }>('/customerPayment/queryList', { customerId, pageNum: 1, pageSize: 100 }),
  });
  const cardPayments = (payments.data?.list ?? []).filter((p) => p.gatewayCharged && p.reversedById === null);
  const refundTo = Form.useWatch('refundTo', form) ?? 0;
  const add = useMutation({
    mutationFn: (values: RefundValues) =>
      post('/customerRefund/add', {
        customerId,
        refundedOn: values.refundedOn.format('YYYY-MM-DD'),
        amountCents: centsOf(values.amount),
        reason: values.reason,
        status: values.refundTo ? 'not_refunded' : values.status,
        note: values.note ?? '',
        ...(values.refundTo ? { cardPaymentId: values.refundTo, requestKey } : {}),
      }),
    onSuccess: (_, values) => {
      showSuccess(t(values.refundTo ? 'customers.refunds.sentToCard' : 'customers.refunds.added'));
      onClose();
    },
    onSettled: () => invalidate(LIST_URL, '/customerPayment/queryList'),
  });
  return (
    <ActionModal title={t('customers.refunds.addTitle')} onClose={onClose} onOk={() => form.submit()} saving={add.isPending}>
      <Form<RefundValues>
        form={form}
        layout="vertical"
        initialValues={{ refundTo: 0, refundedOn: today, status: 'not_refunded' }}
        onFinish={(values) => add.mutate(values)}
        data-testid="refund-form"
      >
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="refundTo"
              label={t('customers.refunds.refundTo')}
              extra={refundTo ? t('customers.refunds.toCardHint') : undefined}
            >
              <Select
                loading={payments.isLoading}
                options={[
                  { value: 0, label: t('customers.refunds.refundToRecord') },
                  ...cardPayments.map((p) => ({
                    value: p.id,
                    label: t('customers.refunds.refundToCard', {
                      last4: p.cardLast4,
                      amount: money(p.amountCents + p.gratuityCents),
                      date: showDate(p.paidOn),
                    }),
                  })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="refundedOn"
              label={t('customers.refunds.refundedOn')}
              rules={[{ required: true, message: t('customers.payments.dateRequired') }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="amount"
              label={t('customers.refunds.amount')}
              validateFirst
              rules={[
                amountRule(t('customers.payments.amountRequired')),
                numberRange(NUMBER_RANGES.refundAmountCents, 'customers.refunds.amount'),
              ]}
            >
              <DecimalInput prefix="$" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="reason" label={t('customers.refunds.reason')} rules={[required('validation.reasonRequired')]}>
              <Select options={reasons} />
            </Form.Item>
          </Col>
          {refundTo ? null : (
            <Col span={12}>
              <Form.Item name="status" label={t('customers.refunds.status')}>
                <Select options={statuses} />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="note" label={t('customers.refunds.note')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </ActionModal>
  );
}
