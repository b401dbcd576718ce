import { z } from 'zod';
import { requiredCalendarDate, ZCalendarDate, ZTimeOfDay } from '../calendar';
import { optionalText, ZColoredRef } from '../customer-fields';
import { whenMissing } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { listResponseOf, ZListRequest } from '../list';
import { NUMBER_RANGES } from '../number-ranges';
import { PLAN_FREQUENCIES, recurrenceFields, refineRecurrence } from './recurrence';

/**
 * Tasks (spec §3 Task; /task/*): internal recurring work that is not a customer visit (supply run,
 * vehicle check, training), on the schedule board as blocks for their teams. Same recurrence engine
 * as service plans; occurrences are computed, never stored.
 */

export const TASK_STATUSES = ['active', 'inactive'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const id = ZRecordId;
const version = ZVersion;

const taskFields = {
  name: z
    .string({ error: whenMissing('validation.taskNameRequired') })
    .trim()
    .min(1, { error: 'validation.taskNameRequired' })
    .max(96),
  ...recurrenceFields,
  /** One or more teams the task is for. */
  teamIds: z
    .array(id, { error: 'validation.teamRequired' })
    .min(1, { error: 'validation.teamRequired' })
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'rule.duplicateTeams' }),
  startDate: requiredCalendarDate('validation.startDateRequired'),
  /** Local wall clock (HH:MM) in the business time zone. */
  startTime: ZTimeOfDay.nullable().default(null),
  durationMinutes: z
    .number({ error: 'validation.durationRequired' })
    .int()
    .min(NUMBER_RANGES.taskDurationMinutes.min, { error: 'validation.durationRequired' })
    .max(NUMBER_RANGES.taskDurationMinutes.max, { error: 'validation.durationRequired' }),
  endDate: ZCalendarDate.nullable().default(null),
  notes: optionalText(2000),
};

function refineTask(
  value: {
    startDate?: string;
    endDate?: string | null;
    frequency?: (typeof PLAN_FREQUENCIES)[number];
    intervalWeeks?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  refineRecurrence(value, ctx);
  if (value.endDate && value.startDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'rule.dateRange' });
  }
}

export const ZTaskAddRequest = z.object(taskFields).superRefine(refineTask);
export type TaskAddRequest = z.infer<typeof ZTaskAddRequest>;

export const ZTaskModifyRequest = z.object({ id, version, ...taskFields }).superRefine(refineTask);
export type TaskModifyRequest = z.infer<typeof ZTaskModifyRequest>;

export const ZTaskUpdateStateRequest = z.object({ id, active: z.boolean() });
export type TaskUpdateStateRequest = z.infer<typeof ZTaskUpdateStateRequest>;

export const TASK_SORT_FIELDS = ['reference', 'name', 'startDate', 'createdAt'] as const;

export const ZTaskListRequest = ZListRequest.extend({
  /** Reference or name. */
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  frequency: z.enum(PLAN_FREQUENCIES).optional(),
  teamId: ZRecordId.optional(),
});
export type TaskListRequest = z.infer<typeof ZTaskListRequest>;

export const ZTaskListItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  frequency: z.enum(PLAN_FREQUENCIES),
  intervalWeeks: z.number().int().nullable(),
  rrule: z.string(),
  status: z.enum(TASK_STATUSES),
  teams: z.array(ZColoredRef),
  startDate: z.string(),
  startTime: z.string().nullable(),
  durationMinutes: z.number().int(),
  endDate: z.string().nullable(),
  /** Next occurrence from today, if any. */
  nextDate: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type TaskListItem = z.infer<typeof ZTaskListItem>;
export const ZTaskListResponse = listResponseOf(ZTaskListItem);

export const ZTaskDetail = ZTaskListItem.extend({
  notes: z.string(),
  /** The next occurrences from today (at most 12). */
  upcoming: z.array(z.string()),
});
export type TaskDetail = z.infer<typeof ZTaskDetail>;

export const ZTaskSaved = z.object({ id: z.number().int(), version: z.number().int(), reference: z.string() });
export type TaskSaved = z.infer<typeof ZTaskSaved>;

/** Occurrences of active tasks in a date range (at most 93 days), for the schedule board. */
export const ZTaskOccurrencesRequest = z
  .object({
    dateFrom: requiredCalendarDate('rule.required'),
    dateTo: requiredCalendarDate('rule.required'),
    /** Only tasks of these teams; absent: every team. */
    teamIds: z.array(id).max(200).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.dateTo < value.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'rule.dateRange' });
    else if (Date.parse(value.dateTo) - Date.parse(value.dateFrom) > 92 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'rule.rangeTooLong' });
  });
export type TaskOccurrencesRequest = z.infer<typeof ZTaskOccurrencesRequest>;

export const ZTaskOccurrence = z.object({
  taskId: z.number().int(),
  reference: z.string(),
  name: z.string(),
  date: z.string(),
  startTime: z.string().nullable(),
  durationMinutes: z.number().int(),
  teamIds: z.array(z.number().int()),
});
export type TaskOccurrence = z.infer<typeof ZTaskOccurrence>;
export const ZTaskOccurrencesResponse = z.array(ZTaskOccurrence);
