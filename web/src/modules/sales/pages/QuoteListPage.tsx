import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  CUSTOMER_SOURCES,
  type CustomerOptions,
  type CustomerSource,
  formatCents,
  QUOTE_STATUSES,
  type QuoteListItem,
  type QuoteStatus,
} from '@tidyhouse/contract';
import { Alert, AutoComplete, Button, DatePicker, Flex, Form, Input, Select, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListPage } from '@/components/ListPage';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { useHasPermission } from '@/lib/permissions';
import { useScreenTitle } from '@/lib/screens';
import { QuoteActions } from '../components/QuoteActions';
import { QuoteDrawer } from '../components/QuoteDrawer';
import { QuoteSendModal, type QuoteToSend } from '../components/QuoteSendModal';
import { fetchQuotePdf, openPdf, savePdf } from '../components/quotePdf';
import { StatusTag } from '../components/StatusTag';
import { type SoldNotice, useQuoteStatus } from '../components/useQuoteStatus';
import { ZoneTag } from '../components/ZoneTag';

interface Filters {
  keyword?: string;
  status?: QuoteStatus;
  source?: CustomerSource;
  channel?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  createdBy?: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters a link carries (the dashboard's quote figures): dateFrom, dateTo (quote dates) and status. */
export function quoteFiltersFromSearch(params: URLSearchParams): Filters {
  const date = (value: string | null) => (value && ISO_DATE.test(value) && dayjs(value).isValid() ? dayjs(value) : null);
  const from = date(params.get('dateFrom'));
  const to = date(params.get('dateTo'));
  const status = QUOTE_STATUSES.find((s) => s === params.get('status'));
  return { ...(from || to ? { dates: [from, to] } : {}), ...(status ? { status } : {}) };
}

/** Search form values → /quote/queryList filters (dates as business dates). */
export function quoteFiltersToRequest({ dates, keyword, channel, ...rest }: Filters) {
  return {
    ...rest,
    keyword: keyword?.trim() || undefined,
    channel: channel?.trim() || undefined,
    dateFrom: dates?.[0]?.format('YYYY-MM-DD'),
    dateTo: dates?.[1]?.format('YYYY-MM-DD'),
  };
}

/** A cell cut with an ellipsis past `width` px, the whole text on hover: every column fits at 1600 px. */
const ellipsis = (width: number) => (text: string) => (
  <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
    {text}
  </Typography.Text>
);

/** /sales/quotationlist: past quotes with search and filters, the quote drawer and status changes. */
export default function QuoteListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const title = useScreenTitle('/sales/quotationlist');
  const [params, setParams] = useSearchParams();
  const viewing = Number(params.get('view')) || null;
  // Only the filter parameters start the list afresh; opening a quote (?view=) keeps it.
  const linkedKey = ['dateFrom', 'dateTo', 'status'].map((k) => params.get(k) ?? '').join('|');
  const linked = useMemo(() => {
    const [dateFrom = '', dateTo = '', status = ''] = linkedKey.split('|');
    return quoteFiltersFromSearch(new URLSearchParams({ dateFrom, dateTo, status }));
  }, [linkedKey]);
  const canCreate = useHasPermission('/sales/newcustomerquotat');
  const canSeeCustomer = useHasPermission('/customer/customerdetail');
  const [sold, setSold] = useState<SoldNotice | null>(null);
  const status = useQuoteStatus(setSold);
  const [sending, setSending] = useState<QuoteToSend | null>(null);
  const options = useQuery({ queryKey: ['customer', 'options'], queryFn: () => post<CustomerOptions>('/customer/options') });

  const view = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('view');
      else next.set('view', String(id));
      return next;
    });

  const columns: TableColumnsType<QuoteListItem> = [
    { key: 'reference', dataIndex: 'reference', title: t('sales.fields.reference'), sorter: true, fixed: 'left' },
    {
      key: 'quoteDate',
      dataIndex: 'quoteDate',
      title: t('sales.fields.quoteDate'),
      sorter: true,
      render: (date: string) => dayjs(date).format(locale === 'zh' ? 'YYYY年M月D日' : 'MMM D, YYYY'),
    },
    {
      key: 'customerName',
      title: t('sales.fields.customer'),
      sorter: true,
      // The phone under the name: one column less, so the zone and creator stay on a 1600 px screen.
      render: (_v, row) => (
        <Flex vertical>
          {ellipsis(150)(row.customerName)}
          <Typography.Text type="secondary">{row.phone1}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'address',
      title: t('sales.fields.address'),
      render: (_v, row) => ellipsis(150)([row.address1, row.city, row.zip].filter(Boolean).join(', ')),
    },
    {
      key: 'zone',
      title: t('sales.fields.zone'),
      render: (_v, row) => <ZoneTag zone={row.zone} maxWidth={110} />,
    },
    { key: 'frequency', title: t('sales.fields.frequency'), render: (_v, row) => t(`sales.enums.frequency.${row.frequency}`) },
    {
      key: 'finalOfferCents',
      dataIndex: 'finalOfferCents',
      title: t('sales.fields.finalOffer'),
      align: 'right',
      sorter: true,
      render: (cents: number) => formatCents(cents, locale),
    },
    {
      key: 'status',
      title: t('sales.fields.status'),
      sorter: true,
      render: (_v, row) => (
        <span title={row.statusReason || undefined}>
          <StatusTag status={row.status} />
        </span>
      ),
    },
    { key: 'createdBy', title: t('sales.fields.createdBy'), render: (_v, row) => ellipsis(120)(row.createdBy?.name ?? '') },
    {
      key: 'actions',
      title: t('sales.list.actions'),
      fixed: 'right',
      render: (_v, row) => (
        <QuoteActions
          compact
          quote={row}
          onView={() => view(row.id)}
          status={status}
          documents={{
            download: () => void fetchQuotePdf(row.id).then((pdf) => savePdf(pdf, `${row.reference}.pdf`)),
            print: () => void fetchQuotePdf(row.id).then(openPdf),
            send: () => setSending(row),
          }}
        />
      ),
    },
  ];

  const searchFields = (
    <>
      <Form.Item name="keyword">
        <Input allowClear placeholder={t('sales.fields.keyword')} style={{ width: 280 }} aria-label={t('sales.fields.keyword')} />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder={t('sales.list.allStatuses')}
          style={{ width: 140 }}
          options={QUOTE_STATUSES.map((s) => ({ value: s, label: t(`sales.enums.status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="source">
        <Select
          allowClear
          placeholder={t('sales.list.anySource')}
          style={{ width: 160 }}
          options={CUSTOMER_SOURCES.map((s) => ({ value: s, label: t(`sales.enums.source.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="channel">
        <AutoComplete
          allowClear
          placeholder={t('sales.fields.channel')}
          style={{ width: 160 }}
          options={(options.data?.channels ?? []).map((c) => ({ value: c }))}
        />
      </Form.Item>
      <Form.Item name="dates">
        <DatePicker.RangePicker aria-label={t('sales.fields.dateRange')} />
      </Form.Item>
      <Form.Item name="createdBy">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('sales.fields.createdBy')}
          style={{ width: 180 }}
          options={(options.data?.employees ?? []).map((e) => ({ value: e.id, label: e.name }))}
        />
      </Form.Item>
    </>
  );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {sold ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSold(null) }}
          data-testid="sold-notice"
          title={t('sales.status.sold', { reference: sold.reference })}
          action={
            sold.customerId && canSeeCustomer ? (
              <Link to={`/customer/customerdetail?id=${sold.customerId}`} data-testid="sold-customer-link">
                {t('sales.status.openCustomer')}
              </Link>
            ) : null
          }
        />
      ) : null}
      <ListPage<QuoteListItem, Filters>
        key={linkedKey}
        initialFilters={linked}
        url="/quote/queryList"
        rowKey="id"
        columns={columns}
        searchFields={searchFields}
        toRequest={quoteFiltersToRequest}
        toolbar={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/sales/newcustomerquotat')}>
              {t('sales.list.newQuote')}
            </Button>
          ) : null
        }
      />
      <QuoteDrawer id={viewing} onClose={() => view(null)} status={status} />
      {status.notSoldModal}
      <QuoteSendModal quote={sending} onClose={() => setSending(null)} />
    </Flex>
  );
}
