import { describe, expect, it } from 'vitest';
import { mealsWaived, mealWaiversOn } from './meal-waivers';
import { timeCardFlags } from './time-card-flags';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

describe('meal waivers (Labor Code 512, Wage Order 5 §11)', () => {
  it('a waiver holds from the day signed up to the day before it is revoked', () => {
    const records = [{ meal: 1 as const, signedOn: '2026-03-02', revokedOn: '2026-03-10' }];
    expect(mealWaiversOn(records, '2026-03-01').first).toBe(false);
    expect(mealWaiversOn(records, '2026-03-02').first).toBe(true);
    expect(mealWaiversOn(records, '2026-03-09').first).toBe(true);
    expect(mealWaiversOn(records, '2026-03-10').first).toBe(false);
    expect(mealWaiversOn(records, '2026-03-05').second).toBe(false);
    expect(mealWaiversOn([{ meal: 2, signedOn: '2026-01-01', revokedOn: null }], '2030-01-01')).toEqual({
      first: false,
      second: true,
    });
  });

  it('the first meal is waived only on a day of no more than 6 hours', () => {
    const both = { first: true, second: true };
    expect(mealsWaived(h(6), both).first).toBe(true);
    expect(mealsWaived(h(6, 1), both).first).toBe(false);
    expect(mealsWaived(h(6), { first: false, second: true }).first).toBe(false);
  });

  it('the second meal only on a day of no more than 12 hours whose first meal was not waived', () => {
    expect(mealsWaived(h(12), { first: false, second: true }).second).toBe(true);
    expect(mealsWaived(h(12, 1), { first: false, second: true }).second).toBe(false);
    expect(mealsWaived(h(11), { first: true, second: true })).toEqual({ first: false, second: true });
    // A short day with both waivers: the first is waived, so the second cannot be.
    expect(mealsWaived(h(5, 30), { first: true, second: true })).toEqual({ first: true, second: false });
  });

  it('the meal flags respect a waiver, and never on a day it cannot apply to', () => {
    const shift = (end: number) => [{ id: 1, kind: 'shift' as const, start: h(8), end }];
    const flags = (end: number, mealWaivers?: { first: boolean; second: boolean }) =>
      timeCardFlags({ punches: shift(end), dayIsOver: true, completedTeamJobs: [], mealWaivers }).map(
        (f) => `${f.code}${f.params.meal ?? ''}`,
      );
    // 5½ hours without a meal: flagged without a waiver, not with one.
    expect(flags(h(13, 30))).toEqual(['mealMissing1']);
    expect(flags(h(13, 30), { first: true, second: false })).toEqual([]);
    // 7 hours: the first-meal waiver cannot apply.
    expect(flags(h(15), { first: true, second: false })).toEqual(['mealMissing1']);
    // 11 hours with one meal in time: the second is excused by its waiver, not without.
    const long = [...shift(h(19, 30)), { id: 2, kind: 'meal' as const, start: h(12), end: h(12, 30) }];
    const longFlags = (mealWaivers?: { first: boolean; second: boolean }) =>
      timeCardFlags({ punches: long, dayIsOver: true, completedTeamJobs: [], mealWaivers }).map((f) => f.code);
    expect(longFlags()).toEqual(['mealMissing']);
    expect(longFlags({ first: false, second: true })).toEqual([]);
  });
});
