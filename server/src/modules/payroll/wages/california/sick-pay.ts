import { centsFor, type HourlyRate, maxRate, rate } from './money';
import { payRateOn } from './rates';
import type { EmployeeWageInput } from './types';

export interface SickPayItem {
  workDate: string;
  kind: 'sickPay';
  minutes: number;
  rate: HourlyRate;
  cents: number;
}

/**
 * Paid sick leave on a workweek's days (Labor Code 246(l)(1); docs/business-rules.md "Paid sick leave"):
 * the minutes the balance allows at the workweek's regular rate (straight pay ÷ hours worked, already
 * at least the minimum wage); in a week without hours worked, the hourly pay rate in force that day;
 * never under that day's minimum wage. A salaried (exempt) day is paid by the salary and gets no line.
 * Sick pay is not hours worked: it stays out of the regular rate, the overtime and the top-up.
 */
export function sickPayItems(
  input: Pick<EmployeeWageInput, 'payRates' | 'sickLeave'>,
  dates: readonly string[],
  regularRate: HourlyRate,
  weekWorkedMinutes: number,
  minimumWageOnDate: (date: string) => number,
): SickPayItem[] {
  const items: SickPayItem[] = [];
  for (const day of input.sickLeave ?? []) {
    if (!dates.includes(day.workDate) || day.minutes <= 0) continue;
    const payRate = payRateOn(input.payRates, day.workDate);
    if (payRate?.payType === 'salary') continue;
    const base = weekWorkedMinutes > 0 ? regularRate : rate(payRate?.payType === 'hourly' ? payRate.rate : 0);
    const sickRate = maxRate(base, rate(minimumWageOnDate(day.workDate)));
    items.push({
      workDate: day.workDate,
      kind: 'sickPay',
      minutes: day.minutes,
      rate: sickRate,
      cents: centsFor(day.minutes, sickRate),
    });
  }
  return items;
}
