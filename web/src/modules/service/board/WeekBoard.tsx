import type { BoardWeek, BoardWeekCell } from '@tidyhouse/contract';
import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDuration, useMoney } from '../shared';

type Row = { key: string; name: string; color?: string; textColor?: string; days: BoardWeekCell[] };

/** Teams × the 7 days: clean hours and revenue, marked when below the daily goal; a date opens its day view. */
export function WeekBoard({ week, onOpenDay }: { week: BoardWeek; onOpenDay: (date: string) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const duration = useDuration();
  const { dailyCleanMinutesGoal, dailyRevenueGoalCents } = week.goals;
  const below = (cell: BoardWeekCell) =>
    cell.jobs > 0 && (cell.cleanMinutes < dailyCleanMinutesGoal || cell.revenueCents < dailyRevenueGoalCents);

  const cellView = (cell: BoardWeekCell, teamKey: string, isTotal: boolean) => (
    <div
      data-testid={`week-cell-${teamKey}-${cell.date}`}
      data-clean-minutes={cell.cleanMinutes}
      data-revenue-cents={cell.revenueCents}
      className={!isTotal && below(cell) ? 'board-week-below' : undefined}
      title={!isTotal && below(cell) ? t('service.board.week.belowGoal') : undefined}
    >
      <div>{t('service.board.week.jobs', { count: cell.jobs })}</div>
      <div>{duration(cell.cleanMinutes)}</div>
      <div>{money(cell.revenueCents)}</div>
    </div>
  );

  const columns: ColumnsType<Row> = [
    {
      title: t('service.board.week.team'),
      dataIndex: 'name',
      width: 180,
      fixed: 'left',
      render: (name: string, row) =>
        row.color ? (
          <span className="board-week-team" style={{ background: row.color, color: row.textColor }}>
            {name}
          </span>
        ) : (
          <strong>{name}</strong>
        ),
    },
    ...week.dates.map((date, i) => ({
      key: date,
      title: (
        <Button
          type={date === week.today ? 'primary' : 'link'}
          size="small"
          onClick={() => onOpenDay(date)}
          aria-label={t('service.board.week.openDay', { date })}
          data-testid={`week-open-${date}`}
        >
          {dayjs(date).format('ddd M/D')}
        </Button>
      ),
      render: (_: unknown, row: Row) => cellView(row.days[i]!, row.key, row.key === 'total'),
    })),
  ];
  const rows: Row[] = [
    ...week.teams.map((team) => ({
      key: String(team.id),
      name: team.name,
      color: team.color,
      textColor: team.textColor,
      days: team.days,
    })),
    { key: 'total', name: t('service.board.week.total'), days: week.totals },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('service.board.week.goals', { hours: duration(dailyCleanMinutesGoal), revenue: money(dailyRevenueGoalCents) })}
      </Typography.Paragraph>
      <Table<Row> size="small" bordered pagination={false} columns={columns} dataSource={rows} scroll={{ x: 'max-content' }} />
    </>
  );
}
