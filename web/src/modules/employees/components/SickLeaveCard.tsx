import { useQuery } from '@tanstack/react-query';
import type { SickLeaveBalance } from '@tidyhouse/contract';
import { Alert, Card, Flex, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadFailureText, post } from '@/lib/http';
import { useHasPermission } from '@/lib/permissions';

/** The wages key: whoever may read wages may read a sick leave balance (/sickLeave/balance). */
const WAGES_KEY = '/employee/wages';

export const sickLeaveKey = (userId: number) => ['employees', 'sickLeave', userId] as const;

/**
 * "Paid sick leave" on the Leave tab (issue 24): today's balance — available, accrued and used this
 * year, carried over — and from when it may be used. Shown only to a role that may read wages.
 */
export function SickLeaveCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const allowed = useHasPermission(WAGES_KEY);
  const balance = useQuery({
    queryKey: sickLeaveKey(userId),
    queryFn: () => post<SickLeaveBalance>('/sickLeave/balance', { userId }),
    enabled: allowed,
  });
  if (!allowed) return null;
  const hours = (minutes: number) => t('employees.sickLeave.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  const data = balance.data;
  return (
    <Card size="small" title={t('employees.sickLeave.title')} style={{ marginBottom: 16 }} data-testid="sick-leave-card">
      {balance.isError ? (
        <Alert type="error" showIcon title={loadFailureText(balance.error, t('employees.sickLeave.loadFailed'))} />
      ) : (
        <Flex vertical gap={8}>
          <Space size={32} wrap>
            <Statistic title={t('employees.sickLeave.available')} value={data ? hours(data.availableMinutes) : '—'} />
            <Statistic title={t('employees.sickLeave.accrued')} value={data ? hours(data.accruedMinutes) : '—'} />
            <Statistic title={t('employees.sickLeave.used')} value={data ? hours(data.usedMinutes) : '—'} />
            <Statistic title={t('employees.sickLeave.carriedOver')} value={data ? hours(data.carriedOverMinutes) : '—'} />
          </Space>
          {data ? (
            <Typography.Text type="secondary">
              {t(`employees.sickLeave.methods.${data.method}`)}
              {data.usableFrom && data.usableFrom > data.date
                ? ` · ${t('employees.sickLeave.usableFrom', { date: data.usableFrom })}`
                : ''}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
