import type { JobListResponse } from '@tidyhouse/contract';
import { Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../shared';

/**
 * Totals of the filtered set; past the cap (COUNT_CAP, JOB_SEARCH_COUNT_CAP for a search: the answer's
 * `total` when `totalCapped`) the server sends none and the screen asks for a narrower filter.
 */
export function JobTotals({ response }: { response: JobListResponse | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  const totals = response?.totals;
  const hours = totals ? Math.round(totals.inHomeMinutes / 6) / 10 : 0;
  return (
    <Flex gap={48} align="center" wrap data-testid="job-totals">
      <Statistic
        title={t('service.jobs.totalJobs')}
        value={totals?.jobs ?? (response?.totalCapped ? `${response.total.toLocaleString()}+` : '—')}
      />
      <Statistic title={t('service.jobs.totalHours')} value={totals ? hours.toFixed(1) : '—'} />
      <Statistic title={t('service.jobs.totalRevenue')} value={totals ? money(totals.revenueCents) : '—'} />
      {response?.totalCapped ? (
        <Typography.Text type="secondary" data-testid="job-totals-capped">
          {t('service.jobs.totalsCapped', { max: response.total.toLocaleString() })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
