import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
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
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDuration, useMoney } from '../shared';
import type { BoardChange } from './api';
import { type DragData, DriveGap, JobBlock } from './JobBlock';
import {
  LABEL_PX,
  movedStart,
  nowMinutesIn,
  pxPerMinute,
  ROW_PX,
  resizedDuration,
  SLOT_PX,
  slotKeyboardCoordinates,
  startAt,
  timeText,
} from './layout';

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

function Tray({ jobs, slotMinutes }: { jobs: BoardJob[]; slotMinutes: number }) {
  const { t } = useTranslation();
  const name = t('service.board.tray.title');
  const { setNodeRef, isOver } = useDroppable({ id: 'tray', data: { kind: 'tray', name } satisfies DropTarget });
  return (
    <section ref={setNodeRef} aria-label={name} data-testid="board-tray" className={`board-tray${isOver ? ' board-over' : ''}`}>
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
    </section>
  );
}

function TeamLabel({ team }: { team: BoardTeam }) {
  const { t } = useTranslation();
  const money = useMoney();
  const duration = useDuration();
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
        {t('service.board.team.totals', { hours: duration(team.cleanMinutes), revenue: money(team.revenueCents) })}
      </div>
    </div>
  );
}

interface LaneProps {
  team: BoardTeam;
  jobs: BoardJob[];
  tasks: BoardDay['tasks'];
  openingMinutes: number;
  closingMinutes: number;
  slotMinutes: number;
}

/** One team's timeline: the drop target of the row, with its tasks, drive gaps and jobs. */
const TeamLane = memo(function TeamLane({ team, jobs, tasks, openingMinutes, closingMinutes, slotMinutes }: LaneProps) {
  const { setNodeRef, isOver } = useDroppable({
    id: `team:${team.id}`,
    data: { kind: 'team', teamId: team.id, name: team.name } satisfies DropTarget,
  });
  const perMinute = pxPerMinute(slotMinutes);
  const { t } = useTranslation();
  return (
    <section
      ref={setNodeRef}
      className={`board-lane${isOver ? ' board-over' : ''}${team.outage ? ' board-lane-out' : ''}`}
      style={{ width: ((closingMinutes - openingMinutes) / slotMinutes) * SLOT_PX, height: ROW_PX }}
      data-testid={`lane-${team.id}`}
      aria-label={team.name}
    >
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
      {jobs.map((job) => (
        <DriveGap key={`d${job.id}`} job={job} openingMinutes={openingMinutes} slotMinutes={slotMinutes} />
      ))}
      {jobs.map((job) => (
        <JobBlock key={job.id} job={job} slotMinutes={slotMinutes} openingMinutes={openingMinutes} />
      ))}
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
export function DayBoard({ day, onChange }: { day: BoardDay; onChange: (change: BoardChange) => void }) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: slotKeyboardCoordinates }),
  );
  const now = useNowMinutes(day);
  const jobsByTeam = useMemo(() => {
    const map = new Map<number, BoardJob[]>();
    for (const job of day.jobs) if (job.teamId !== null) map.set(job.teamId, [...(map.get(job.teamId) ?? []), job]);
    return map;
  }, [day.jobs]);
  const tasksByTeam = useMemo(() => {
    const map = new Map<number, BoardDay['tasks']>();
    for (const task of day.tasks) for (const id of task.teamIds) map.set(id, [...(map.get(id) ?? []), task]);
    return map;
  }, [day.tasks]);

  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    const data = active.data.current as DragData | undefined;
    if (!data) return;
    const { job } = data;
    if (data.kind === 'resize') {
      const duration = resizedDuration(job.durationMinutes, delta.x, day.slotMinutes);
      if (duration !== job.durationMinutes)
        onChange({ kind: 'resize', id: job.id, version: job.version, durationMinutes: duration });
      return;
    }
    const target = over?.data.current as DropTarget | undefined;
    if (!target || !over) return;
    if (target.kind === 'tray') {
      if (job.status === 'scheduled') onChange({ kind: 'unassign', id: job.id, version: job.version });
      return;
    }
    const onThisBoard = job.status === 'scheduled' && job.startMinutes !== null && job.serviceDate === day.date;
    const translated = active.rect.current.translated;
    const start = onThisBoard
      ? Math.min(
          Math.max(movedStart(job.startMinutes!, delta.x, day.slotMinutes), day.openingMinutes),
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

  const jobName = (id: string | number) => {
    const [kind, raw] = String(id).split(':');
    const job = [...day.jobs, ...day.unassigned].find((j) => j.id === Number(raw));
    return job ? (kind === 'resize' ? t('service.board.job.resize', { reference: job.reference }) : job.reference) : '';
  };
  const targetName = (data: unknown) => (data as DropTarget | undefined)?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('service.board.a11y.picked', { job: jobName(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('service.board.a11y.over', { job: jobName(active.id), target: targetName(over.data.current) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('service.board.a11y.dropped', { job: jobName(active.id), target: targetName(over.data.current) })
        : t('service.board.a11y.droppedNowhere', { job: jobName(active.id) }),
    onDragCancel: ({ active }) => t('service.board.a11y.cancelled', { job: jobName(active.id) }),
  };

  const perMinute = pxPerMinute(day.slotMinutes);
  const showNow = now !== null && now >= day.openingMinutes && now <= day.closingMinutes;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('service.board.a11y.instructions') } }}
    >
      <Tray jobs={day.unassigned} slotMinutes={day.slotMinutes} />
      <div className="board-scroll">
        <div className="board-grid" data-testid="board-grid">
          <HourScale day={day} />
          {day.teams.length === 0 && <Empty description={t('service.board.states.noTeams')} />}
          {day.teams.map((team) => (
            <div key={team.id} className="board-row" data-testid={`team-row-${team.id}`} style={{ minHeight: ROW_PX }}>
              <TeamLabel team={team} />
              <TeamLane
                team={team}
                jobs={jobsByTeam.get(team.id) ?? []}
                tasks={tasksByTeam.get(team.id) ?? []}
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
    </DndContext>
  );
}
