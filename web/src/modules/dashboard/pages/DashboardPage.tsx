import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_SECTION_SCREENS, type DashboardRequest, type DashboardResponse } from '@tidyhouse/contract';
import { Button, DatePicker, Empty, Flex, Form, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/LoadFailed';
import { useBusinessToday } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { useHasPermission } from '@/lib/permissions';
import { useScreenTitle } from '@/lib/screens';
import { JobsSection } from '../components/JobsSection';
import { OtherSections } from '../components/OtherSections';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the URL (?dateFrom=&dateTo=), so a link or a reload shows the same days; none: today. */
function useRange(): [DashboardRequest, (range: DashboardRequest) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('dateFrom') ?? '';
  const to = params.get('dateTo') ?? '';
  const range = DATE.test(from) && DATE.test(to) ? { dateFrom: from, dateTo: to } : {};
  const set = (next: DashboardRequest) =>
    setParams(next.dateFrom && next.dateTo ? { dateFrom: next.dateFrom, dateTo: next.dateTo } : {}, { replace: true });
  return [range, set];
}

/** /quick/dashboard: the figures of today or a chosen range, each linked to the screen listing its rows. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/quick/dashboard');
  const [range, setRange] = useRange();
  const mayJobs = useHasPermission(DASHBOARD_SECTION_SCREENS.jobs);
  const answer = useQuery({
    queryKey: ['dashboard', range.dateFrom ?? 'today', range.dateTo ?? 'today'],
    queryFn: () => post<DashboardResponse>('/dashboard/query', range),
  });
  const data = answer.data;
  const shown = data ? [data.jobs, data.quotes, data.cards, data.reminders, data.followUps, data.leave, data.outages] : [];
  const businessToday = useBusinessToday();
  const today = data ? dayjs(data.today) : businessToday;
  const picked: [Dayjs, Dayjs] | null = data ? [dayjs(data.dateFrom), dayjs(data.dateTo)] : null;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Form layout="inline" component="div">
          <Form.Item label={t('dashboard.filter.range')} style={{ marginInlineEnd: 8 }}>
            <DatePicker.RangePicker
              aria-label={t('dashboard.filter.range')}
              value={picked}
              allowClear={false}
              presets={[
                { label: t('dashboard.presets.today'), value: [today, today] },
                { label: t('dashboard.presets.week'), value: [today.startOf('week'), today.endOf('week')] },
                { label: t('dashboard.presets.last7'), value: [today.subtract(6, 'day'), today] },
                { label: t('dashboard.presets.month'), value: [today.startOf('month'), today.endOf('month')] },
              ]}
              onChange={(dates) => {
                if (dates?.[0] && dates[1])
                  setRange({ dateFrom: dates[0].format('YYYY-MM-DD'), dateTo: dates[1].format('YYYY-MM-DD') });
              }}
            />
          </Form.Item>
          <Button onClick={() => setRange({})} data-testid="dashboard-today">
            {t('dashboard.page.today')}
          </Button>
        </Form>
      </Flex>
      {answer.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} data-testid="dashboard-loading" />
      ) : answer.isError ? (
        <LoadFailed title={t('dashboard.page.loadFailed')} onRetry={() => void answer.refetch()} />
      ) : data && shown.every((section) => section === undefined) ? (
        <Empty description={t('dashboard.page.nothing')} />
      ) : data ? (
        <>
          {data.jobs && mayJobs ? <JobsSection jobs={data.jobs} range={data} /> : null}
          <OtherSections data={data} />
        </>
      ) : null}
    </Flex>
  );
}
