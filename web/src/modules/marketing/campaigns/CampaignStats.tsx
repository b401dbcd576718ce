import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { addDays, type CampaignStatsRequest, type CampaignStatsRow, formatCents } from '@tidyhouse/contract';
import { DatePicker, Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { downloadFile } from '../../service/download';
import { useBusinessToday } from '../../system/components/shared';

type Sort = CampaignStatsRequest['sort'];
const percentText = (bps: number | null) => (bps === null ? '—' : `${(bps / 100).toFixed(2)} %`);

/** Campaign results for a range of quote dates: sortable on the server, exported to XLSX as shown. */
export function CampaignStats() {
  const { t } = useTranslation();
  const locale = useLocale();
  const today = useBusinessToday();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [sort, setSort] = useState<Sort>(undefined);
  const dateTo = range ? range[1].format('YYYY-MM-DD') : today;
  const dateFrom = range ? range[0].format('YYYY-MM-DD') : today ? addDays(today, -89) : undefined;
  const request = dateFrom && dateTo ? { dateFrom, dateTo, sort } : null;
  const stats = useQuery({
    queryKey: ['campaign', 'stats', request],
    queryFn: () => post<CampaignStatsRow[]>('/campaign/stats', request),
    enabled: request !== null,
  });
  const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents, locale));
  const sorted = (key: NonNullable<Sort>['field']) => ({
    key,
    sorter: true,
    sortOrder: sort?.field === key ? sort.order : null,
  });
  const columns: TableColumnsType<CampaignStatsRow> = [
    { title: t('marketing.campaigns.sourceName'), dataIndex: 'sourceName', ...sorted('sourceName') },
    { title: t('marketing.campaigns.couponCode'), dataIndex: 'couponCode', key: 'couponCode' },
    { title: t('marketing.campaigns.cost'), align: 'right', render: (_, r) => money(r.costCents), ...sorted('costCents') },
    { title: t('marketing.stats.leads'), dataIndex: 'leads', align: 'right', ...sorted('leads') },
    { title: t('marketing.stats.sold'), dataIndex: 'sold', align: 'right', ...sorted('sold') },
    {
      title: t('marketing.stats.conversion'),
      align: 'right',
      render: (_, r) => percentText(r.conversionBps),
      ...sorted('conversionBps'),
    },
    { title: t('marketing.stats.revenue'), align: 'right', render: (_, r) => money(r.revenueCents), ...sorted('revenueCents') },
    {
      title: t('marketing.stats.costPerSold'),
      align: 'right',
      render: (_, r) => money(r.costPerSoldCents),
      ...sorted('costPerSoldCents'),
    },
    { title: t('marketing.stats.return'), align: 'right', render: (_, r) => percentText(r.returnBps), ...sorted('returnBps') },
  ];
  const onChange: TableProps<CampaignStatsRow>['onChange'] = (_p, _f, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(one?.order && one.columnKey ? { field: one.columnKey as NonNullable<Sort>['field'], order: one.order } : undefined);
  };
  const exportFile = () =>
    request
      ? downloadFile(
          '/campaign/statsExport',
          { dateFrom: request.dateFrom, dateTo: request.dateTo, sortField: sort?.field, sortOrder: sort?.order },
          'campaigns.xlsx',
          t('marketing.stats.exportFailed'),
        )
      : Promise.resolve(false);

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <DatePicker.RangePicker
          aria-label={t('marketing.stats.range')}
          value={range ?? (dateFrom && dateTo ? [dayjs(dateFrom), dayjs(dateTo)] : null)}
          onChange={(value) => setRange(value?.[0] && value[1] ? [value[0], value[1]] : null)}
          allowClear={false}
        />
        <GuardedButton icon={<DownloadOutlined />} onClick={exportFile} disabled={!request}>
          {t('marketing.stats.export')}
        </GuardedButton>
      </Flex>
      {stats.isError ? (
        <LoadFailed onRetry={() => void stats.refetch()} />
      ) : (
        <Table<CampaignStatsRow>
          rowKey="campaignId"
          size="small"
          loading={stats.isLoading}
          columns={columns}
          dataSource={stats.data ?? []}
          pagination={false}
          onChange={onChange}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('marketing.stats.empty') }}
        />
      )}
    </Flex>
  );
}
