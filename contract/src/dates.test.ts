import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isIsoDate, isValidTimeZone, startOfDayIn, todayIn } from './dates';

describe('calendar dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['01/02/2026', false],
    ['', false],
  ])('%j is a date: %s', (value, ok) => {
    expect(isIsoDate(value)).toBe(ok);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('subtracts months, clamping to the end of a shorter month', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', -3)).toBe('2025-10-15');
    expect(addMonths('2026-05-31', -2)).toBe('2026-03-31');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
});

describe('the business time zone', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isValidTimeZone('America/Los_Angeles')).toBe(true);
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('Pacific/Nowhere')).toBe(false);
    expect(isValidTimeZone('PST; drop table')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('tells the date in the zone, not in UTC', () => {
    // 06:30 UTC on 1 March is still the evening of 28 February in Los Angeles.
    expect(todayIn('America/Los_Angeles', new Date('2026-03-01T06:30:00Z'))).toBe('2026-02-28');
    expect(todayIn('Asia/Shanghai', new Date('2026-03-01T06:30:00Z'))).toBe('2026-03-01');
  });

  it('finds midnight in winter and summer time', () => {
    expect(startOfDayIn('2026-01-15', 'America/Los_Angeles').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(startOfDayIn('2026-07-04', 'America/Los_Angeles').toISOString()).toBe('2026-07-04T07:00:00.000Z');
    // The days the clocks change (2 a.m.): midnight keeps the offset of the day before.
    expect(startOfDayIn('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfDayIn('2026-11-01', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(startOfDayIn('2026-03-01', 'Asia/Shanghai').toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });
});
