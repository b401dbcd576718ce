import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { BoardDay, BoardJob, BoardTeam } from '@tidyhouse/contract';
import { Empty, Tag, Typography } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { durationText, useMoney } from '../shared';
import type { BoardChange } from './api';
import { BoardWordsContext, useBoardT } from './boardWords';
import { type DragData, DragProxy } from './dragProxy';
import { BlockBody, driveGap, JobBlock, STATUS_COLORS } from './JobBlock';
import {
  countingKeyboardCoordinates,
  type KeySteps,
  LABEL_PX,
  movedStart,
  nowMinutesIn,
  pxPerMinute,
  ROW_PX,
  resizedDuration,
  SLOT_PX,
  startAt,
  teamRowsAway,
  timeText,
} from './layout';
import { SuggestOrderButton } from './RouteOrder';

/** Stable empty lists, so an empty lane's props do not change from one render to the next. */
const NO_JOBS: BoardJob[] = [];
const NO_TASKS: BoardDay['tasks'] = [];

const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter', 'Tab'] };

type DropTarget = { kind: 'team'; teamId: number; name: string } | { kind: 'tray'; name: string };

/** The pointer decides where a block lands; with the keyboard (no pointer), the block's own rectangle does. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/** The current time on today's board, refreshed every minute. */
function useNowMinutes(day: BoardDay): number | null {
  const isToday = day.date === day.today;
  const [now, setNow] = useState(() => (isToday ? nowMinutesIn(day.timeZone) : null));
  useEffect(() => {
    if (!isToday) {
      setNow(null);
      return;
    }
    setNow(nowMinutesIn(day.timeZone));
    const timer = setInterval(() => setNow(nowMinutesIn(day.timeZone)), 60_000);
    return () => clearInterval(timer);
  }, [isToday, day.timeZone]);
  return now;
}

/** Memoized like the lanes and labels: the board re-renders when a drag starts and on each change. */
const Tray = memo(function Tray({ jobs, slotMinutes }: { jobs: BoardJob[]; slotMinutes: number }) {
  const t = useBoardT();
  const name = t('service.board.tray.title');
  const { setNodeRef, isOver } = useDroppable({ id: 'tray', data: { kind: 'tray', name } satisfies DropTarget });
  // Kept while the jobs are, as a lane's content is: the droppable re-renders the tray during a drag.
  const content = useMemo(
    () => (
      <>
        <Typography.Text strong>{name}</Typography.Text>{' '}
        <Typography.Text type="secondary">{t('service.board.tray.hint')}</Typography.Text>
        <div className="board-tray-jobs">
          {jobs.length === 0 ? (
            <Typography.Text type="secondary">{t('service.board.tray.empty')}</Typography.Text>
          ) : (
            jobs.map((job) => (
              <div key={job.id} className="board-tray-item">
                <JobBlock job={job} slotMinutes={slotMinutes} />
                {job.serviceDate === null && <Tag>{t('service.board.tray.noDate')}</Tag>}
              </div>
            ))
          )}
        </div>
      </>
    ),
    [t, name, jobs, slotMinutes],
  );
  return (
    <section ref={setNodeRef} aria-label={name} data-testid="board-tray" className={`board-tray${isOver ? ' board-over' : ''}`}>
      {content}
    </section>
  );
});

const TeamLabel = memo(function TeamLabel({ team, date }: { team: BoardTeam; date: string }) {
  const t = useBoardT();
  const money = useMoney();
  return (
    <div className="board-label" style={{ width: LABEL_PX, borderLeft: `6px solid ${team.color}` }}>
      <div className="board-team-name" style={{ background: team.color, color: team.textColor }}>
        {team.name}
      </div>
      <div className="board-members" title={t('service.board.team.members')}>
        {team.members.length === 0
          ? t('service.board.team.noMembers')
          : team.members.map((m) => (m.leader ? `★ ${m.name}` : m.name)).join(', ')}
      </div>
      {team.members.some((m) => m.clockedIn) && (
        <div className="board-members board-clocked-in" data-testid={`team-clocked-${team.id}`}>
          {t('service.board.team.clockedIn', {
            names: team.members
              .filter((m) => m.clockedIn)
              .map((m) => m.name)
              .join(', '),
          })}
        </div>
      )}
      {team.onLeave.length > 0 && (
        <div className="board-leave">
          {t('service.board.team.onLeave', { names: team.onLeave.map((l) => l.name).join(', ') })}
        </div>
      )}
      {team.outage && <div className="board-leave">{t('service.board.team.out', { reason: team.outage })}</div>}
      <div
        className="board-members"
        data-testid={`team-totals-${team.id}`}
        data-clean-minutes={team.cleanMinutes}
        data-revenue-cents={team.revenueCents}
      >
        {t('service.board.team.totals', { hours: durationText(t, team.cleanMinutes), revenue: money(team.revenueCents) })}
      </div>
      <SuggestOrderButton team={team} date={date} />
    </div>
  );
});

interface LaneProps {
  team: BoardTeam;
  /** The lane's jobs' conflict sentences as JSON ([jobId, sentences][]): a string, so the memo compares by value. */
  conflicts: string;
  jobs: BoardJob[];
  tasks: BoardDay['tasks'];
  openingMinutes: number;
  closingMinutes: number;
  slotMinutes: number;
}

/** One team's timeline: the drop target of the row, with its tasks, drive gaps and jobs. */
const TeamLane = memo(function TeamLane({
  team,
  conflicts,
  jobs,
  tasks,
  openingMinutes,
  closingMinutes,
  slotMinutes,
}: LaneProps) {
  const conflictOf = useMemo(
    () => new Map<number, string[]>(conflicts ? (JSON.parse(conflicts) as [number, string[]][]) : []),
    [conflicts],
  );
  const { setNodeRef, isOver } = useDroppable({
    id: `team:${team.id}`,
    data: { kind: 'team', teamId: team.id, name: team.name } satisfies DropTarget,
  });
  const t = useBoardT();
  // The lane's content is kept while its jobs are: the droppable re-renders the lane whenever @dnd-kit's
  // context changes during a drag (and on the drop), and then React finds the very same elements and
  // skips them, instead of comparing 300 blocks' props and redrawing the drive gaps' words.
  const content = useMemo(() => {
    const perMinute = pxPerMinute(slotMinutes);
    return (
      <>
        {tasks.map((task) =>
          task.startMinutes === null ? null : (
            <div
              key={task.taskId}
              title={`${t('service.board.job.task')}: ${task.name}`}
              className="board-task"
              style={{
                left: (task.startMinutes - openingMinutes) * perMinute,
                width: task.durationMinutes * perMinute,
              }}
            >
              {task.name}
            </div>
          ),
        )}
        {jobs.map((job) => driveGap(t, job, openingMinutes, slotMinutes))}
        {jobs.map((job) => (
          <JobBlock
            key={job.id}
            job={job}
            slotMinutes={slotMinutes}
            openingMinutes={openingMinutes}
            conflict={conflictOf.get(job.id)?.join('\n')}
          />
        ))}
      </>
    );
  }, [t, tasks, jobs, conflictOf, openingMinutes, slotMinutes]);
  return (
    <section
      ref={setNodeRef}
      className={`board-lane${isOver ? ' board-over' : ''}${team.outage ? ' board-lane-out' : ''}`}
      style={{ width: ((closingMinutes - openingMinutes) / slotMinutes) * SLOT_PX, height: ROW_PX }}
      data-testid={`lane-${team.id}`}
      aria-label={team.name}
    >
      {content}
    </section>
  );
});

function HourScale({ day }: { day: BoardDay }) {
  const hours: number[] = [];
  for (let m = Math.ceil(day.openingMinutes / 60) * 60; m < day.closingMinutes; m += 60) hours.push(m);
  const perMinute = pxPerMinute(day.slotMinutes);
  return (
    <div className="board-scale" style={{ marginLeft: LABEL_PX, width: (day.closingMinutes - day.openingMinutes) * perMinute }}>
      {hours.map((m) => (
        <span key={m} style={{ left: (m - day.openingMinutes) * perMinute }}>
          {timeText(m)}
        </span>
      ))}
    </div>
  );
}

/** The day view: the tray, then one row per team on a time axis from opening to closing. */
export function DayBoard({
  day,
  onChange,
  onOpenJob,
}: {
  day: BoardDay;
  onChange: (change: BoardChange) => void;
  onOpenJob?: (job: BoardJob) => void;
}) {
  const { t } = useTranslation();
  const keySteps = useRef<KeySteps>({ x: 0, y: 0 }).current;
  // Enter opens a block's drawer, except while a keyboard drag is under way (then Enter drops it).
  const dragging = useRef(false);
  const openJob = useRef(onOpenJob);
  openJob.current = onOpenJob;
  const opener = useCallback((job: BoardJob) => {
    if (!dragging.current) openJob.current?.(job);
  }, []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Instant scrolling: near the edge each key scrolls the board one slot instead of moving the block,
    // and a smooth scroll cut short by the next key press loses most of the move.
    // Space picks a block up (Enter is the block's own: it opens the drawer); Space or Enter drops it.
    useSensor(KeyboardSensor, {
      coordinateGetter: countingKeyboardCoordinates(keySteps),
      scrollBehavior: 'auto',
      keyboardCodes: KEYBOARD_CODES,
    }),
  );
  const now = useNowMinutes(day);
  // A team's array is kept from the previous render while its jobs are the same objects (the query
  // keeps unchanged jobs' identity), so after a move only the lanes it touched re-render.
  const previousGroups = useRef(new Map<number, BoardJob[]>());
  const jobsByTeam = useMemo(() => {
    const map = new Map<number, BoardJob[]>();
    for (const job of day.jobs) if (job.teamId !== null) map.set(job.teamId, [...(map.get(job.teamId) ?? []), job]);
    for (const [teamId, jobs] of map) {
      const before = previousGroups.current.get(teamId);
      if (before && before.length === jobs.length && before.every((j, i) => j === jobs[i])) map.set(teamId, before);
    }
    previousGroups.current = map;
    return map;
  }, [day.jobs]);
  // The day's conflicts (the one check's, in the board answer) by team, for marking their blocks.
  const conflictsByTeam = useMemo(() => {
    const byTeam = new Map<number, Map<number, string[]>>();
    for (const conflict of day.conflicts ?? []) {
      const jobs = byTeam.get(conflict.teamId) ?? new Map<number, string[]>();
      for (const id of conflict.jobIds) jobs.set(id, [...(jobs.get(id) ?? []), conflict.message]);
      byTeam.set(conflict.teamId, jobs);
    }
    return new Map([...byTeam].map(([teamId, jobs]) => [teamId, JSON.stringify([...jobs])]));
  }, [day.conflicts]);
  const tasksByTeam = useMemo(() => {
    const map = new Map<number, BoardDay['tasks']>();
    for (const task of day.tasks) for (const id of task.teamIds) map.set(id, [...(map.get(id) ?? []), task]);
    return map;
  }, [day.tasks]);

  const [dragged, setDragged] = useState<BoardJob | null>(null);
  const onDragStart = ({ active }: DragStartEvent) => {
    dragging.current = true;
    keySteps.x = 0;
    keySteps.y = 0;
    const data = active.data.current as DragData | undefined;
    setDragged(data?.kind === 'job' ? data.job : null);
  };
  const onDragEnd = ({ active, over, delta, activatorEvent }: DragEndEvent) => {
    dragging.current = false;
    setDragged(null);
    const data = active.data.current as DragData | undefined;
    if (!data) return;
    const { job } = data;
    // A keyboard drag moved by whole slots and rows: what the keys counted, not the scroll-lagged delta.
    const byKeys = activatorEvent instanceof KeyboardEvent;
    const deltaX = byKeys ? keySteps.x * SLOT_PX : delta.x;
    if (data.kind === 'resize') {
      const duration = resizedDuration(job.durationMinutes, deltaX, day.slotMinutes);
      if (duration !== job.durationMinutes)
        onChange({ kind: 'resize', id: job.id, version: job.version, durationMinutes: duration });
      return;
    }
    const dropped = over?.data.current as DropTarget | undefined;
    if (!dropped || !over) return;
    if (dropped.kind === 'tray') {
      if (job.status === 'scheduled') onChange({ kind: 'unassign', id: job.id, version: job.version });
      return;
    }
    const onThisBoard = job.status === 'scheduled' && job.startMinutes !== null && job.serviceDate === day.date;
    const target = byKeys && onThisBoard ? (teamRowsAway(day, job.teamId, keySteps.y) ?? dropped) : dropped;
    const translated = active.rect.current.translated;
    const start = onThisBoard
      ? Math.min(
          Math.max(movedStart(job.startMinutes!, deltaX, day.slotMinutes), day.openingMinutes),
          day.closingMinutes - day.slotMinutes,
        )
      : translated
        ? startAt(translated.left - over.rect.left, day)
        : day.openingMinutes;
    if (onThisBoard && target.teamId === job.teamId && start === job.startMinutes) return;
    onChange({
      kind: 'move',
      id: job.id,
      version: job.version,
      teamId: target.teamId,
      date: day.date,
      startTime: timeText(start),
    });
  };

  const jobName = (data: unknown) => {
    const drag = data as DragData | undefined;
    if (!drag?.job) return '';
    return drag.kind === 'resize' ? t('service.board.job.resize', { reference: drag.job.reference }) : drag.job.reference;
  };
  const targetName = (data: unknown) => (data as DropTarget | undefined)?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('service.board.a11y.picked', { job: jobName(active.data.current) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('service.board.a11y.over', { job: jobName(active.data.current), target: targetName(over.data.current) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('service.board.a11y.dropped', { job: jobName(active.data.current), target: targetName(over.data.current) })
        : t('service.board.a11y.droppedNowhere', { job: jobName(active.data.current) }),
    onDragCancel: ({ active }) => t('service.board.a11y.cancelled', { job: jobName(active.data.current) }),
  };

  const perMinute = pxPerMinute(day.slotMinutes);
  const showNow = now !== null && now >= day.openingMinutes && now <= day.closingMinutes;
  return (
    <BoardWordsContext.Provider value={t}>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          dragging.current = false;
          setDragged(null);
        }}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('service.board.a11y.instructions') } }}
      >
        <DragProxy onOpen={opener}>
          <Tray jobs={day.unassigned} slotMinutes={day.slotMinutes} />
          <div className="board-scroll">
            <div className="board-grid" data-testid="board-grid">
              <HourScale day={day} />
              {day.teams.length === 0 && <Empty description={t('service.board.states.noTeams')} />}
              {day.teams.map((team) => (
                <div key={team.id} className="board-row" data-testid={`team-row-${team.id}`} style={{ minHeight: ROW_PX }}>
                  <TeamLabel team={team} date={day.date} />
                  <TeamLane
                    team={team}
                    conflicts={conflictsByTeam.get(team.id) ?? ''}
                    jobs={jobsByTeam.get(team.id) ?? NO_JOBS}
                    tasks={tasksByTeam.get(team.id) ?? NO_TASKS}
                    openingMinutes={day.openingMinutes}
                    closingMinutes={day.closingMinutes}
                    slotMinutes={day.slotMinutes}
                  />
                </div>
              ))}
              {showNow && (
                <div
                  className="board-now"
                  data-testid="board-now"
                  style={{ left: LABEL_PX + (now! - day.openingMinutes) * perMinute }}
                />
              )}
            </div>
          </div>
        </DragProxy>
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <div
              className="board-job board-job-overlay"
              style={{ borderLeftColor: STATUS_COLORS[dragged.status], background: '#fff' }}
            >
              <BlockBody job={dragged} />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </BoardWordsContext.Provider>
  );
}
