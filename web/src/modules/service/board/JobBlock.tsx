import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import RedoOutlined from '@ant-design/icons-svg/es/asn/RedoOutlined';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import type { BoardJob } from '@tidyhouse/contract';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, type MouseEvent, memo, type PointerEvent, type ReactNode } from 'react';
import { plainIcon } from '@/components/PlainIcon';
import { jobLengthText } from '../jobLength';
import { useBoardT } from './boardWords';
import { type DragStarter, useDragStarter } from './dragProxy';
import { fieldMark } from './fieldMark';
import { useJobOpener } from './jobOpener';
import { pxPerMinute, timeText } from './layout';

/** Block colours by job status (left border and tint). */
export const STATUS_COLORS: Record<BoardJob['status'], string> = {
  unscheduled: '#8c8c8c',
  scheduled: '#1677ff',
  completed: '#52c41a',
  uncompleted: '#fa8c16',
  cancelled: '#ff4d4f',
  closed: '#722ed1',
};

const MOVABLE = new Set(['unscheduled', 'scheduled']);

/** What a block shows: reference, customer, zone colour and the flags. Memoized: a drag re-renders only the wrapper. */
export const BlockBody = memo(function BlockBody({ job }: { job: BoardJob }) {
  const t = useBoardT();
  const flags = [
    job.customerAtHome && { key: 'home', icon: plainIcon(HomeOutlined), title: t('service.board.job.atHome') },
    job.keyNeeded && { key: 'key', icon: plainIcon(KeyOutlined), title: t('service.board.job.key') },
    job.reclean && { key: 'reclean', icon: plainIcon(RedoOutlined), title: t('service.board.job.reclean') },
  ].filter(Boolean) as { key: string; icon: ReactNode; title: string }[];
  return (
    <>
      <div className="board-job-line">
        {job.zone && <span className="board-zone-dot" style={{ background: job.zone.color }} title={job.zone.name} />}
        <strong>{job.customerName}</strong>
      </div>
      <div className="board-job-line board-job-meta">
        <span>{job.reference}</span>
        {flags.map((f) => (
          <span key={f.key} role="img" className="board-flag" title={f.title} aria-label={f.title} data-flag={f.key}>
            {f.icon}
          </span>
        ))}
        {fieldMark(t, job)}
      </div>
    </>
  );
});

/** The right edge of a block: dragging it changes the job's length. Drawn by the block (no component of its own). */
function resizeHandle(t: TFunction, starter: DragStarter | null, job: BoardJob) {
  // The handle sits in the block: the block's own handler must not start a move as well.
  const start = (event: PointerEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
    event.stopPropagation();
    starter?.start(event, event.currentTarget.parentElement!, { kind: 'resize', job });
  };
  // A click on the edge without a drag is not a click on the block: it opens no drawer.
  const stop = (event: MouseEvent<HTMLElement>) => event.stopPropagation();
  return (
    <span
      {...{
        role: 'button',
        tabIndex: 0,
        'aria-describedby': starter?.describedBy,
        'aria-label': t('service.board.job.resize', { reference: job.reference }),
        onPointerDown: start,
        onKeyDown: start,
        onClick: stop,
      }}
      className="board-resize"
      data-testid={`resize-${job.reference}`}
    />
  );
}

/**
 * A job on a team's timeline (absolutely placed) or in the tray (in flow). Memoized and without an
 * antd Tooltip (a native title instead): a day holds hundreds of blocks and a drag re-renders them.
 */
export const JobBlock = memo(function JobBlock({
  job,
  slotMinutes,
  openingMinutes,
  conflict,
}: {
  job: BoardJob;
  slotMinutes: number;
  openingMinutes?: number;
  /** The sentences of the schedule conflicts the job is in, one a line. */
  conflict?: string;
}) {
  const t = useBoardT();
  const movable = MOVABLE.has(job.status);
  const starter = useDragStarter();
  const placed = openingMinutes !== undefined && job.startMinutes !== null;
  const perMinute = pxPerMinute(slotMinutes);
  const from = job.startMinutes ?? 0;
  const label = t('service.board.job.label', {
    reference: job.reference,
    customer: job.customerName,
    from: placed ? timeText(from) : '',
    to: placed ? timeText(from + job.durationMinutes) : '',
  });
  const color = STATUS_COLORS[job.status];
  const opener = useJobOpener();
  // Every block is a button that opens the job's drawer (a click, or Enter); a movable one also starts
  // the board's one draggable (dragProxy.tsx) with Space or a pointer drag. A drag is no click: dnd-kit
  // swallows the click that ends an activated drag.
  const interaction = {
    role: 'button',
    tabIndex: 0,
    'aria-haspopup': 'dialog' as const,
    'aria-label': label,
    onClick: () => opener?.(job),
    ...(movable
      ? {
          'aria-describedby': starter?.describedBy,
          onPointerDown: (event: PointerEvent<HTMLElement>) => starter?.start(event, event.currentTarget, { kind: 'job', job }),
        }
      : {}),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) {
        event.preventDefault();
        opener?.(job);
      } else if (movable) starter?.start(event, event.currentTarget, { kind: 'job', job });
    },
  };
  const conflictTitle = conflict ? `${t('service.board.job.conflict')}: ${conflict}` : '';
  const title = `${label} · ${jobLengthText(t, job.length)}`;
  return (
    <div
      title={conflict ? `${title}\n${conflictTitle}` : title}
      {...interaction}
      data-testid={`job-${job.reference}`}
      data-status={job.status}
      data-field-state={job.fieldState}
      data-team={job.teamId ?? ''}
      data-start={job.startMinutes ?? ''}
      data-conflict={conflict ? 'true' : undefined}
      className={`board-job ${placed ? 'board-job-placed' : 'board-job-loose'}${job.driveShort ? ' board-job-short' : ''}${conflict ? ' board-job-conflict' : ''}`}
      style={{
        borderLeftColor: color,
        background: `${color}1f`,
        cursor: movable ? 'grab' : 'default',
        ...(placed
          ? { left: (from - openingMinutes!) * perMinute, width: Math.max(job.durationMinutes * perMinute - 2, 8) }
          : {}),
      }}
    >
      <BlockBody job={job} />
      {conflict ? (
        <span role="img" className="board-conflict-flag" aria-label={conflictTitle} data-testid={`conflict-${job.reference}`}>
          {plainIcon(WarningFilled)}
        </span>
      ) : null}
      {placed && movable && job.status === 'scheduled' && resizeHandle(t, starter, job)}
    </div>
  );
});

/**
 * The drive into a placed job, drawn as a gap block before it (red when the gap is too short). An
 * element, not a component: nothing at all for a job without a drive.
 */
export function driveGap(t: TFunction, job: BoardJob, openingMinutes: number, slotMinutes: number) {
  if (job.startMinutes === null || !job.driveMinutes) return null;
  const perMinute = pxPerMinute(slotMinutes);
  const start = Math.max(openingMinutes, job.startMinutes - job.driveMinutes);
  const text = t('service.board.job.drive', { miles: ((job.driveTenthMiles ?? 0) / 10).toFixed(1), minutes: job.driveMinutes });
  return (
    <div
      key={`d${job.id}`}
      className={`board-drive${job.driveShort ? ' board-drive-short' : ''}`}
      style={{ left: (start - openingMinutes) * perMinute, width: (job.startMinutes - start) * perMinute }}
      title={job.driveShort ? `${text} — ${t('service.board.job.driveShort')}` : text}
      data-testid={`drive-${job.reference}`}
    />
  );
}
