import { INVOICE_STATUSES, type Invoice } from '@tidyhouse/contract';
import { Button, Checkbox, DatePicker, Form, Input, Select, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '@/components/ListPage';
import { showDate, useMoney } from '@/modules/customers/shared';
import { INVOICE_URLS, InvoiceStatusTag, useBillingEnum } from '../shared';
import { InvoiceDrawer } from './InvoiceDrawer';

export interface InvoiceFilters {
  keyword?: string;
  status?: Invoice['status'];
  unpaidOnly?: boolean;
  issued?: [Dayjs | null, Dayjs | null] | null;
}

/** The search form's values as the list request (contract ZInvoiceListRequest). */
export function invoiceFilters({ keyword, status, unpaidOnly, issued }: InvoiceFilters, customerId?: number): object {
  return {
    ...(customerId ? { customerId } : {}),
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...(status ? { status } : {}),
    ...(unpaidOnly ? { unpaidOnly: true } : {}),
    ...(issued?.[0] ? { issuedFrom: issued[0].format('YYYY-MM-DD') } : {}),
    ...(issued?.[1] ? { issuedTo: issued[1].format('YYYY-MM-DD') } : {}),
  };
}

interface InvoiceTableProps {
  /** One customer's invoices (Customer Detail): no customer column, no keyword. */
  customerId?: number;
  toolbar?: ReactNode;
  /** The invoice whose drawer is open, when the screen keeps it (the Invoices screen's `?invoice=`). */
  openId?: number | null;
  onOpenChange?: (id: number | null) => void;
}

/** Invoices with their filters; a click on a number opens the invoice in a drawer. */
export function InvoiceTable({ customerId, toolbar, ...drawer }: InvoiceTableProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const title = useBillingEnum();
  const [ownOpenId, setOwnOpenId] = useState<number | null>(null);
  const openId = drawer.onOpenChange ? (drawer.openId ?? null) : ownOpenId;
  const setOpenId = drawer.onOpenChange ?? setOwnOpenId;
  const statuses = INVOICE_STATUSES.map((value) => ({ value, label: title('status', value) }));

  const columns: TableColumnsType<Invoice> = [
    {
      key: 'number',
      title: t('billing.invoices.number'),
      sorter: true,
      render: (_, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(row.id)} data-testid="invoice-open">
          {row.number}
        </Button>
      ),
    },
    ...(customerId
      ? []
      : [
          {
            key: 'customer',
            title: t('billing.invoices.customer'),
            render: (_: unknown, row: Invoice) => (
              <Link to={`/customer/customerdetail?id=${row.customerId}`}>{row.customerName}</Link>
            ),
          },
        ]),
    {
      key: 'job',
      title: t('billing.invoices.job'),
      render: (_, row) => <Link to={`/service/workdeatil?id=${row.jobId}`}>{row.jobReference}</Link>,
    },
    { key: 'issuedOn', title: t('billing.invoices.issuedOn'), sorter: true, render: (_, row) => showDate(row.issuedOn) },
    { key: 'dueOn', title: t('billing.invoices.dueOn'), sorter: true, render: (_, row) => showDate(row.dueOn) },
    {
      key: 'totalCents',
      title: t('billing.invoices.total'),
      align: 'right',
      sorter: true,
      render: (_, row) => money(row.totalCents),
    },
    { key: 'paid', title: t('billing.invoices.paid'), align: 'right', render: (_, row) => money(row.paidCents) },
    { key: 'open', title: t('billing.invoices.open'), align: 'right', render: (_, row) => money(row.openCents) },
    { key: 'status', title: t('billing.invoices.status'), render: (_, row) => <InvoiceStatusTag status={row.status} /> },
  ];

  return (
    <>
      <ListPage<Invoice, InvoiceFilters>
        url={INVOICE_URLS.list}
        rowKey="id"
        columns={columns}
        initialFilters={{}}
        toRequest={(filters) => invoiceFilters(filters, customerId)}
        defaultPageSize={customerId ? 10 : undefined}
        toolbar={toolbar}
        searchFields={
          <>
            {customerId ? null : (
              <Form.Item name="keyword" label={t('billing.invoices.keyword')}>
                <Input allowClear placeholder={t('billing.invoices.keywordPlaceholder')} style={{ width: 220 }} />
              </Form.Item>
            )}
            <Form.Item name="status" label={t('billing.invoices.status')}>
              <Select allowClear options={statuses} style={{ width: 130 }} data-testid="invoice-status-filter" />
            </Form.Item>
            <Form.Item name="issued" label={t('billing.invoices.issued')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="unpaidOnly" valuePropName="checked">
              <Checkbox>{t('billing.invoices.unpaidOnly')}</Checkbox>
            </Form.Item>
          </>
        }
      />
      {openId ? <InvoiceDrawer id={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}
