/**
 * Overtime hours of one workweek (Labor Code 510; research §2), counted day by day in order:
 * - over 8 hours in a day: overtime (1.5×); over 12 hours: double time (2×);
 * - the seventh consecutive day of work in the workweek (work on all seven days): its first 8 hours
 *   overtime, beyond them double time;
 * - over 40 hours in the workweek: overtime, counting only hours not already overtime or double time
 *   (the hour that crosses 40 and every later straight hour of the week).
 */
export interface OvertimeSplit {
  regular: number;
  overtime: number;
  doubleTime: number;
}

const DAY_REGULAR = 8 * 60;
const DAY_DOUBLE = 12 * 60;
const WEEK_REGULAR = 40 * 60;

/** `workedMinutes` of the workweek's seven days in order (0 for a day not worked or not counted). */
export function splitWorkweek(workedMinutes: readonly number[]): OvertimeSplit[] {
  const seventhDay = workedMinutes.length === 7 && workedMinutes.every((m) => m > 0);
  let weekRegular = 0;
  return workedMinutes.map((worked, index) => {
    if (seventhDay && index === 6) {
      return { regular: 0, overtime: Math.min(worked, DAY_REGULAR), doubleTime: Math.max(0, worked - DAY_REGULAR) };
    }
    const dailyRegular = Math.min(worked, DAY_REGULAR);
    const doubleTime = Math.max(0, worked - DAY_DOUBLE);
    const dailyOvertime = worked - dailyRegular - doubleTime;
    const regular = Math.max(0, Math.min(dailyRegular, WEEK_REGULAR - weekRegular));
    weekRegular += regular;
    return { regular, overtime: dailyOvertime + (dailyRegular - regular), doubleTime };
  });
}
