import { ZTaskAddRequest } from '@tidyhouse/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { NEW_TASK, taskToForm, taskToRequest } from './taskForm';

describe('task form', () => {
  it('sends dates as business dates, the time as a wall-clock HH:mm and the interval only for a custom frequency', () => {
    const request = taskToRequest({
      name: '  Supply run ',
      frequency: 'weekly',
      intervalWeeks: 3,
      teamIds: [4, 9],
      startDate: dayjs('2026-12-01'),
      startTime: dayjs('2000-01-01T07:30:00'),
      durationMinutes: 45,
      endDate: null,
      notes: ' van 2 ',
    });
    expect(request).toEqual({
      name: 'Supply run',
      frequency: 'weekly',
      intervalWeeks: null,
      teamIds: [4, 9],
      startDate: '2026-12-01',
      startTime: '07:30',
      durationMinutes: 45,
      endDate: null,
      notes: 'van 2',
    });
    expect(ZTaskAddRequest.safeParse(request).success).toBe(true);
    expect(taskToRequest({ ...NEW_TASK, frequency: 'custom', intervalWeeks: 6 }).intervalWeeks).toBe(6);
  });

  it('an empty form fails the contract with the spec messages, each on its field', () => {
    const parsed = ZTaskAddRequest.safeParse(taskToRequest(NEW_TASK));
    expect(parsed.success).toBe(false);
    // The first issue of each field is the one a form and the server show.
    const byField: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
    expect(byField).toMatchObject({
      name: 'validation.taskNameRequired',
      teamIds: 'validation.teamRequired',
      startDate: 'validation.startDateRequired',
    });
  });

  it('fills the form from a stored task and sends the same task back', () => {
    const values = taskToForm({
      id: 3,
      reference: 'T-0003',
      name: 'Vehicle check',
      frequency: 'monthly',
      intervalWeeks: null,
      rrule: 'FREQ=MONTHLY;BYDAY=+2TU',
      status: 'active',
      teams: [{ id: 2, name: 'Blue', color: '#1677ff' }],
      startDate: '2026-12-08',
      startTime: '16:00',
      durationMinutes: 30,
      endDate: '2027-06-30',
      nextDate: '2026-12-08',
      createdAt: '2026-11-23T10:00:00Z',
      version: 4,
      notes: 'tyres',
      upcoming: [],
    });
    expect(taskToRequest(values)).toEqual({
      name: 'Vehicle check',
      frequency: 'monthly',
      intervalWeeks: null,
      teamIds: [2],
      startDate: '2026-12-08',
      startTime: '16:00',
      durationMinutes: 30,
      endDate: '2027-06-30',
      notes: 'tyres',
    });
  });
});
