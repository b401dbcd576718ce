import { LeftOutlined, PrinterOutlined, RightOutlined } from '@ant-design/icons';
import { addDays, type BoardJob, type BoardMoveResult } from '@tidyhouse/contract';
import { Alert, App, Button, DatePicker, Segmented, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { registerStrings } from '@/lib/i18n';
import { useScreenTitle } from '@/lib/screens';
import { useBusinessClock } from '../shared';
import { type BoardChange, useBoardChange, useBoardDay, useBoardWeek, useLiveBoard } from './api';
import { ConflictTray } from './ConflictTray';
import { DayBoard } from './DayBoard';
import { applyChange } from './layout';
import { boardStrings } from './strings';
import { WeekBoard } from './WeekBoard';
import './board.css';
import { GuardedButton } from '@/components/GuardedButton';

registerStrings(boardStrings);

type View = 'day' | 'week';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('service.board.states.loadFailed')}
      action={<Button onClick={onRetry}>{t('service.board.states.retry')}</Button>}
    />
  );
}

/** The job drawer loads with its first opening: the board's own chunk stays as small as it was. */
const JobDrawer = lazy(() => import('./JobDrawer'));

function DayView({ date, jobId, onOpenJob }: { date: string; jobId: number | null; onOpenJob: (id: number | null) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const day = useBoardDay(date);
  useLiveBoard(date, day.data?.stamp);
  const change = useBoardChange(date, applyChange);
  // A drag and the drawer's reschedule are the same move: optimistic, its warnings shown, heard by other boards.
  const move = (c: BoardChange) =>
    change.mutateAsync(c).then((result: BoardMoveResult) => {
      for (const w of result.warnings) void message.warning(t('service.board.warning', { message: w.message }), 6);
      for (const c of result.conflicts ?? [])
        void message.warning(t('service.board.conflictTray.caused', { message: c.message }), 6);
      return result;
    });
  const onChange = (c: BoardChange) => void move(c).catch(() => undefined);
  const openJob = useCallback((job: BoardJob) => onOpenJob(job.id), [onOpenJob]);
  if (day.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="board-loading" />;
  if (day.isError || !day.data) return <LoadFailed onRetry={() => void day.refetch()} />;
  return (
    <>
      <ConflictTray conflicts={day.data.conflicts ?? []} onOpenJob={onOpenJob} />
      <DayBoard day={day.data} onChange={onChange} onOpenJob={openJob} />
      {jobId !== null ? (
        <Suspense fallback={null}>
          <JobDrawer jobId={jobId} day={day.data} onMove={move} onClose={() => onOpenJob(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

function WeekView({ date, onOpenDay }: { date: string; onOpenDay: (date: string, jobId?: number) => void }) {
  const week = useBoardWeek(date);
  if (week.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="board-loading" />;
  if (week.isError || !week.data) return <LoadFailed onRetry={() => void week.refetch()} />;
  return <WeekBoard week={week.data} onOpenDay={onOpenDay} />;
}

/** /service/schedule and /quick/schedule: the schedule board (day and week views, print). */
export default function ScheduleBoardPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/service/schedule');
  const clock = useBusinessClock();
  const [params, setParams] = useSearchParams();
  const today = clock.data?.today;
  const date = params.get('date') ?? today;
  const view: View = params.get('view') === 'week' ? 'week' : 'day';
  // The open job's drawer is in the address too: a reload or a shared link opens it again.
  const jobParam = Number(params.get('job'));
  const jobId = Number.isInteger(jobParam) && jobParam > 0 ? jobParam : null;
  const go = useCallback(
    (next: { date?: string; view?: View; job?: number | null }) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          if (next.date) copy.set('date', next.date);
          if (next.view) copy.set('view', next.view);
          if (next.job) copy.set('job', String(next.job));
          else if (next.job === null) copy.delete('job');
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  const openJob = useCallback((job: number | null) => go({ job }), [go]);
  const step = view === 'week' ? 7 : 1;

  if (clock.isError) return <LoadFailed onRetry={() => void clock.refetch()} />;
  if (!date) return <Skeleton active paragraph={{ rows: 8 }} data-testid="board-loading" />;
  return (
    <div className="board-print-area" data-testid="schedule-board">
      <Typography.Title level={4} className="board-print-only">
        {t('service.board.print.title', { date })}
      </Typography.Title>
      <Space wrap className="board-toolbar" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button
          icon={<LeftOutlined />}
          aria-label={t(view === 'week' ? 'service.board.toolbar.previousWeek' : 'service.board.toolbar.previousDay')}
          onClick={() => go({ date: addDays(date, -step) })}
        />
        <DatePicker
          aria-label={t('service.board.toolbar.date')}
          allowClear={false}
          value={dayjs(date)}
          onChange={(value) => value && go({ date: value.format('YYYY-MM-DD') })}
          data-testid="board-date"
        />
        <Button
          icon={<RightOutlined />}
          aria-label={t(view === 'week' ? 'service.board.toolbar.nextWeek' : 'service.board.toolbar.nextDay')}
          onClick={() => go({ date: addDays(date, step) })}
        />
        <Button onClick={() => today && go({ date: today })}>{t('service.board.toolbar.today')}</Button>
        <Segmented<View>
          value={view}
          onChange={(value) => go({ view: value, job: null })}
          options={[
            { value: 'day', label: t('service.board.toolbar.day') },
            { value: 'week', label: t('service.board.toolbar.week') },
          ]}
        />
        <GuardedButton icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('service.board.toolbar.print')}
        </GuardedButton>
      </Space>
      <Typography.Paragraph type="secondary" className="board-help">
        {view === 'day' ? `${t('service.board.help')} ${t('service.board.toolbar.live')}` : null}
      </Typography.Paragraph>
      {view === 'day' ? (
        <DayView date={date} jobId={jobId} onOpenJob={openJob} />
      ) : (
        <WeekView date={date} onOpenDay={(d, job) => go({ date: d, view: 'day', job: job ?? null })} />
      )}
    </div>
  );
}
