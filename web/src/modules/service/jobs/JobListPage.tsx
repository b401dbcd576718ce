import { DownloadOutlined } from '@ant-design/icons';
import { JOB_KEYS, JOB_STATUSES, type JobListItem, type JobListResponse } from '@tidyhouse/contract';
import { Checkbox, DatePicker, Flex, Form, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CellText } from '@/components/CellText';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useHasPermission } from '@/lib/permissions';
import { useScreenTitle } from '@/lib/screens';
import { downloadFile } from '../download';
import { FrequencyFilter, KeywordFilter, SelectFilter, TeamFilter } from '../filters';
import { useJobLengthText } from '../jobLength';
import { ColorTag, refOptions, useDuration, useMoney, useServiceOptions } from '../shared';
import { jobDetailPath } from './api';
import { DueReminders } from './DueReminders';
import { JobStatusTag } from './JobStatusTag';
import { JobTotals } from './JobTotals';
import { type JobFilters, jobFiltersFromSearch, jobFiltersToExport, jobFiltersToRequest } from './jobFilters';

export const JOB_LIST_URL = '/job/queryList';
export { jobDetailPath };

/** /service/worklist: search and filter jobs, totals of the filtered set, export to XLSX, open a job. */
/** A long header over short values ("Quoted in-home" over "2 h"): on two lines, as wide as its values. */
const NarrowTitle = ({ children }: { children: ReactNode }) => (
  <span style={{ display: 'inline-block', maxWidth: 80, whiteSpace: 'normal' }}>{children}</span>
);

export default function JobListPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/service/worklist');
  const money = useMoney();
  const duration = useDuration();
  const lengthText = useJobLengthText();
  const options = useServiceOptions();
  const canExport = useHasPermission(JOB_KEYS.export);
  // The filters of the list on screen, for the export of the same set.
  const shown = useRef<JobFilters>({});
  const [exporting, setExporting] = useState(false);
  // A link may carry filters (the dashboard's figures); a new link starts the list afresh.
  const [params] = useSearchParams();
  const search = params.toString();
  const linked = useMemo(() => jobFiltersFromSearch(new URLSearchParams(search)), [search]);

  const exportList = async () => {
    setExporting(true);
    try {
      await downloadFile('/job/export', jobFiltersToExport(shown.current), 'jobs.xlsx', t('service.jobs.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<JobListItem> = [
    {
      key: 'reference',
      title: t('service.jobs.reference'),
      sorter: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={jobDetailPath(row.id)} data-testid={`job-link-${row.reference}`}>
          {row.reference}
        </Link>
      ),
    },
    {
      key: 'serviceDate',
      title: <NarrowTitle>{t('service.jobs.serviceDate')}</NarrowTitle>,
      sorter: true,
      defaultSortOrder: 'descend',
      // Date over time: two short lines instead of one wide one.
      render: (_, row) =>
        row.serviceDate ? <CellText secondary={row.startTime}>{row.serviceDate}</CellText> : t('service.jobs.noDate'),
    },
    { key: 'status', title: t('service.jobs.status'), render: (_, row) => <JobStatusTag status={row.status} /> },
    {
      key: 'customer',
      title: t('service.jobs.customer'),
      render: (_, row) => (
        <CellText max={140} secondary={row.phone}>
          {row.customer.name}
        </CellText>
      ),
    },
    {
      key: 'address',
      title: t('service.jobs.address'),
      // Long addresses wrap (CellText) so the time and revenue columns stay on screen at 1366 px.
      render: (_, row) => (
        <CellText max={170}>
          {[row.location.address1, row.location.city, row.location.zip].filter(Boolean).join(', ')} <ColorTag value={row.zone} />
        </CellText>
      ),
    },
    { key: 'team', title: t('service.jobs.team'), render: (_, row) => <ColorTag value={row.team} /> },
    {
      key: 'frequency',
      title: t('service.jobs.frequency'),
      render: (_, row) => <CellText max={110}>{t(`service.enums.frequency.${row.frequency}`)}</CellText>,
    },
    {
      key: 'duration',
      title: t('service.length.column'),
      render: (_, row) => (
        <CellText max={170}>
          <span data-testid={`job-length-${row.reference}`}>{lengthText(row.length)}</span>
        </CellText>
      ),
    },
    {
      key: 'quotedMinutes',
      title: <NarrowTitle>{t('service.jobs.quotedMinutes')}</NarrowTitle>,
      align: 'right',
      render: (_, row) => duration(row.quotedMinutes),
    },
    {
      key: 'actualMinutes',
      title: <NarrowTitle>{t('service.jobs.actualMinutes')}</NarrowTitle>,
      align: 'right',
      render: (_, row) => duration(row.actualMinutes),
    },
    // Fixed on the right: with the length column the list is wider than 1366 px and scrolls inside.
    {
      key: 'subtotal',
      title: t('service.jobs.revenue'),
      align: 'right',
      fixed: 'right',
      render: (_, row) => money(row.revenueCents),
    },
  ];

  const searchFields = (
    <>
      <KeywordFilter label={t('service.jobs.keyword')} />
      <Form.Item name="dates">
        <DatePicker.RangePicker allowEmpty={[true, true]} aria-label={t('service.jobs.dateRange')} />
      </Form.Item>
      <SelectFilter
        name="statuses"
        multiple
        label={t('service.jobs.status')}
        anyText={t('service.jobs.anyStatus')}
        width={160}
        options={JOB_STATUSES.map((s) => ({ value: s, label: t(`service.enums.jobStatus.${s}`) }))}
      />
      <TeamFilter withNoTeam />
      <SelectFilter
        name="zoneId"
        label={t('service.jobs.zone')}
        anyText={t('service.jobs.anyZone')}
        options={refOptions(options.data?.zones)}
      />
      <FrequencyFilter />
      <Form.Item name="hasConflict" valuePropName="checked">
        <Checkbox data-testid="job-filter-conflict">{t('service.jobs.hasConflict')}</Checkbox>
      </Form.Item>
    </>
  );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <DueReminders />
      <ListPage<JobListItem, JobFilters>
        key={search}
        url={JOB_LIST_URL}
        rowKey="id"
        columns={columns}
        initialFilters={linked}
        searchFields={searchFields}
        defaultSort={{ field: 'serviceDate', order: 'descend' }}
        toRequest={(filters) => {
          shown.current = filters;
          return jobFiltersToRequest(filters);
        }}
        toolbar={
          canExport ? (
            <GuardedButton icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
              {t('service.jobs.export')}
            </GuardedButton>
          ) : null
        }
        header={(response) => <JobTotals response={response as JobListResponse | undefined} />}
      />
    </Flex>
  );
}
