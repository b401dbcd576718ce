import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import type { BoardWeek, BoardWeekCell } from '@tidyhouse/contract';
import { Button, Empty, Progress, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { plainIcon } from '@/components/PlainIcon';
import { durationText, useMoney } from '../shared';
import { BoardWordsContext, useBoardT } from './boardWords';
import { STATUS_COLORS } from './JobBlock';
import { timeText } from './layout';

type OpenDay = (date: string, jobId?: number) => void;

/** How much of the business day a team's jobs take, in percent (may pass 100). */
export const loadPercent = (cleanMinutes: number, week: Pick<BoardWeek, 'openingMinutes' | 'closingMinutes'>) =>
  Math.round((cleanMinutes / Math.max(1, week.closingMinutes - week.openingMinutes)) * 100);

/**
 * One team's day: its jobs (time and customer) while they fit, else a count and a load bar. A click on
 * the cell opens the day on the board; a click on a job opens the day with the job's drawer.
 */
const WeekCell = memo(function WeekCell({
  cell,
  teamId,
  week,
  onOpenDay,
}: {
  cell: BoardWeekCell;
  teamId: number;
  week: BoardWeek;
  onOpenDay: OpenDay;
}) {
  // The week's one t (boardWords.ts): a hook of react-i18next in each of 210 cells cost a third of the view.
  const t = useBoardT();
  const percent = loadPercent(cell.cleanMinutes, week);
  const load = t('service.board.week.load', {
    hours: durationText(t, cell.cleanMinutes),
    day: durationText(t, week.closingMinutes - week.openingMinutes),
    percent,
  });
  const listed = cell.blocks.length === cell.jobs;
  return (
    // The whole cell is a shortcut to its day; the keyboard way is the day's header button.
    // biome-ignore lint/a11y/noStaticElementInteractions: the day header is the focusable control
    // biome-ignore lint/a11y/useKeyWithClickEvents: the day header is the focusable control
    <div
      className={`board-week-cell${cell.date === week.today ? ' board-week-today' : ''}`}
      data-testid={`week-cell-${teamId}-${cell.date}`}
      data-clean-minutes={cell.cleanMinutes}
      data-revenue-cents={cell.revenueCents}
      data-jobs={cell.jobs}
      onClick={() => onOpenDay(cell.date)}
    >
      {cell.conflicts > 0 ? (
        <Tag
          color="error"
          icon={plainIcon(WarningFilled)}
          className="board-week-conflicts"
          data-testid={`week-conflicts-${teamId}-${cell.date}`}
        >
          {t('service.board.week.conflicts', { count: cell.conflicts })}
        </Tag>
      ) : null}
      {cell.jobs === 0 ? (
        <span className="board-week-free">{t('service.board.week.free')}</span>
      ) : listed ? (
        cell.blocks.map((block) => {
          const time = block.startMinutes === null ? t('service.board.week.anyTime') : timeText(block.startMinutes);
          return (
            <button
              key={block.id}
              type="button"
              className={`board-week-job${block.conflict ? ' board-week-job-conflict' : ''}`}
              style={{ borderLeftColor: STATUS_COLORS[block.status] }}
              aria-label={`${t('service.board.week.jobLabel', { time, customer: block.customerName, reference: block.reference })}${block.conflict ? ` · ${t('service.board.job.conflict')}` : ''}`}
              data-conflict={block.conflict ? 'true' : undefined}
              data-testid={`week-job-${block.reference}`}
              onClick={(event) => {
                event.stopPropagation();
                onOpenDay(cell.date, block.id);
              }}
            >
              {block.conflict ? plainIcon(WarningFilled) : null}
              <span className="board-week-time">{time}</span> {block.customerName}
            </button>
          );
        })
      ) : (
        <div className="board-week-count" title={load} data-testid={`week-load-${teamId}-${cell.date}`}>
          <span>
            {t('service.board.week.jobs', { count: cell.jobs })}
            {percent >= 100 ? ` · ${t('service.board.week.full')}` : ''}
          </span>
          <Progress percent={Math.min(percent, 100)} showInfo={false} size="small" aria-label={load} />
        </div>
      )}
    </div>
  );
});

/** The week as a calendar: teams × the 7 days; a day's header (or cell) opens it on the board. */
export function WeekBoard({ week, onOpenDay }: { week: BoardWeek; onOpenDay: OpenDay }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (week.teams.length === 0) return <Empty description={t('service.board.states.noTeams')} />;
  return (
    <BoardWordsContext.Provider value={t}>
      <Typography.Paragraph type="secondary">{t('service.board.week.hint')}</Typography.Paragraph>
      <div className="board-week-scroll">
        <div className="board-week" data-testid="week-calendar">
          <div className="board-week-head board-week-corner">{t('service.board.week.team')}</div>
          {week.dates.map((date) => (
            <div key={date} className={`board-week-head${date === week.today ? ' board-week-today' : ''}`}>
              <Button
                type={date === week.today ? 'primary' : 'link'}
                size="small"
                onClick={() => onOpenDay(date)}
                aria-label={t('service.board.week.openDay', { date })}
                data-testid={`week-open-${date}`}
              >
                {dayjs(date).format('ddd M/D')}
              </Button>
            </div>
          ))}
          {week.teams.map((team) => (
            <div key={team.id} className="board-week-row" data-testid={`week-row-${team.id}`}>
              <div className="board-week-label">
                <span className="board-week-team" style={{ background: team.color, color: team.textColor }}>
                  {team.name}
                </span>
              </div>
              {team.days.map((cell) => (
                <WeekCell key={cell.date} cell={cell} teamId={team.id} week={week} onOpenDay={onOpenDay} />
              ))}
            </div>
          ))}
          <div className="board-week-row board-week-totals">
            <div className="board-week-label">
              <strong>{t('service.board.week.total')}</strong>
            </div>
            {week.totals.map((cell) => (
              <div
                key={cell.date}
                className="board-week-cell"
                data-testid={`week-cell-total-${cell.date}`}
                data-clean-minutes={cell.cleanMinutes}
                data-revenue-cents={cell.revenueCents}
              >
                <div>{t('service.board.week.jobs', { count: cell.jobs })}</div>
                {cell.conflicts > 0 ? (
                  <Typography.Text type="danger">{t('service.board.week.conflicts', { count: cell.conflicts })}</Typography.Text>
                ) : null}
                <div>
                  {durationText(t, cell.cleanMinutes)} · {money(cell.revenueCents)}
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </BoardWordsContext.Provider>
  );
}
