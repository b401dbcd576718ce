import type { PlanFrequency, TaskAddRequest, TaskDetail } from '@tidyhouse/contract';
import type { Dayjs } from 'dayjs';
import { intervalOf } from '../recurrence';
import { fromIsoDate, fromTimeText, toIsoDate, toTimeText } from '../shared';

/** The add / edit task form (pure converters, unit-tested). */
export interface TaskFormValues {
  name?: string;
  frequency: PlanFrequency;
  intervalWeeks?: number | null;
  teamIds?: number[];
  startDate?: Dayjs | null;
  startTime?: Dayjs | null;
  durationMinutes?: number | null;
  endDate?: Dayjs | null;
  notes?: string;
}

export const NEW_TASK: TaskFormValues = { frequency: 'weekly', teamIds: [], durationMinutes: 60, notes: '' };

/**
 * Form values → the body of /task/add (and, with id and version, /task/modify). Missing required
 * values are sent as the server would see them empty, so a check the form missed still answers 10001.
 */
export function taskToRequest(values: TaskFormValues): TaskAddRequest {
  return {
    name: values.name?.trim() ?? '',
    frequency: values.frequency,
    intervalWeeks: intervalOf(values),
    teamIds: values.teamIds ?? [],
    startDate: toIsoDate(values.startDate) ?? '',
    startTime: toTimeText(values.startTime),
    durationMinutes: values.durationMinutes ?? 0,
    endDate: toIsoDate(values.endDate),
    notes: values.notes?.trim() ?? '',
  };
}

export function taskToForm(task: TaskDetail): TaskFormValues {
  return {
    name: task.name,
    frequency: task.frequency,
    intervalWeeks: task.intervalWeeks,
    teamIds: task.teams.map((team) => team.id),
    startDate: fromIsoDate(task.startDate),
    startTime: fromTimeText(task.startTime),
    durationMinutes: task.durationMinutes,
    endDate: fromIsoDate(task.endDate),
    notes: task.notes,
  };
}
