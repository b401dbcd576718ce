import type { FieldClock, FieldDay, FieldJob, FieldPunchKind, FieldState } from '@tidyhouse/contract';
import type { OutboxEntry } from './queue';

/**
 * What the screens show: the server's day with the phone's waiting actions laid over it, so a clock-in
 * made in a basement shows at once, and the buttons each state allows.
 */

/** The day as it will be once the waiting actions arrive (in the order they happened). */
export function withPending(day: FieldDay, pending: readonly OutboxEntry[]): FieldDay {
  let clock = day.clock;
  const jobs = new Map(day.jobs.map((job) => [job.id, job]));
  for (const { action } of pending) {
    if (!action) continue;
    if (action.type === 'punch') {
      clock = afterPunch(clock, action.kind);
      continue;
    }
    const job = jobs.get(action.jobId);
    if (!job) continue;
    if (action.kind === 'checkIn' && job.fieldState !== 'done') jobs.set(job.id, { ...job, fieldState: 'inProgress' });
    if (action.kind === 'done') jobs.set(job.id, { ...job, fieldState: 'done' });
    if (action.kind === 'checklist' && action.checklist) {
      const ticks = new Map(action.checklist.map((item) => [item.id, item.done]));
      jobs.set(job.id, {
        ...job,
        checklist: job.checklist.map((item) => (ticks.has(item.id) ? { ...item, done: ticks.get(item.id)! } : item)),
      });
    }
  }
  return { ...day, clock, jobs: day.jobs.map((job) => jobs.get(job.id)!) };
}

function afterPunch(clock: FieldClock, kind: FieldPunchKind): FieldClock {
  switch (kind) {
    case 'clockIn':
      return { ...clock, clockedIn: true, onMeal: false };
    case 'mealStart':
      return { ...clock, onMeal: true, mealReminderAt: null };
    case 'mealEnd':
      return { ...clock, onMeal: false };
    case 'clockOut':
      return { ...clock, clockedIn: false, onMeal: false, mealReminderAt: null };
  }
}

/** The punches the clock's state allows, in the order shown. */
export function punchChoices(clock: FieldClock): FieldPunchKind[] {
  if (!clock.clockedIn) return ['clockIn'];
  if (clock.onMeal) return ['mealEnd'];
  return ['mealStart', 'clockOut'];
}

/** A job's buttons: none on tomorrow's (read-only) jobs. */
export function jobChoices(state: FieldState, readOnly: boolean): { checkIn: boolean; checkOut: boolean; done: boolean } {
  if (readOnly) return { checkIn: false, checkOut: false, done: false };
  return {
    checkIn: state === 'notStarted' || state === 'enRoute',
    checkOut: state === 'inProgress' || state === 'done',
    done: state === 'inProgress',
  };
}

/** Before the end of the 5th hour worked, less this margin, when the phone alone knows of the clock-in. */
const LOCAL_MEAL_REMINDER_MIN = 4 * 60 + 45;

/**
 * When to remind of the meal break: the server's moment (it knows the hours worked and the waiver);
 * for a clock-in still waiting on the phone, 4 h 45 min after it. Never while on a meal, clocked out
 * or under a waiver.
 */
export function mealReminderAt(clock: FieldClock, serverClock: FieldClock, pending: readonly OutboxEntry[]): Date | null {
  if (!clock.clockedIn || clock.onMeal || clock.mealWaived) return null;
  if (clock.mealReminderAt) return new Date(clock.mealReminderAt);
  if (serverClock.clockedIn) return null;
  const clockIn = pending.find((e) => e.action?.type === 'punch' && e.action.kind === 'clockIn');
  const mealTaken = pending.some((e) => e.action?.type === 'punch' && e.action.kind === 'mealStart');
  if (!clockIn || mealTaken) return null;
  return new Date(new Date(clockIn.at).getTime() + LOCAL_MEAL_REMINDER_MIN * 60_000);
}

/** A link that opens the phone's map app (Google Maps' web address hands over to the app on both platforms). */
export function mapsLink(query: string): string {
  return `https://maps.google.com/?q=${encodeURIComponent(query)}`;
}

/** Jobs in the day's order: planned start, then arrival window, then reference. */
export function inDayOrder(jobs: readonly FieldJob[]): FieldJob[] {
  const start = (job: FieldJob) => job.startMinutes ?? Number.MAX_SAFE_INTEGER;
  return [...jobs].sort(
    (a, b) =>
      start(a) - start(b) || (a.windowFrom ?? '~').localeCompare(b.windowFrom ?? '~') || a.reference.localeCompare(b.reference),
  );
}

/** The next day (YYYY-MM-DD) of a business date. */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return next.toISOString().slice(0, 10);
}

/** Today on the phone's calendar (the phone is where the crew works). */
export function phoneToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
