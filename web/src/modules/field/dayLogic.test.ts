import { describe, expect, it } from 'vitest';
import { inDayOrder, jobChoices, mapsLink, mealReminderAt, nextDate, punchChoices, withPending } from './dayLogic';
import { actionEntry } from './queue';
import { parseRoute, pathOf } from './route';
import { fieldDay, fieldJob } from './testDay';

const at = (iso: string) => new Date(iso);

describe('the day on the phone', () => {
  it('shows waiting actions at once: clocked in, the job in progress, the ticked item', () => {
    const day = fieldDay();
    const pending = [
      actionEntry({ type: 'punch', kind: 'clockIn' }, 7, at('2026-11-27T16:00:00Z'), 0),
      actionEntry({ type: 'jobEvent', jobId: 11, kind: 'checkIn' }, 7, at('2026-11-27T16:10:00Z'), 1),
      actionEntry(
        { type: 'jobEvent', jobId: 11, kind: 'checklist', checklist: [{ id: 'baths', done: true }] },
        7,
        at('2026-11-27T16:20:00Z'),
        2,
      ),
    ];
    const shown = withPending(day, pending);
    expect(shown.clock.clockedIn).toBe(true);
    expect(shown.jobs[0]!.fieldState).toBe('inProgress');
    expect(shown.jobs[0]!.checklist.map((item) => item.done)).toEqual([false, true]);
    // The server's answer itself is left as it was.
    expect(day.clock.clockedIn).toBe(false);
  });

  it('follows the punches in order: meal, then clock-out', () => {
    const base = fieldDay({
      clock: { clockedIn: true, onMeal: false, workedMinutes: 200, mealReminderAt: null, mealWaived: false },
    });
    const meal = withPending(base, [actionEntry({ type: 'punch', kind: 'mealStart' }, 7, at('2026-11-27T20:00:00Z'), 0)]);
    expect(punchChoices(meal.clock)).toEqual(['mealEnd']);
    const out = withPending(base, [
      actionEntry({ type: 'punch', kind: 'mealStart' }, 7, at('2026-11-27T20:00:00Z'), 0),
      actionEntry({ type: 'punch', kind: 'mealEnd' }, 7, at('2026-11-27T20:30:00Z'), 1),
      actionEntry({ type: 'punch', kind: 'clockOut', restBreaksTaken: true }, 7, at('2026-11-27T23:00:00Z'), 2),
    ]);
    expect(out.clock).toMatchObject({ clockedIn: false, onMeal: false });
    expect(punchChoices(out.clock)).toEqual(['clockIn']);
    expect(punchChoices(base.clock)).toEqual(['mealStart', 'clockOut']);
  });

  it('offers a job’s buttons by its state, none on tomorrow’s', () => {
    expect(jobChoices('notStarted', false)).toEqual({ checkIn: true, checkOut: false, done: false });
    expect(jobChoices('inProgress', false)).toEqual({ checkIn: false, checkOut: true, done: true });
    expect(jobChoices('done', false)).toEqual({ checkIn: false, checkOut: true, done: false });
    expect(jobChoices('notStarted', true)).toEqual({ checkIn: false, checkOut: false, done: false });
  });

  it('reminds of the meal at the server’s moment, or 4 h 45 min after a clock-in still on the phone', () => {
    const server = fieldDay({
      clock: { clockedIn: true, onMeal: false, workedMinutes: 60, mealReminderAt: '2026-11-27T20:50:00.000Z', mealWaived: false },
    }).clock;
    expect(mealReminderAt(server, server, [])).toEqual(at('2026-11-27T20:50:00.000Z'));
    expect(mealReminderAt({ ...server, mealWaived: true }, server, [])).toBeNull();
    expect(mealReminderAt({ ...server, onMeal: true }, server, [])).toBeNull();

    const out = fieldDay().clock;
    const pending = [actionEntry({ type: 'punch', kind: 'clockIn' }, 7, at('2026-11-27T16:00:00.000Z'), 0)];
    const shown = withPending(fieldDay(), pending).clock;
    expect(mealReminderAt(shown, out, pending)).toEqual(at('2026-11-27T20:45:00.000Z'));
    const afterMeal = [...pending, actionEntry({ type: 'punch', kind: 'mealStart' }, 7, at('2026-11-27T19:00:00Z'), 1)];
    expect(mealReminderAt({ ...shown, onMeal: false }, out, afterMeal)).toBeNull();
  });

  it('orders jobs by planned start, then window; links the address to the map app', () => {
    const jobs = [
      fieldJob({ id: 1, reference: 'B', startMinutes: null, windowFrom: '08:00' }),
      fieldJob({ id: 2, reference: 'C', startMinutes: 600 }),
      fieldJob({ id: 3, reference: 'A', startMinutes: 480 }),
    ];
    expect(inDayOrder(jobs).map((job) => job.id)).toEqual([3, 2, 1]);
    expect(mapsLink('1 Main St, San José & Co')).toBe('https://maps.google.com/?q=1%20Main%20St%2C%20San%20Jos%C3%A9%20%26%20Co');
  });

  it('reads tomorrow across a month end', () => {
    expect(nextDate('2026-11-30')).toBe('2026-12-01');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });
});

describe('field routes', () => {
  it('read deep links and write them back', () => {
    const cases = ['/field/', '/field/tomorrow', '/field/time', '/field/job/12', '/field/tomorrow/job/5'];
    for (const path of cases) expect(pathOf(parseRoute(path))).toBe(path);
    expect(parseRoute('/field')).toEqual({ screen: 'day', which: 'today' });
    expect(parseRoute('/field/job/abc')).toEqual({ screen: 'day', which: 'today' });
  });
});
