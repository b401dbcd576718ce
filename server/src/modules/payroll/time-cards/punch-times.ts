import { elapsedMinutesFrom, formatTimeOfDay, momentAtWallClock, parseTimeOfDay, wallMinutesFrom } from '@tidyhouse/contract';

/** The moments of a punch typed as wall-clock times of its work date (an end at or before the start: next morning). */
export function punchMoments(workDate: string, startTime: string, endTime: string | null | undefined, timeZone: string) {
  const start = parseTimeOfDay(startTime);
  const startsAt = momentAtWallClock(workDate, start, timeZone);
  if (!endTime) return { startsAt, endsAt: null };
  let end = parseTimeOfDay(endTime);
  if (end <= start) end += 1440;
  return { startsAt, endsAt: momentAtWallClock(workDate, end, timeZone) };
}

/** A stored punch as the screen and the log read it: wall-clock times and minutes since local midnight. */
export function punchTimes(punch: { workDate: string; startsAt: Date; endsAt: Date | null }, timeZone: string) {
  const startWall = wallMinutesFrom(punch.workDate, punch.startsAt, timeZone);
  const endWall = punch.endsAt ? wallMinutesFrom(punch.workDate, punch.endsAt, timeZone) : null;
  return {
    startTime: formatTimeOfDay(startWall),
    endTime: endWall === null ? null : formatTimeOfDay(endWall),
    endsNextDay: endWall !== null && endWall >= 1440,
    start: elapsedMinutesFrom(punch.workDate, punch.startsAt, timeZone),
    end: punch.endsAt ? elapsedMinutesFrom(punch.workDate, punch.endsAt, timeZone) : null,
  };
}

/** `08:00–16:30` (`+1` when the end is the next day; `…` while open), for the log. */
export function punchSpan(times: ReturnType<typeof punchTimes>): string {
  if (times.endTime === null) return `${times.startTime}–…`;
  return `${times.startTime}–${times.endTime}${times.endsNextDay ? ' (+1)' : ''}`;
}
