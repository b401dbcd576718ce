import type { WorkDay } from '@tidyhouse/contract';
import type { LaborTypeRate } from './types';

/**
 * Where an employee's minutes went on one work day (issue 11, research §2):
 * - hours worked run from clock-in to clock-out less unpaid meal breaks (with no shift punch: the job,
 *   drive and labor intervals themselves);
 * - drive between jobs is paid work; a drive before the day's first job is the commute and is not;
 * - a minute in two intervals counts once, as the first of job, labor, drive (punches overlapping are a
 *   time-card flag; pay never counts a minute twice);
 * - time inside the shift in no interval (waiting, loading) is non-productive work time;
 * - labor of an unpaid labor type is not hours worked.
 */
export interface DayTime {
  workedMinutes: number;
  /** In-home minutes per job. */
  jobMinutes: Map<number, number>;
  driveMinutes: number;
  /** Paid labor minutes per labor type. */
  laborMinutes: Map<number, number>;
  /** Worked time in no job, drive or labor interval. */
  otherMinutes: number;
  /** Meal breaks as [start, end] minutes, in order. */
  meals: Array<{ start: number; end: number }>;
  /** The clock minute at which the 5th and the 10th hour of work end (meal deadlines), null if never reached. */
  fifthHourEnd: number | null;
  tenthHourEnd: number | null;
}

const MEAL = 1;
const JOB = 2;
const LABOR = 3;
const DRIVE = 4;
const OTHER = 5;
const COMMUTE = 6;

/** Minute-by-minute: a day has at most a few thousand minutes, and overlaps resolve by priority. */
export function classifyDay(day: WorkDay, laborTypes: ReadonlyMap<number, LaborTypeRate>): DayTime {
  const ends = [day.shift?.end ?? 0, ...day.segments.map((s) => s.end)];
  const length = Math.max(0, ...ends);
  const kind = new Uint8Array(length);
  const owner = new Int32Array(length);
  const paint = (start: number, end: number, k: number, id: number) => {
    for (let m = Math.max(0, start); m < Math.min(end, length); m++) {
      const current = kind[m]!;
      if (current === 0 || current > k) {
        kind[m] = k;
        owner[m] = id;
      }
    }
  };
  const jobs = day.segments.filter((s) => s.kind === 'job');
  const firstJobStart = jobs.length ? Math.min(...jobs.map((s) => s.start)) : Number.POSITIVE_INFINITY;
  const meals: DayTime['meals'] = [];
  for (const s of day.segments) {
    if (s.kind === 'meal') {
      paint(s.start, s.end, MEAL, 0);
      meals.push({ start: s.start, end: s.end });
    } else if (s.kind === 'job') paint(s.start, s.end, JOB, s.jobId ?? 0);
    else if (s.kind === 'labor') {
      const paid = s.laborTypeId == null || laborTypes.get(s.laborTypeId)?.isPaid !== false;
      paint(s.start, s.end, paid ? LABOR : MEAL, s.laborTypeId ?? 0);
    } else if (s.kind === 'drive') paint(s.start, s.end, s.end <= firstJobStart ? COMMUTE : DRIVE, 0);
  }
  // Commute and unpaid time are not work even inside the clock; they outrank "other" time.
  if (day.shift) paint(day.shift.start, day.shift.end, OTHER, 0);

  const time: DayTime = {
    workedMinutes: 0,
    jobMinutes: new Map(),
    driveMinutes: 0,
    laborMinutes: new Map(),
    otherMinutes: 0,
    meals: meals.sort((a, b) => a.start - b.start),
    fifthHourEnd: null,
    tenthHourEnd: null,
  };
  // Between two shift punches the employee is off the clock (a split shift's unpaid break). Checked
  // inline, minute by minute, without a call per minute.
  const shift = day.shift;
  const breaks = shift && day.shiftBreaks?.length ? day.shiftBreaks : null;
  // Job and labor minutes are counted by runs and added to their maps when a run ends (a map update
  // per minute was most of the wage computation's time); keys still enter in order of first minute.
  let run: Map<number, number> | null = null;
  let runId = 0;
  let runMinutes = 0;
  const endRun = () => {
    if (run) run.set(runId, (run.get(runId) ?? 0) + runMinutes);
    run = null;
    runMinutes = 0;
  };
  for (let m = 0; m < length; m++) {
    const k = kind[m];
    if (k === 0 || k === MEAL || k === COMMUTE) continue;
    if (shift && (m < shift.start || m >= shift.end)) continue;
    if (breaks?.some((b) => m >= b.start && m < b.end)) continue;
    time.workedMinutes++;
    if (time.workedMinutes === 300) time.fifthHourEnd = m + 1;
    if (time.workedMinutes === 600) time.tenthHourEnd = m + 1;
    if (k === JOB || k === LABOR) {
      const map = k === JOB ? time.jobMinutes : time.laborMinutes;
      const id = owner[m]!;
      if (map !== run || id !== runId) {
        endRun();
        run = map;
        runId = id;
      }
      runMinutes++;
    } else if (k === DRIVE) time.driveMinutes++;
    else time.otherMinutes++;
  }
  endRun();
  return time;
}
