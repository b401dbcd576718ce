import type { BoardDay, BoardJob } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { keepJobsById } from './api';

const job = (id: number, teamId: number, startMinutes: number): BoardJob =>
  ({ id, version: 1, status: 'scheduled', teamId, serviceDate: '2026-12-01', startMinutes, durationMinutes: 60 }) as BoardJob;
const day = (jobs: BoardJob[], unassigned: BoardJob[] = []) =>
  ({ date: '2026-12-01', stamp: 's', jobs, unassigned }) as unknown as BoardDay;
/** The same day as the server sends it again: equal content, new objects. */
const reloaded = (d: BoardDay) => JSON.parse(JSON.stringify(d)) as BoardDay;

describe('keepJobsById (the reloaded board keeps unchanged jobs as the same objects)', () => {
  it('keeps every unchanged job when a move shifts the order, and takes the moved one anew', () => {
    const [a, b, c] = [job(1, 7, 540), job(2, 7, 660), job(3, 8, 540)];
    const before = day([a, b, c]);
    // Job 1 moved to team 8 at 10:00: the server lists it after job 3 now, so every position shifted.
    const after = reloaded(day([b, c, { ...a, teamId: 8, startMinutes: 600, version: 2 }]));
    const kept = keepJobsById(before, after);
    expect(kept.jobs[0]).toBe(b);
    expect(kept.jobs[1]).toBe(c);
    expect(kept.jobs[2]).not.toBe(a);
    expect(kept.jobs[2]).toMatchObject({ id: 1, teamId: 8, startMinutes: 600, version: 2 });
  });

  it('answers the very same day when nothing changed, and keeps an unchanged tray list', () => {
    const tray = job(4, 0, 0);
    const before = day([job(1, 7, 540)], [tray]);
    expect(keepJobsById(before, reloaded(before))).toBe(before);
    const moved = reloaded(before);
    moved.jobs[0]!.startMinutes = 570;
    expect(keepJobsById(before, moved).unassigned).toBe(before.unassigned);
  });

  it('takes the first answer as it comes', () => {
    const first = day([job(1, 7, 540)]);
    expect(keepJobsById(undefined, first)).toEqual(first);
  });
});
