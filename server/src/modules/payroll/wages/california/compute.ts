import type { WorkDay } from '@tidyhouse/contract';
import { addDays, daysBetween, PAY_LINE_KINDS } from '@tidyhouse/contract';
import { mealBreakMissed } from './breaks';
import { classifyDay } from './day-time';
import { dayFloor } from './minimum-wage';
import { ceilDiv, centsFor, displayRate, type HourlyRate, maxRate, rate } from './money';
import { splitWorkweek } from './overtime';
import { payRateOn, workweekStart } from './rates';
import { sickPayItems } from './sick-pay';
import { splitShiftOf } from './split-shift';
import { type StraightItem, straightPayOfDay } from './straight-pay';
import type { EmployeeWageInput, EmployeeWages, PayItem, PayLine, PayLineKind, RegularRateWeek, WageWarning } from './types';

/**
 * One employee's wages for one pay period under California rules (issue 11; research §2). Pure: reads
 * only its input. Walks the period's workweeks; each week is computed from all its known days (the days
 * before the period included, for the weekly and seventh-day rules), but only the period's days give pay.
 *
 * Overtime is paid as a premium on top of straight time ("regular" and the other straight lines cover
 * every hour worked): overtime hours add half the regular rate, double-time hours the whole regular
 * rate. The regular rate of a workweek is its straight pay ÷ its hours worked (never under the minimum
 * wage): for a single hourly rate that is the rate itself, for percentage or mixed rates the weighted
 * average the law asks for. Meal and rest premiums are an hour at that regular rate.
 * Minimum wage is a floor on each workweek's days in the period, each minute at the rate of where it was
 * worked (minimum-wage.ts): the shortfall is the top-up line, dated on the week's last day worked.
 */
export function computeEmployeeWages(input: EmployeeWageInput): EmployeeWages {
  const { period } = input;
  const daysByDate = new Map<string, WorkDay>();
  for (const day of input.days) if (day.userId === input.userId) daysByDate.set(day.workDate, day);

  const warnings: WageWarning[] = [];
  const items: Array<PayItem & { kind: PayLineKind; laborTypeId?: number; rate: HourlyRate | null; basisPoints?: number }> = [];
  const emit = (workDate: string, item: StraightItem) =>
    items.push({
      workDate,
      kind: item.kind,
      laborTypeId: item.laborTypeId,
      jobId: item.jobId,
      ...(item.jobPriceCents !== undefined ? { jobPriceCents: item.jobPriceCents } : {}),
      minutes: item.minutes,
      rate: item.rate,
      basisPoints: item.basisPoints,
      cents: item.cents,
    });
  const dayBreakdown: EmployeeWages['days'] = [];
  const floorsUsed = new Map<string, { jurisdiction: string; centsPerHour: number }>();
  let periodWorked = 0;
  const regularRates: RegularRateWeek[] = [];

  for (
    let weekStart = workweekStart(period.start, input.workweekAnchor);
    weekStart <= period.end;
    weekStart = addDays(weekStart, 7)
  ) {
    const dates = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)).filter((d) => d <= period.end);
    const computed = dates.map((workDate) => {
      const day = daysByDate.get(workDate);
      const payRate = payRateOn(input.payRates, workDate);
      const inPeriod = workDate >= period.start;
      const salaried = payRate?.payType === 'salary';
      const time = day ? classifyDay(day, input.laborTypes) : null;
      const counted = time && !salaried ? time : null;
      const floor = dayFloor(input, workDate, counted);
      const minimumWage = floor.business.centsPerHour;
      const straight = counted
        ? straightPayOfDay(input, workDate, counted, day?.missedRestBreaks ?? 0, payRate, minimumWage, inPeriod ? warnings : [])
        : { items: [], separateRestMinutes: 0 };
      const missedRestBreaks = day?.missedRestBreaks ?? 0;
      const { mealWaivers, shift = null, shiftBreaks } = day ?? {};
      return { workDate, inPeriod, time: counted, straight, floor, missedRestBreaks, mealWaivers, shift, shiftBreaks };
    });

    // Rest pay of percentage days: the week's average hourly rate (pay without rest pay or premiums ÷
    // hours without rest), never under the minimum wage (Labor Code 226.2(a)(3)).
    const weekWorked = computed.reduce((sum, d) => sum + (d.time?.workedMinutes ?? 0), 0);
    const weekRest = computed.reduce((sum, d) => sum + d.straight.separateRestMinutes, 0);
    const weekPayWithoutRest = computed.reduce((sum, d) => sum + d.straight.items.reduce((s, i) => s + i.cents, 0), 0);
    const average: HourlyRate = { num: 60 * weekPayWithoutRest, den: Math.max(1, weekWorked - weekRest) };
    for (const d of computed) {
      if (d.straight.separateRestMinutes === 0) continue;
      // Rest is taken where the day's work was: its floor is the day's average floor.
      const dayFloorRate = { num: d.floor.floorNum, den: Math.max(1, d.time?.workedMinutes ?? 0) };
      const restRate = maxRate(average, dayFloorRate);
      const minutes = d.straight.separateRestMinutes;
      d.straight.items.push({ kind: 'rest', minutes, rate: restRate, cents: centsFor(minutes, restRate) });
    }

    // The regular rate: straight pay ÷ hours, at least the minimum wage over those hours.
    const weekStraight = computed.reduce((sum, d) => sum + d.straight.items.reduce((s, i) => s + i.cents, 0), 0);
    const weekFloorNum = computed.reduce((sum, d) => sum + d.floor.floorNum, 0);
    const regularRate: HourlyRate = { num: Math.max(60 * weekStraight, weekFloorNum), den: Math.max(1, weekWorked) };

    const split = splitWorkweek(computed.map((d) => d.time?.workedMinutes ?? 0));
    let periodStraight = 0;
    let periodFloorNum = 0;
    let periodWeekWorked = 0;
    let lastDayWorked: string | null = null;
    computed.forEach((d, index) => {
      if (!d.inPeriod || !d.time) return;
      const { overtime, doubleTime, regular } = split[index]!;
      for (const item of d.straight.items) emit(d.workDate, item);
      const premium = (kind: PayLineKind, minutes: number, factor: { num: number; den: number }) => {
        if (minutes <= 0) return 0;
        const cents = centsFor(minutes, regularRate, factor);
        items.push({
          workDate: d.workDate,
          kind,
          minutes,
          rate: { num: regularRate.num * factor.num, den: regularRate.den * factor.den },
          cents,
        });
        return cents;
      };
      const overtimePay =
        premium('overtime', overtime, { num: 1, den: 2 }) + premium('doubleTime', doubleTime, { num: 1, den: 1 });
      const splitShift = splitShiftOf(d.shift, d.shiftBreaks, d.time, {
        dayPayCents: d.straight.items.reduce((s, i) => s + i.cents, 0) + overtimePay,
        minimumWageCentsPerHour: d.floor.highest,
      });
      if (splitShift > 0) {
        items.push({ workDate: d.workDate, kind: 'splitShift', minutes: 60, rate: rate(d.floor.highest), cents: splitShift });
      }
      const mealPremium = mealBreakMissed(d.time, d.mealWaivers) ? premium('mealPremium', 60, { num: 1, den: 1 }) : 0;
      const restPremium = d.missedRestBreaks > 0 && d.time.workedMinutes > 0 ? premium('restPremium', 60, { num: 1, den: 1 }) : 0;
      periodStraight += d.straight.items.reduce((s, i) => s + i.cents, 0);
      periodFloorNum += d.floor.floorNum;
      periodWeekWorked += d.time.workedMinutes;
      if (d.time.workedMinutes > 0) lastDayWorked = d.workDate;
      for (const used of d.floor.used) floorsUsed.set(`${used.jurisdiction}|${used.centsPerHour}`, used);
      periodWorked += d.time.workedMinutes;
      dayBreakdown.push({
        workDate: d.workDate,
        workedMinutes: d.time.workedMinutes,
        regularMinutes: regular,
        overtimeMinutes: overtime,
        doubleTimeMinutes: doubleTime,
        mealPremium: mealPremium > 0,
        restPremium: restPremium > 0,
      });
    });
    // How the week's regular rate was found: the drill-down and the statement show it with the
    // overtime (1.5×) and double-time (2×) rates it gives.
    if (periodWeekWorked > 0) {
      const inPeriod = split.filter((_, i) => computed[i]!.inPeriod && computed[i]!.time);
      regularRates.push({
        weekStart,
        straightCents: weekStraight,
        workedMinutes: weekWorked,
        floorCents: ceilDiv(weekFloorNum, 60),
        floorApplied: weekFloorNum > 60 * weekStraight,
        centsPerHour: displayRate(regularRate),
        overtimeCentsPerHour: displayRate(regularRate, 1.5),
        doubleTimeCentsPerHour: displayRate(regularRate, 2),
        overtimeMinutes: inPeriod.reduce((s, d) => s + d.overtime, 0),
        doubleTimeMinutes: inPeriod.reduce((s, d) => s + d.doubleTime, 0),
      });
    }
    const sickDates = dates.filter((date) => date >= period.start);
    // A sick day is not worked anywhere: its floor is the business's city's.
    const businessFloor = (date: string) => computed.find((d) => d.workDate === date)?.floor.business.centsPerHour ?? 0;
    items.push(...sickPayItems(input, sickDates, regularRate, weekWorked, businessFloor));
    const topUp = ceilDiv(Math.max(0, periodFloorNum - 60 * periodStraight), 60);
    // Dated on the week's last day worked in the period: the day the week's shortfall is known.
    if (topUp > 0 && lastDayWorked) {
      items.push({ workDate: lastDayWorked, kind: 'minimumWageTopUp', minutes: periodWeekWorked, rate: null, cents: topUp });
    }
  }

  items.push(...salaryItems(input));
  for (const tip of input.tips) {
    if (tip.workDate >= period.start && tip.workDate <= period.end) {
      items.push({
        workDate: tip.workDate,
        kind: 'tips',
        jobId: tip.jobId,
        paymentId: tip.paymentId,
        minutes: 0,
        rate: null,
        cents: tip.cents,
      });
    }
  }
  const lines = groupLines(items);
  return {
    userId: input.userId,
    period,
    workedMinutes: periodWorked,
    lines,
    grossCents: lines.reduce((sum, line) => sum + line.cents, 0),
    days: dayBreakdown,
    warnings,
    regularRates,
    minimumWagesUsed: [...floorsUsed.values()].sort(
      (a, b) => b.centsPerHour - a.centsPerHour || a.jurisdiction.localeCompare(b.jurisdiction),
    ),
  };
}

/** An exempt salary is set per semi-monthly period: a period gets rate × 24 ÷ periods a year, by days. */
function salaryItems(input: EmployeeWageInput) {
  const { period } = input;
  if (!input.payRates.some((r) => r.payType === 'salary')) return [];
  const periodDays = daysBetween(period.start, period.end) + 1;
  const runs: Array<{ workDate: string; rate: number; days: number }> = [];
  for (let date = period.start; date <= period.end; date = addDays(date, 1)) {
    const payRate = payRateOn(input.payRates, date);
    if (payRate?.payType !== 'salary') continue;
    const last = runs.at(-1);
    if (last && last.rate === payRate.rate && addDays(last.workDate, last.days) === date) last.days++;
    else runs.push({ workDate: date, rate: payRate.rate, days: 1 });
  }
  return runs.map((run) => ({
    workDate: run.workDate,
    kind: 'salary' as const,
    minutes: 0,
    rate: null,
    cents: Math.floor(
      (2 * run.rate * 24 * run.days + input.periodsPerYear * periodDays) / (2 * input.periodsPerYear * periodDays),
    ),
  }));
}

const ORDER = new Map<PayLineKind, number>(PAY_LINE_KINDS.map((kind, i) => [kind, i]));

/** One line per kind, labor type and rate; its items in date order. */
function groupLines(
  items: Array<PayItem & { kind: PayLineKind; laborTypeId?: number; rate: HourlyRate | null; basisPoints?: number }>,
): PayLine[] {
  const lines = new Map<string, PayLine>();
  for (const { kind, laborTypeId, rate: itemRate, basisPoints, ...item } of items) {
    const shown = itemRate ? displayRate(itemRate) : null;
    const key = `${kind}|${laborTypeId ?? ''}|${shown ?? ''}|${basisPoints ?? ''}`;
    let line = lines.get(key);
    if (!line) {
      line = { kind, minutes: 0, rateCentsPerHour: shown, cents: 0, items: [] };
      if (laborTypeId != null) line.laborTypeId = laborTypeId;
      if (basisPoints != null) line.rateBasisPoints = basisPoints;
      lines.set(key, line);
    }
    line.minutes += item.minutes;
    line.cents += item.cents;
    line.items.push(item);
  }
  const sorted = [...lines.values()].sort(
    (a, b) => ORDER.get(a.kind)! - ORDER.get(b.kind)! || (a.rateCentsPerHour ?? 0) - (b.rateCentsPerHour ?? 0),
  );
  // Dates are ISO (YYYY-MM-DD): plain comparison is their order (localeCompare gave the same, far slower).
  for (const line of sorted)
    line.items.sort((a, b) => (a.workDate < b.workDate ? -1 : a.workDate > b.workDate ? 1 : (a.jobId ?? 0) - (b.jobId ?? 0)));
  return sorted;
}
