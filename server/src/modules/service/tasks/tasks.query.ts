import {
  minutesToTime,
  type TaskDetail,
  type TaskListItem,
  type TaskListRequest,
  type TaskOccurrence,
  type TaskOccurrencesRequest,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../../platform/list';
import { teams } from '../../employees/employees.tables';
import { nextOccurrence, nextOccurrences, occurrencesBetween } from '../plans/recurrence';
import { tasks, taskTeams } from './tasks.tables';

type TaskRow = typeof tasks.$inferSelect;
type TeamRef = { id: number; name: string; color: string };

async function teamsOf(db: Db, taskIds: readonly number[]): Promise<Map<number, TeamRef[]>> {
  const byTask = new Map<number, TeamRef[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select({ taskId: taskTeams.taskId, id: teams.id, name: teams.name, color: teams.color })
    .from(taskTeams)
    .innerJoin(teams, eq(teams.id, taskTeams.teamId))
    .where(inArray(taskTeams.taskId, [...taskIds]))
    .orderBy(asc(teams.name));
  for (const r of rows) byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), { id: r.id, name: r.name, color: r.color }]);
  return byTask;
}

function itemOf(task: TaskRow, teamRefs: TeamRef[], today: string): TaskListItem {
  return {
    id: task.id,
    reference: task.reference,
    name: task.name,
    frequency: task.frequency,
    intervalWeeks: task.intervalWeeks,
    rrule: task.rrule,
    status: task.status,
    teams: teamRefs,
    startDate: task.startDate,
    startTime: task.startMinutes === null ? null : minutesToTime(task.startMinutes),
    durationMinutes: task.durationMinutes,
    endDate: task.endDate,
    nextDate: task.status === 'active' ? nextOccurrence(recurrenceOf(task), today) : null,
    createdAt: task.createdAt.toISOString(),
    version: task.version,
  };
}

const recurrenceOf = (task: TaskRow) => ({ rrule: task.rrule, patternFrom: task.startDate, endDate: task.endDate });

export async function listTasks(db: Db, req: TaskListRequest) {
  const conditions: SQL[] = [isNull(tasks.deletedAt)];
  if (req.status) conditions.push(eq(tasks.status, req.status));
  if (req.frequency) conditions.push(eq(tasks.frequency, req.frequency));
  if (req.teamId) {
    conditions.push(sql`exists (select 1 from ${taskTeams} tt where tt.task_id = ${tasks.id} and tt.team_id = ${req.teamId})`);
  }
  if (req.keyword) {
    conditions.push(
      or(ilike(tasks.reference, `${likeEscape(req.keyword)}%`), ilike(tasks.name, `%${likeEscape(req.keyword)}%`))!,
    );
  }
  const order = orderOf(
    req.sort,
    { reference: tasks.reference, name: tasks.name, startDate: tasks.startDate, createdAt: tasks.createdAt },
    [desc(tasks.createdAt)],
    tasks.id,
  );
  const { rows, total } = await paged(
    db
      .select({ task: tasks, total: totalCount })
      .from(tasks)
      .where(and(...conditions))
      .orderBy(...order)
      .$dynamic(),
    req,
  );
  const today = await businessToday(db);
  const teamRefs = await teamsOf(
    db,
    rows.map((r) => r.task.id),
  );
  return { list: rows.map((r) => itemOf(r.task, teamRefs.get(r.task.id) ?? [], today)), total };
}

export async function taskDetail(db: Db, id: number): Promise<TaskDetail> {
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), isNull(tasks.deletedAt)));
  if (!task) throw notFound('plans.task');
  const today = await businessToday(db);
  const teamRefs = await teamsOf(db, [id]);
  return {
    ...itemOf(task, teamRefs.get(id) ?? [], today),
    notes: task.notes,
    upcoming: task.status === 'active' ? nextOccurrences(recurrenceOf(task), today, 12) : [],
  };
}

/**
 * The occurrences of active tasks between two dates, for the given teams (all when absent), in date
 * and time order: what the schedule board draws as blocks. Two queries for any number of tasks.
 */
export async function taskOccurrences(db: Db, req: TaskOccurrencesRequest): Promise<TaskOccurrence[]> {
  const conditions: SQL[] = [
    isNull(tasks.deletedAt),
    eq(tasks.status, 'active'),
    lte(tasks.startDate, req.dateTo),
    or(isNull(tasks.endDate), gte(tasks.endDate, req.dateFrom))!,
  ];
  if (req.teamIds?.length) {
    conditions.push(
      sql`exists (select 1 from ${taskTeams} tt where tt.task_id = ${tasks.id} and tt.team_id in (${sql.join(
        req.teamIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  }
  const rows = await db
    .select()
    .from(tasks)
    .where(and(...conditions));
  const teamRefs = await teamsOf(
    db,
    rows.map((r) => r.id),
  );
  const result: TaskOccurrence[] = [];
  for (const task of rows) {
    const teamIds = (teamRefs.get(task.id) ?? []).map((t) => t.id);
    for (const date of occurrencesBetween(recurrenceOf(task), req.dateFrom, req.dateTo)) {
      result.push({
        taskId: task.id,
        reference: task.reference,
        name: task.name,
        date,
        startTime: task.startMinutes === null ? null : minutesToTime(task.startMinutes),
        durationMinutes: task.durationMinutes,
        teamIds,
      });
    }
  }
  return result.sort(
    (a, b) => a.date.localeCompare(b.date) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.taskId - b.taskId,
  );
}
