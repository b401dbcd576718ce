import { describe, expect, it } from 'vitest';
import { daysBetween } from '../dates';
import { payPeriodContaining, payPeriodsBetween } from './pay-periods';

describe('pay periods', () => {
  it('weekly periods start on the anchor weekday, before and after the anchor', () => {
    const weekly = { kind: 'weekly', anchorDate: '2026-01-04' } as const; // a Sunday
    expect(payPeriodContaining('2026-11-23', weekly)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(payPeriodContaining('2026-11-22', weekly)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(payPeriodContaining('2025-12-31', weekly)).toEqual({ start: '2025-12-28', end: '2026-01-03' });
  });

  it('biweekly periods are 14 days counted from the anchor', () => {
    const biweekly = { kind: 'biweekly', anchorDate: '2026-01-04' } as const;
    const period = payPeriodContaining('2026-01-20', biweekly);
    expect(period).toEqual({ start: '2026-01-18', end: '2026-01-31' });
    expect(daysBetween(period.start, period.end)).toBe(13);
    expect(payPeriodContaining('2026-01-17', biweekly)).toEqual({ start: '2026-01-04', end: '2026-01-17' });
  });

  it('semi-monthly periods are the 1st–15th and the 16th–end of month, leap years included', () => {
    const semi = { kind: 'semi_monthly', anchorDate: '2026-01-01' } as const;
    expect(payPeriodContaining('2028-02-20', semi)).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(payPeriodContaining('2026-11-15', semi)).toEqual({ start: '2026-11-01', end: '2026-11-15' });
  });

  it('lists the periods that overlap a range, without gaps', () => {
    const periods = payPeriodsBetween('2026-11-10', '2026-12-02', { kind: 'semi_monthly', anchorDate: '2026-01-01' });
    expect(periods.map((p) => p.start)).toEqual(['2026-11-01', '2026-11-16', '2026-12-01']);
  });
});
