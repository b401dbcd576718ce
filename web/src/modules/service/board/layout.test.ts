import type { BoardDay, BoardJob } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  applyChange,
  countingKeyboardCoordinates,
  movedStart,
  nowMinutesIn,
  ROW_PX,
  resizedDuration,
  SLOT_PX,
  slotKeyboardCoordinates,
  startAt,
  teamRowsAway,
} from './layout';

const day = { openingMinutes: 420, closingMinutes: 1140, slotMinutes: 15 };

describe('board geometry', () => {
  it('turns a drop position into a start on the 15-minute grid, kept inside business hours', () => {
    expect(startAt(0, day)).toBe(420);
    expect(startAt(SLOT_PX * 12, day)).toBe(600); // twelve slots after 07:00
    expect(startAt(SLOT_PX * 12 + SLOT_PX * 0.4, day)).toBe(600); // snaps to the nearest slot
    expect(startAt(SLOT_PX * 12 + SLOT_PX * 0.6, day)).toBe(615);
    expect(startAt(-500, day)).toBe(420);
    expect(startAt(1_000_000, day)).toBe(1125);
  });

  it('moves and resizes by whole slots', () => {
    expect(movedStart(540, SLOT_PX * 4, 15)).toBe(600);
    expect(movedStart(540, -SLOT_PX * 2, 15)).toBe(510);
    expect(resizedDuration(60, SLOT_PX * 2, 15)).toBe(90);
    expect(resizedDuration(60, -SLOT_PX * 10, 15)).toBe(15);
  });

  it('reads the wall clock of the business time zone', () => {
    // 2026-07-01 17:30 UTC is 10:30 in Los Angeles (daylight time) and 01:30 the next day in Shanghai.
    const at = new Date('2026-07-01T17:30:00Z');
    expect(nowMinutesIn('America/Los_Angeles', at)).toBe(630);
    expect(nowMinutesIn('Asia/Shanghai', at)).toBe(90);
  });
});

describe('keyboard moves', () => {
  const step = (code: string) => {
    const event = new KeyboardEvent('keydown', { code, cancelable: true });
    const next = slotKeyboardCoordinates(event, { currentCoordinates: { x: 100, y: 50 } } as never);
    return { next, prevented: event.defaultPrevented };
  };

  it('moves one slot or one row per arrow key and holds back the browser scroll of that key', () => {
    expect(step('ArrowRight')).toEqual({ next: { x: 100 + SLOT_PX, y: 50 }, prevented: true });
    expect(step('ArrowLeft')).toEqual({ next: { x: 100 - SLOT_PX, y: 50 }, prevented: true });
    expect(step('ArrowDown')).toEqual({ next: { x: 100, y: 50 + ROW_PX }, prevented: true });
    expect(step('ArrowUp')).toEqual({ next: { x: 100, y: 50 - ROW_PX }, prevented: true });
  });

  it('counts the slots and rows a keyboard drag moved by, whatever the coordinates it started from', () => {
    const steps = { x: 0, y: 0 };
    const getter = countingKeyboardCoordinates(steps);
    const press = (code: string, x: number, y: number) =>
      getter(new KeyboardEvent('keydown', { code, cancelable: true }), { currentCoordinates: { x, y } } as never);
    // The coordinates lag behind a scroll of the board: the counts do not.
    press('ArrowRight', 900, 300);
    press('ArrowRight', 900, 300);
    press('ArrowRight', 922, 300);
    press('ArrowLeft', 944, 300);
    press('ArrowDown', 922, 300);
    press('KeyA', 922, 364);
    expect(steps).toEqual({ x: 2, y: 1 });
  });

  it('finds the team a number of rows away, or none past the first and last row', () => {
    const day = {
      teams: [
        { id: 7, name: 'Coral' },
        { id: 3, name: 'Ocean' },
        { id: 9, name: 'Forest' },
      ],
    } as never;
    expect(teamRowsAway(day, 7, 2)).toEqual({ kind: 'team', teamId: 9, name: 'Forest' });
    expect(teamRowsAway(day, 9, -1)).toEqual({ kind: 'team', teamId: 3, name: 'Ocean' });
    expect(teamRowsAway(day, 3, 0)).toEqual({ kind: 'team', teamId: 3, name: 'Ocean' });
    expect(teamRowsAway(day, 7, -1)).toBeNull();
    expect(teamRowsAway(day, 9, 1)).toBeNull();
    expect(teamRowsAway(day, null, 1)).toBeNull();
  });

  it('leaves other keys alone', () => {
    expect(step('KeyA')).toEqual({ next: undefined, prevented: false });
  });
});

describe('applyChange (the board shown while the server answers)', () => {
  const job = (over: Partial<BoardJob>): BoardJob =>
    ({
      id: 1,
      version: 1,
      status: 'unscheduled',
      teamId: null,
      serviceDate: '2026-12-01',
      startMinutes: null,
      durationMinutes: 60,
      ...over,
    }) as BoardJob;
  const board = (jobs: BoardJob[], unassigned: BoardJob[]) => ({ date: '2026-12-01', jobs, unassigned }) as BoardDay;

  it('moves a tray job onto a team, and a placed one back to the tray', () => {
    const placed = applyChange(board([], [job({})]), {
      kind: 'move',
      id: 1,
      version: 1,
      teamId: 7,
      date: '2026-12-01',
      startTime: '09:30',
    });
    expect(placed.unassigned).toEqual([]);
    expect(placed.jobs[0]).toMatchObject({ teamId: 7, startMinutes: 570, status: 'scheduled' });
    const back = applyChange(placed, { kind: 'unassign', id: 1, version: 1 });
    expect(back.jobs).toEqual([]);
    expect(back.unassigned[0]).toMatchObject({ teamId: null, startMinutes: null, status: 'unscheduled' });
  });

  it('a resize keeps the crew and sets the work it does: minutes on site × members', () => {
    const placed = job({
      status: 'scheduled',
      teamId: 7,
      startMinutes: 540,
      length: { personMinutes: 180, members: 3, wallMinutes: 60 },
    });
    const resized = applyChange(board([placed], []), { kind: 'resize', id: 1, version: 1, durationMinutes: 90 });
    expect(resized.jobs[0]).toMatchObject({ durationMinutes: 90, length: { personMinutes: 270, members: 3, wallMinutes: 90 } });
  });

  it('a move to another date takes the job off this board', () => {
    const moved = applyChange(board([job({ status: 'scheduled', teamId: 7, startMinutes: 540 })], []), {
      kind: 'move',
      id: 1,
      version: 1,
      teamId: 7,
      date: '2026-12-02',
      startTime: '09:00',
    });
    expect(moved.jobs).toEqual([]);
    expect(moved.unassigned).toEqual([]);
  });
});
