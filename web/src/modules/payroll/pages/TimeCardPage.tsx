import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type AttendanceQuery, addDays } from '@tidyhouse/contract';
import { Button, DatePicker, Empty, Flex, Select, Skeleton, Space, Spin, Table, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/LoadFailed';
import { loadFailureText } from '@/lib/http';
import { useScreenTitle } from '@/lib/screens';
import { useBusinessClock } from '../../service/shared';
import { useAttendance, useEmployeeOptions } from '../time-cards/api';
import { DayCard, TotalsLine } from '../time-cards/DayCard';
import { FlagsList } from '../time-cards/FlagsList';
import { flagText, hoursText } from '../time-cards/format';
import { MealWaivers } from '../time-cards/MealWaivers';
import { PeriodActions } from '../time-cards/PeriodActions';

type View = 'day' | 'week' | 'flags';

function Attendance({ query }: { query: AttendanceQuery }) {
  const { t } = useTranslation();
  const attendance = useAttendance(query);
  if (attendance.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="time-card-loading" />;
  if (attendance.isError || !attendance.data) {
    return (
      <LoadFailed
        title={loadFailureText(attendance.error, t('payroll.timeCard.loadFailed'))}
        onRetry={() => void attendance.refetch()}
      />
    );
  }
  const data = attendance.data;
  const nameOf = (userId: number) => data.employees.find((e) => e.userId === userId)?.name ?? '';
  const weekUser = query.view === 'week' ? query.userId : undefined;

  return (
    <Spin spinning={attendance.isFetching}>
      <Flex vertical gap={12}>
        <PeriodActions
          data={data}
          date={query.date}
          employee={weekUser ? { userId: weekUser, name: nameOf(weekUser) } : undefined}
        />
        {query.view === 'day' && (
          <Table
            size="small"
            rowKey="userId"
            pagination={false}
            dataSource={data.employees}
            locale={{ emptyText: t('payroll.timeCard.noEmployees') }}
            data-testid="day-summary"
            columns={[
              { title: t('payroll.timeCard.columns.employee'), dataIndex: 'name' },
              { title: t('payroll.timeCard.totals.worked'), key: 'w', render: (_, e) => hoursText(e.totals.worked) },
              { title: t('payroll.timeCard.totals.job'), key: 'j', render: (_, e) => hoursText(e.totals.job) },
              { title: t('payroll.timeCard.totals.drive'), key: 'd', render: (_, e) => hoursText(e.totals.drive) },
              { title: t('payroll.timeCard.totals.meal'), key: 'm', render: (_, e) => hoursText(e.totals.meal) },
              { title: t('payroll.timeCard.columns.flags'), dataIndex: 'flagCount' },
            ]}
          />
        )}
        {query.view === 'week' && data.employees[0] && (
          <TotalsLine totals={data.employees[0].totals} laborTypes={data.laborTypes} />
        )}
        {data.days.length === 0 ? (
          <Empty description={t('payroll.timeCard.noEmployees')} />
        ) : (
          data.days.map((day) => (
            <DayCard
              key={`${day.userId}-${day.workDate}`}
              day={day}
              employeeName={nameOf(day.userId)}
              title={query.view === 'day' ? nameOf(day.userId) : dayjs(day.workDate).format('YYYY-MM-DD ddd')}
              laborTypes={data.laborTypes}
              approval={data.approvals.find(
                (a) =>
                  a.userId === day.userId &&
                  a.status === 'approved' &&
                  a.periodStart <= day.workDate &&
                  a.periodEnd >= day.workDate,
              )}
            />
          ))
        )}
        {query.view === 'day' && data.days.some((d) => d.flags.length) && (
          <Typography.Text type="secondary">
            {t('payroll.timeCard.flagSummary', {
              count: data.days.reduce((n, d) => n + d.flags.length, 0),
              first: flagText(t, data.days.find((d) => d.flags.length)!.flags[0]!),
            })}
          </Typography.Text>
        )}
      </Flex>
    </Spin>
  );
}

/** /employee/attendance: time cards by day (every employee) or week (one employee), the flags list, approval. */
export default function TimeCardPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/employee/attendance');
  const clock = useBusinessClock();
  const employees = useEmployeeOptions();
  const [params, setParams] = useSearchParams();
  const view = (['day', 'week', 'flags'].includes(params.get('view') ?? '') ? params.get('view') : 'day') as View;
  const date = params.get('date') ?? clock.data?.today;
  const userId = Number(params.get('userId')) || undefined;
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) copy.delete(key);
          else copy.set(key, value);
        }
        return copy;
      },
      { replace: true },
    );

  if (clock.isError) return <LoadFailed onRetry={() => void clock.refetch()} />;
  if (!date) return <Skeleton active paragraph={{ rows: 8 }} data-testid="time-card-loading" />;
  const step = view === 'week' ? 7 : 1;
  const query: AttendanceQuery | null =
    view === 'day' ? { view: 'day', date } : view === 'week' && userId ? { view: 'week', date, userId } : null;

  return (
    <div data-testid="time-card-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {view !== 'flags' && (
          <>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('payroll.timeCard.previous')}
              onClick={() => set({ date: addDays(date, -step) })}
            />
            <DatePicker
              aria-label={t('payroll.timeCard.date')}
              allowClear={false}
              value={dayjs(date)}
              onChange={(value) => value && set({ date: value.format('YYYY-MM-DD') })}
              data-testid="time-card-date"
            />
            <Button
              icon={<RightOutlined />}
              aria-label={t('payroll.timeCard.next')}
              onClick={() => set({ date: addDays(date, step) })}
            />
            <Button onClick={() => set({ date: clock.data?.today })}>{t('payroll.timeCard.today')}</Button>
          </>
        )}
        {view === 'week' && (
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            placeholder={t('payroll.timeCard.pickEmployee')}
            aria-label={t('payroll.timeCard.pickEmployee')}
            loading={employees.isPending}
            value={userId}
            options={(employees.data?.employees ?? []).map((e) => ({ value: e.id, label: e.name }))}
            onChange={(id) => set({ userId: String(id) })}
          />
        )}
      </Space>
      <Tabs
        activeKey={view}
        onChange={(key) => set({ view: key })}
        items={[
          { key: 'day', label: t('payroll.timeCard.views.day') },
          { key: 'week', label: t('payroll.timeCard.views.week') },
          { key: 'flags', label: t('payroll.timeCard.views.flags') },
        ]}
      />
      {view === 'flags' ? (
        <FlagsList date={date} onOpen={(id, day) => set({ view: 'week', userId: String(id), date: day })} />
      ) : query ? (
        <Flex vertical gap={12}>
          <Attendance query={query} />
          {query.view === 'week' && (
            <MealWaivers
              userId={query.userId}
              employeeName={employees.data?.employees.find((e) => e.id === query.userId)?.name ?? ''}
            />
          )}
        </Flex>
      ) : (
        <Empty description={t('payroll.timeCard.pickEmployeeHelp')} />
      )}
    </div>
  );
}
