import { FilePdfOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceApplication, InvoiceDetail, InvoiceLine, InvoiceSendResponse } from '@tidyhouse/contract';
import { Alert, App, Button, Descriptions, Drawer, Flex, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { useMomentFormat } from '@/lib/dateTime';
import { loadFailureText, post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { showDate, useEnumTitle, useInvalidate, useMoney } from '@/modules/customers/shared';
import { downloadInvoicePdf, INVOICE_URLS, InvoiceStatusTag, PAYMENTS_MANAGE, useBillingEnum } from '../shared';

export const invoiceKey = (id: number) => ['invoice', 'detail', id] as const;

/** After a change of an invoice: its lists, its detail, and the customer's balance. */
function useInvoiceChanged() {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  return () => {
    void client.invalidateQueries({ queryKey: ['invoice'] });
    invalidate(INVOICE_URLS.list, '/customerPayment/queryList', INVOICE_URLS.aging);
  };
}

interface InvoiceDrawerProps {
  id: number;
  /** Opens another invoice in its place (the correction links). */
  onOpen: (id: number) => void;
  onClose: () => void;
}

/** One invoice: its lines, the payments applied to it, and Download PDF, Send and Void. */
export function InvoiceDrawer({ id, onOpen, onClose }: InvoiceDrawerProps) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: invoiceKey(id), queryFn: () => post<InvoiceDetail>(INVOICE_URLS.detail, { id }) });
  const invoice = detail.data;
  return (
    <Drawer
      open
      width={760}
      onClose={onClose}
      title={invoice ? t('billing.invoices.detailTitle', { number: invoice.number }) : null}
      extra={invoice ? <InvoiceActions invoice={invoice} /> : null}
      loading={detail.isPending}
      data-testid="invoice-drawer"
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={loadFailureText(detail.error, t('billing.invoices.loadFailed'))}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : null}
      {invoice ? <InvoiceBody invoice={invoice} onOpen={onOpen} /> : null}
    </Drawer>
  );
}

function InvoiceBody({ invoice, onOpen }: { invoice: InvoiceDetail; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const locale = useLocale();
  const moment = useMomentFormat();
  const kind = useBillingEnum();
  const method = useEnumTitle();
  const linkTo = (targetId: number | null, number: string) =>
    targetId ? (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(targetId)}>
        {number}
      </Button>
    ) : null;
  const items = [
    { key: 'status', label: t('billing.invoices.status'), children: <InvoiceStatusTag status={invoice.status} /> },
    {
      key: 'customer',
      label: t('billing.invoices.customer'),
      children: <Link to={`/customer/customerdetail?id=${invoice.customerId}`}>{invoice.customerName}</Link>,
    },
    {
      key: 'job',
      label: t('billing.invoices.job'),
      children: <Link to={`/service/workdeatil?id=${invoice.jobId}`}>{invoice.jobReference}</Link>,
    },
    { key: 'serviceDate', label: t('billing.invoices.serviceDate'), children: showDate(invoice.serviceDate) || '—' },
    { key: 'issuedOn', label: t('billing.invoices.issuedOn'), children: showDate(invoice.issuedOn) },
    { key: 'dueOn', label: t('billing.invoices.dueOn'), children: showDate(invoice.dueOn) },
    { key: 'sentAt', label: t('billing.invoices.sentAt'), children: moment(invoice.sentAt) || t('billing.invoices.notSent') },
    ...(invoice.correctsInvoiceId
      ? [
          {
            key: 'corrects',
            label: t('billing.invoices.corrects'),
            children: linkTo(invoice.correctsInvoiceId, invoice.correctsNumber),
          },
        ]
      : []),
    ...(invoice.correctedByInvoiceId
      ? [
          {
            key: 'correctedBy',
            label: t('billing.invoices.correctedBy'),
            children: linkTo(invoice.correctedByInvoiceId, invoice.correctedByNumber),
          },
        ]
      : []),
    ...(invoice.status === 'void'
      ? [
          { key: 'voidedAt', label: t('billing.invoices.voidedAt'), children: moment(invoice.voidedAt) },
          { key: 'voidReason', label: t('billing.invoices.voidReason'), children: invoice.voidReason },
        ]
      : []),
  ];
  const totals = [
    ['subtotal', invoice.subtotalCents],
    ['discount', -invoice.discountCents],
    ['tax', invoice.taxCents],
    ['total', invoice.totalCents],
    ['paid', invoice.paidCents],
    ['open', invoice.openCents],
  ] as const;

  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={2} items={items} data-testid="invoice-facts" />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('billing.invoices.lines')}
      </Typography.Title>
      <Table<InvoiceLine>
        size="small"
        rowKey="position"
        pagination={false}
        dataSource={invoice.lines}
        columns={[
          {
            key: 'description',
            title: t('billing.invoices.description'),
            render: (_, line) => (
              <span data-testid="invoice-line">
                {(locale === 'zh' ? line.descriptionZh : line.descriptionEn) || kind('lineKind', line.kind)}
              </span>
            ),
          },
          { key: 'quantity', title: t('billing.invoices.quantity'), align: 'right', dataIndex: 'quantity' },
          { key: 'unit', title: t('billing.invoices.unit'), align: 'right', render: (_, line) => money(line.unitCents) },
          { key: 'amount', title: t('billing.invoices.amount'), align: 'right', render: (_, line) => money(line.amountCents) },
        ]}
      />
      <Descriptions
        size="small"
        column={3}
        data-testid="invoice-totals"
        items={totals.map(([key, cents]) => ({ key, label: t(`billing.invoices.${key}`), children: money(cents) }))}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('billing.invoices.applications')}
      </Typography.Title>
      <Table<InvoiceApplication>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={invoice.applications}
        locale={{ emptyText: t('billing.invoices.noApplications') }}
        columns={[
          { key: 'paidOn', title: t('billing.invoices.paidOn'), render: (_, row) => showDate(row.paidOn) },
          { key: 'method', title: t('billing.invoices.method'), render: (_, row) => method('paymentMethod', row.method) },
          { key: 'amount', title: t('billing.invoices.amount'), align: 'right', render: (_, row) => money(row.amountCents) },
          { key: 'appliedAt', title: t('billing.invoices.appliedAt'), render: (_, row) => moment(row.createdAt) },
        ]}
      />
    </Flex>
  );
}

/** Download PDF for every reader; Send and Void for those who manage payments. */
function InvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const canManage = useHasPermission(PAYMENTS_MANAGE);
  const channel = useBillingEnum();
  const changed = useInvoiceChanged();
  const [voiding, setVoiding] = useState(false);
  const pdfFailed = t('billing.invoices.pdfFailed');
  const send = useMutation({
    mutationFn: () => post<InvoiceSendResponse>(INVOICE_URLS.send, { id: invoice.id }),
    onSuccess: (sent) => {
      if (sent.channel === 'email') showSuccess(t('billing.invoices.sentEmail', { number: sent.number, to: sent.to }));
      else if (sent.channel === 'print') {
        showSuccess(t('billing.invoices.sentPrint', { number: sent.number }));
        void downloadInvoicePdf(invoice, pdfFailed);
      } else {
        const via = channel('channel', sent.channel);
        showSuccess(t('billing.invoices.sentContact', { number: sent.number, channel: via, to: sent.to }));
      }
    },
    onSettled: changed,
  });
  const live = invoice.status !== 'void';
  return (
    <Space wrap>
      <GuardedButton
        icon={<FilePdfOutlined />}
        data-testid="invoice-pdf"
        onClick={() => void downloadInvoicePdf(invoice, pdfFailed)}
      >
        {t('billing.invoices.downloadPdf')}
      </GuardedButton>
      {canManage && live ? (
        <GuardedButton icon={<SendOutlined />} data-testid="invoice-send" loading={send.isPending} onClick={() => send.mutate()}>
          {t('billing.invoices.send')}
        </GuardedButton>
      ) : null}
      {canManage && live ? (
        <GuardedButton danger icon={<StopOutlined />} data-testid="invoice-void" onClick={() => setVoiding(true)}>
          {t('billing.invoices.void')}
        </GuardedButton>
      ) : null}
      {voiding ? <VoidInvoiceModal invoice={invoice} onClose={() => setVoiding(false)} /> : null}
    </Space>
  );
}

/** Void with a reason (required), confirmed once more: a void invoice cannot be brought back. */
export function VoidInvoiceModal({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const money = useMoney();
  const changed = useInvoiceChanged();
  const [form] = Form.useForm<{ reason: string }>();
  const voidInvoice = useMutation({
    mutationFn: (reason: string) => post(INVOICE_URLS.void, { id: invoice.id, version: invoice.version, reason }),
    onSuccess: () => {
      showSuccess(t('billing.invoices.voided'));
      onClose();
    },
    onSettled: changed,
  });
  const confirm = ({ reason }: { reason: string }) =>
    modal.confirm({
      title: t('billing.invoices.voidConfirm', { number: invoice.number, amount: money(invoice.totalCents) }),
      okText: t('billing.invoices.void'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () => voidInvoice.mutateAsync(reason).catch(() => undefined),
    });
  return (
    <ActionModal
      title={t('billing.invoices.voidTitle', { number: invoice.number })}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={voidInvoice.isPending}
      okText={t('billing.invoices.void')}
      danger
    >
      <Form form={form} layout="vertical" onFinish={confirm}>
        <Form.Item
          name="reason"
          label={t('billing.invoices.voidReasonLabel')}
          extra={t('billing.invoices.voidHint')}
          rules={[required('validation.reasonRequired')]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid="invoice-void-reason" />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
