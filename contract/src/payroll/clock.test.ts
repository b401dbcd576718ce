import { describe, expect, it } from 'vitest';
import { elapsedMinutesFrom, formatTimeOfDay, momentAtWallClock, parseTimeOfDay, wallMinutesFrom } from './clock';

const LA = 'America/Los_Angeles';

describe('punch clock', () => {
  it('finds the moment of a wall-clock time, daylight-saving days and the next morning included', () => {
    expect(momentAtWallClock('2026-01-15', 9 * 60, LA).toISOString()).toBe('2026-01-15T17:00:00.000Z');
    expect(momentAtWallClock('2026-03-08', 9 * 60, LA).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(momentAtWallClock('2026-11-01', 9 * 60, LA).toISOString()).toBe('2026-11-01T17:00:00.000Z');
    // 01:30 on the fall-back night: the first of the two.
    expect(momentAtWallClock('2026-11-01', 90, LA).toISOString()).toBe('2026-11-01T08:30:00.000Z');
    // 02:30 on the spring-forward night does not exist: an hour later.
    expect(momentAtWallClock('2026-03-08', 150, LA).toISOString()).toBe('2026-03-08T10:30:00.000Z');
    // 1:00 the next morning.
    expect(momentAtWallClock('2026-07-04', 1440 + 60, LA).toISOString()).toBe('2026-07-05T08:00:00.000Z');
  });

  it('counts minutes lived since local midnight, and wall-clock minutes', () => {
    const nine = momentAtWallClock('2026-03-08', 9 * 60, LA);
    expect(elapsedMinutesFrom('2026-03-08', nine, LA)).toBe(8 * 60);
    expect(wallMinutesFrom('2026-03-08', nine, LA)).toBe(9 * 60);
    const nextMorning = momentAtWallClock('2026-03-08', 1440 + 30, LA);
    expect(wallMinutesFrom('2026-03-08', nextMorning, LA)).toBe(1470);
    expect(elapsedMinutesFrom('2026-11-01', momentAtWallClock('2026-11-01', 9 * 60, LA), LA)).toBe(10 * 60);
  });

  it('formats and reads times of day', () => {
    expect(formatTimeOfDay(1470)).toBe('00:30');
    expect(formatTimeOfDay(605)).toBe('10:05');
    expect(parseTimeOfDay('17:45')).toBe(1065);
  });
});
