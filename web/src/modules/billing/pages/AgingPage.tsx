import { FileExcelOutlined } from '@ant-design/icons';
import type { AgingAmounts, AgingResponse, AgingRow } from '@tidyhouse/contract';
import { Checkbox, Form, Input, Table, type TableColumnsType, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { showDate, useMoney } from '@/modules/customers/shared';
import { downloadFile } from '@/modules/service/download';
import { INVOICE_URLS } from '../shared';

interface Filters {
  keyword?: string;
  pastDueOnly?: boolean;
}

/** The search form's values as the aging request (contract ZAgingRequest). */
export const agingFilters = ({ keyword, pastDueOnly }: Filters) => ({
  ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
  ...(pastDueOnly ? { pastDueOnly: true } : {}),
});

const AMOUNTS = [
  'currentCents',
  'days1to30Cents',
  'days31to60Cents',
  'days61to90Cents',
  'over90Cents',
  'openCents',
  'creditCents',
  'balanceCents',
] as const satisfies readonly (keyof AgingAmounts)[];

/** The amounts the server sorts by (the buckets are computed per page). */
const SORTABLE = new Set<string>(['openCents', 'creditCents', 'balanceCents']);

/** /customer/aging: accounts receivable by customer in aging buckets, with totals and an XLSX export. */
export default function AgingPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const loose = t as unknown as (key: string) => string;
  // The export asks for what the list shows: the filters of its latest search.
  const shown = useRef<object>({});
  const [exporting, setExporting] = useState(false);

  const exportAging = async () => {
    setExporting(true);
    try {
      await downloadFile(INVOICE_URLS.agingExport, { ...shown.current }, 'aging.xlsx', t('billing.aging.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const amountTitle = (key: (typeof AMOUNTS)[number]) => loose(`billing.aging.${key.replace(/Cents$/, '')}`);
  const columns: TableColumnsType<AgingRow> = [
    {
      key: 'customerName',
      title: t('billing.aging.customer'),
      sorter: true,
      render: (_, row) => (
        <div>
          <Link to={`/customer/customerdetail?id=${row.customerId}`}>{row.customerName}</Link>
          {row.phone ? (
            <div>
              <Typography.Text type="secondary">{row.phone}</Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    ...AMOUNTS.map((key) => ({
      key,
      title: amountTitle(key),
      align: 'right' as const,
      sorter: SORTABLE.has(key),
      render: (_: unknown, row: AgingRow) => (key === 'balanceCents' ? <strong>{money(row[key])}</strong> : money(row[key])),
    })),
    { key: 'oldestDueOn', title: t('billing.aging.oldestDue'), sorter: true, render: (_, row) => showDate(row.oldestDueOn) },
  ];

  return (
    <ListPage<AgingRow, Filters>
      url={INVOICE_URLS.aging}
      rowKey="customerId"
      columns={columns}
      initialFilters={{}}
      toRequest={(filters) => {
        const request = agingFilters(filters);
        shown.current = request;
        return request;
      }}
      searchFields={
        <>
          <Form.Item name="keyword" label={t('billing.aging.keyword')}>
            <Input allowClear placeholder={t('billing.aging.keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="pastDueOnly" valuePropName="checked">
            <Checkbox>{t('billing.aging.pastDueOnly')}</Checkbox>
          </Form.Item>
        </>
      }
      toolbar={
        <GuardedButton icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportAging()}>
          {t('billing.aging.export')}
        </GuardedButton>
      }
      header={(data) =>
        data?.asOf ? (
          <Typography.Text type="secondary" data-testid="aging-as-of">
            {t('billing.aging.asOf', { date: showDate(String(data.asOf)) })}
          </Typography.Text>
        ) : null
      }
      summary={(data) => {
        const totals = (data as AgingResponse | undefined)?.totals;
        if (!totals) return null;
        return (
          <Table.Summary.Row data-testid="aging-totals">
            <Table.Summary.Cell index={0}>
              <strong>{t('billing.aging.totals')}</strong>
            </Table.Summary.Cell>
            {AMOUNTS.map((key, index) => (
              <Table.Summary.Cell key={key} index={index + 1} align="right">
                <strong>{money(totals[key])}</strong>
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={AMOUNTS.length + 1} />
          </Table.Summary.Row>
        );
      }}
    />
  );
}
