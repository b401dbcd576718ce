import { addDays, daysBetween } from '../dates';

/** How wages are paid (issue 11): weekly by default, biweekly, or semi-monthly (1–15, 16–end). */
export const PAY_PERIOD_KINDS = ['weekly', 'biweekly', 'semi_monthly'] as const;
export type PayPeriodKind = (typeof PAY_PERIOD_KINDS)[number];

export interface PayPeriodSettings {
  kind: PayPeriodKind;
  /** First day of one weekly/biweekly period (any one: periods repeat from it both ways). */
  anchorDate: string;
}

export interface PayPeriod {
  /** First and last business date of the period, inclusive. */
  start: string;
  end: string;
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** The pay period holding `date` (`YYYY-MM-DD`, a business date). */
export function payPeriodContaining(date: string, settings: PayPeriodSettings): PayPeriod {
  if (settings.kind === 'semi_monthly') {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const prefix = `${y}-${pad(m)}-`;
    return d <= 15
      ? { start: `${prefix}01`, end: `${prefix}15` }
      : { start: `${prefix}16`, end: `${prefix}${pad(lastDayOfMonth(y, m))}` };
  }
  const length = settings.kind === 'weekly' ? 7 : 14;
  const offset = ((daysBetween(settings.anchorDate, date) % length) + length) % length;
  const start = addDays(date, -offset);
  return { start, end: addDays(start, length - 1) };
}

/** The periods overlapping [from, to], in order. */
export function payPeriodsBetween(from: string, to: string, settings: PayPeriodSettings): PayPeriod[] {
  const periods: PayPeriod[] = [];
  let day = from;
  while (day <= to) {
    const period = payPeriodContaining(day, settings);
    periods.push(period);
    day = addDays(period.end, 1);
  }
  return periods;
}
