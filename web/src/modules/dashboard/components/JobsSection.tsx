import { DASHBOARD_COUNTED_STATUSES, type DashboardJobs, type DashboardResponse } from '@tidyhouse/contract';
import { Card, Col, Empty, Flex, Progress, Row, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shareOf, useFigures } from '../format';
import { jobListLink } from '../links';
import { EChart } from './EChart';

type Range = Pick<DashboardResponse, 'dateFrom' | 'dateTo'>;
type TeamRow = DashboardJobs['teams'][number];

const teamNameOf = (team: TeamRow, noTeam: string) => (team.teamId === null ? noTeam : team.name);

/** A figure against its goal, linked to the Job List rows it sums. */
function GoalFigure(props: {
  title: string;
  value: string;
  goal: string | null;
  share: number | null;
  to: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Link to={props.to} data-testid={props.testId}>
        <Statistic title={props.title} value={props.value} />
      </Link>
      {props.share === null ? (
        <Typography.Text type="secondary">{t('dashboard.page.noGoal')}</Typography.Text>
      ) : (
        <>
          <Progress percent={props.share} size="small" status={props.share >= 100 ? 'success' : 'normal'} />
          <Typography.Text type="secondary">{t('dashboard.page.ofGoal', { goal: props.goal })}</Typography.Text>
        </>
      )}
    </Card>
  );
}

/** Jobs of the range: counts by status, clean hours and revenue against the goals, by day and by team. */
export function JobsSection({ jobs, range }: { jobs: DashboardJobs; range: Range }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const { totals } = jobs;
  const counted = jobListLink({ ...range, statuses: DASHBOARD_COUNTED_STATUSES });

  const byDay = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 64, bottom: 24, top: 36 },
      xAxis: { type: 'category', data: jobs.days.map((d) => d.date.slice(5)) },
      yAxis: [
        { type: 'value', name: t('dashboard.page.hours', { value: '' }).trim() },
        { type: 'value', name: '$', splitLine: { show: false } },
      ],
      series: [
        { name: t('dashboard.jobs.cleanHours'), type: 'bar', data: jobs.days.map((d) => +(d.cleanMinutes / 60).toFixed(1)) },
        {
          name: t('dashboard.jobs.goalSeries'),
          type: 'line',
          step: 'middle',
          data: jobs.days.map((d) => +(d.cleanMinutesGoal / 60).toFixed(1)),
        },
        { name: t('dashboard.jobs.revenue'), type: 'line', yAxisIndex: 1, data: jobs.days.map((d) => d.revenueCents / 100) },
        {
          name: t('dashboard.jobs.revenueGoalSeries'),
          type: 'line',
          yAxisIndex: 1,
          lineStyle: { type: 'dashed' },
          data: jobs.days.map((d) => d.revenueGoalCents / 100),
        },
      ],
    }),
    [jobs.days, t],
  );
  const byTeam = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, bottom: 24, top: 36 },
      xAxis: { type: 'category', data: jobs.teams.map((team) => teamNameOf(team, t('dashboard.jobs.noTeam'))) },
      yAxis: { type: 'value' },
      series: [
        {
          name: t('dashboard.jobs.cleanHours'),
          type: 'bar',
          data: jobs.teams.map((team) => ({
            value: +(team.cleanMinutes / 60).toFixed(1),
            itemStyle: team.color ? { color: team.color } : {},
          })),
        },
        {
          name: t('dashboard.jobs.goalSeries'),
          type: 'bar',
          itemStyle: { color: '#d9d9d9' },
          data: jobs.teams.map((team) => +(team.cleanMinutesGoal / 60).toFixed(1)),
        },
      ],
    }),
    [jobs.teams, t],
  );

  const teamColumns: TableColumnsType<TeamRow> = [
    {
      key: 'team',
      title: t('dashboard.jobs.team'),
      render: (_, team) => (
        <Link to={jobListLink({ ...range, statuses: DASHBOARD_COUNTED_STATUSES, teamId: team.teamId })}>
          {teamNameOf(team, t('dashboard.jobs.noTeam'))}
        </Link>
      ),
    },
    { key: 'jobs', title: t('dashboard.jobs.count'), align: 'right', render: (_, team) => team.jobs },
    {
      key: 'hours',
      title: t('dashboard.jobs.cleanHours'),
      align: 'right',
      render: (_, team) => `${figures.hours(team.cleanMinutes)} / ${figures.hours(team.cleanMinutesGoal)}`,
    },
    {
      key: 'revenue',
      title: t('dashboard.jobs.revenue'),
      align: 'right',
      render: (_, team) => `${figures.money(team.revenueCents)} / ${figures.money(team.revenueGoalCents)}`,
    },
  ];

  const allJobs = jobs.byStatus.reduce((sum, s) => sum + s.jobs, 0);
  return (
    <Flex vertical gap={16} data-testid="dashboard-jobs">
      <Card size="small" title={t('dashboard.jobs.title')}>
        <Flex gap={32} wrap>
          <Link to={jobListLink(range)} data-testid="dash-status-all">
            <Statistic title={t('dashboard.jobs.all')} value={allJobs} />
          </Link>
          {jobs.byStatus.map((s) => (
            <Link key={s.status} to={jobListLink({ ...range, statuses: [s.status] })} data-testid={`dash-status-${s.status}`}>
              <Statistic title={t(`dashboard.jobStatus.${s.status}`)} value={s.jobs} />
            </Link>
          ))}
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={6}>
          <GoalFigure
            title={t('dashboard.jobs.cleanHours')}
            value={figures.hours(totals.cleanMinutes)}
            goal={figures.hours(totals.cleanMinutesGoal)}
            share={shareOf(totals.cleanMinutes, totals.cleanMinutesGoal)}
            to={counted}
            testId="dash-clean-hours"
          />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <GoalFigure
            title={t('dashboard.jobs.revenue')}
            value={figures.money(totals.revenueCents)}
            goal={figures.money(totals.revenueGoalCents)}
            share={shareOf(totals.revenueCents, totals.revenueGoalCents)}
            to={counted}
            testId="dash-revenue"
          />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small">
            <Link to={counted} data-testid="dash-average-job">
              <Statistic title={t('dashboard.jobs.averageJob')} value={figures.money(totals.averageJobCents)} />
            </Link>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small">
            <Link to={counted} data-testid="dash-per-clean-hour">
              <Statistic title={t('dashboard.jobs.perCleanHour')} value={figures.money(totals.revenuePerCleanHourCents)} />
            </Link>
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('dashboard.jobs.countedNote')}</Typography.Text>
      {totals.jobs === 0 ? (
        <Card size="small">
          <Empty description={t('dashboard.page.noJobs')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card size="small" title={t('dashboard.jobs.byDay')}>
              <EChart option={byDay} label={t('dashboard.jobs.byDay')} />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title={t('dashboard.jobs.byTeam')}>
              <EChart option={byTeam} label={t('dashboard.jobs.byTeam')} />
            </Card>
          </Col>
          <Col span={24}>
            <Table<TeamRow>
              size="small"
              rowKey={(team) => team.teamId ?? 0}
              columns={teamColumns}
              dataSource={jobs.teams}
              pagination={false}
              data-testid="dash-teams"
            />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
