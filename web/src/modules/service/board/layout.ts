import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { type BoardDay, type BoardJob, jobLength, minutesToTime } from '@tidyhouse/contract';
import type { BoardChange } from './api';

/** Geometry of the day view: one 15-minute slot is SLOT_PX wide, one team row ROW_PX high. */
export const SLOT_PX = 22;
export const ROW_PX = 64;
export const LABEL_PX = 200;

export const pxPerMinute = (slotMinutes: number) => SLOT_PX / slotMinutes;

/** Minutes to the nearest slot. */
export const snapMinutes = (minutes: number, slotMinutes: number) => Math.round(minutes / slotMinutes) * slotMinutes;

/** A horizontal pixel offset on the timeline → the start it stands for, snapped and kept within the day. */
export function startAt(offsetPx: number, day: Pick<BoardDay, 'openingMinutes' | 'closingMinutes' | 'slotMinutes'>): number {
  const minutes = day.openingMinutes + snapMinutes(offsetPx / pxPerMinute(day.slotMinutes), day.slotMinutes);
  return Math.min(Math.max(minutes, day.openingMinutes), day.closingMinutes - day.slotMinutes);
}

/** A block moved by `deltaPx` → its new start, snapped to the slot. */
export const movedStart = (start: number, deltaPx: number, slotMinutes: number) =>
  start + snapMinutes(deltaPx / pxPerMinute(slotMinutes), slotMinutes);

/** A block resized by `deltaPx` → its new length, at least one slot. */
export const resizedDuration = (duration: number, deltaPx: number, slotMinutes: number) =>
  Math.max(slotMinutes, snapMinutes(duration + deltaPx / pxPerMinute(slotMinutes), slotMinutes));

/**
 * Arrow keys move a dragged block one slot sideways or one team row up or down. Near the edge of the
 * board @dnd-kit scrolls the board by that step instead of moving the block, and in that case does not
 * prevent the key's default action: the browser would scroll the board 40 px more, a move the user
 * never asked for. The step's key is therefore consumed here.
 */
export const slotKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code.startsWith('Arrow')) event.preventDefault();
  switch (event.code) {
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + SLOT_PX };
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - SLOT_PX };
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + ROW_PX };
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - ROW_PX };
    default:
      return undefined;
  }
};

/** Slots and rows a keyboard drag has been moved by, counted key by key. */
export interface KeySteps {
  x: number;
  y: number;
}

/**
 * `slotKeyboardCoordinates` that also counts each step in `steps`. Where a keyboard drag lands is
 * taken from these counts, not from @dnd-kit's delta: when a step scrolls the board, the delta only
 * catches up on the scroll event of the next frame, so a drop on the key right after would land a
 * slot short of where the keys took the block.
 */
export function countingKeyboardCoordinates(steps: KeySteps): KeyboardCoordinateGetter {
  return (event, args) => {
    const next = slotKeyboardCoordinates(event, args);
    if (next) {
      steps.x += Math.sign(next.x - args.currentCoordinates.x);
      steps.y += Math.sign(next.y - args.currentCoordinates.y);
    }
    return next;
  };
}

/** The team `rows` rows below `teamId` on the day (above, when negative); null past the first or last row. */
export function teamRowsAway(
  day: Pick<BoardDay, 'teams'>,
  teamId: number | null,
  rows: number,
): { kind: 'team'; teamId: number; name: string } | null {
  const index = day.teams.findIndex((team) => team.id === teamId);
  const team = index < 0 ? undefined : day.teams[index + rows];
  return team ? { kind: 'team', teamId: team.id, name: team.name } : null;
}

/** The day as it will look after a change (shown while the server answers; put back on refusal). */
export function applyChange(day: BoardDay, change: BoardChange): BoardDay {
  const all = [...day.jobs, ...day.unassigned];
  const job = all.find((j) => j.id === change.id);
  if (!job) return day;
  let next: BoardJob;
  if (change.kind === 'move') {
    const [h, m] = change.startTime.split(':').map(Number);
    next = { ...job, status: 'scheduled', teamId: change.teamId, serviceDate: change.date, startMinutes: h! * 60 + m! };
  } else if (change.kind === 'unassign') {
    next = { ...job, status: 'unscheduled', teamId: null, startMinutes: null };
  } else {
    // A resize sets the work for the crew of the day (server: minutes × members), so the length's words
    // ("… of work") follow the block while the server answers.
    const { members } = job.length;
    const length = jobLength({ personMinutes: change.durationMinutes * members, members });
    next = { ...job, durationMinutes: length.wallMinutes, length };
  }
  // A list without the job is kept as it is, so what shows it (the tray) does not re-render.
  const others = (list: BoardJob[]) => (list.includes(job) ? list.filter((j) => j.id !== job.id) : list);
  const onBoard = next.status !== 'unscheduled' && next.serviceDate === day.date;
  return {
    ...day,
    jobs: onBoard ? [...others(day.jobs), next] : others(day.jobs),
    unassigned: next.status === 'unscheduled' ? [next, ...others(day.unassigned)] : others(day.unassigned),
  };
}

export const timeText = (minutes: number) => minutesToTime(minutes);

/** Minutes from midnight now, on the wall clock of the business time zone. */
export function nowMinutesIn(timeZone: string, at: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}
