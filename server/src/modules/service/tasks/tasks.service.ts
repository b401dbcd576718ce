import {
  Code,
  rruleOf,
  type TaskAddRequest,
  type TaskModifyRequest,
  type TaskSaved,
  type TaskUpdateStateRequest,
  timeToMinutes,
} from '@tidyhouse/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit, diff, pick } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { AppError } from '../../../platform/errors';
import { nextReference } from '../../../platform/references';
import { softDeleteVersioned, updateVersioned } from '../../../platform/versioned';
import { teams } from '../../employees/employees.tables';
import { tasks, taskTeams } from './tasks.tables';

/** Tasks (docs/business-rules.md "Tasks"): internal recurring work for teams, same recurrence as plans. */

type TaskRow = typeof tasks.$inferSelect;

const AUDITED = [
  'name',
  'frequency',
  'intervalWeeks',
  'rrule',
  'status',
  'startDate',
  'startMinutes',
  'durationMinutes',
  'endDate',
  'notes',
] as const;
const audited = (task: TaskRow, teamIds: readonly number[]) => ({
  ...pick(task, AUDITED),
  teamIds: [...teamIds].sort((a, b) => a - b),
});

/** Every team named must exist and be active (10001 naming teamIds). */
async function checkTeams(tx: Db, teamIds: readonly number[]) {
  const found = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(inArray(teams.id, [...teamIds]), isNull(teams.deletedAt), eq(teams.active, true)));
  const ok = new Set(found.map((t) => t.id));
  const missing = teamIds.find((id) => !ok.has(id));
  if (missing !== undefined) throw new AppError(Code.INVALID_INPUT, 'tasks.teamUnavailable', { field: 'teamIds', id: missing });
}

function scheduleValues(req: TaskAddRequest) {
  const intervalWeeks = req.frequency === 'custom' ? req.intervalWeeks : null;
  return {
    name: req.name,
    frequency: req.frequency,
    intervalWeeks,
    rrule: rruleOf({ frequency: req.frequency, intervalWeeks, startDate: req.startDate }),
    startDate: req.startDate,
    startMinutes: req.startTime === null ? null : timeToMinutes(req.startTime),
    durationMinutes: req.durationMinutes,
    endDate: req.endDate,
    notes: req.notes,
  };
}

async function teamIdsOf(tx: Db, taskId: number): Promise<number[]> {
  const rows = await tx.select({ teamId: taskTeams.teamId }).from(taskTeams).where(eq(taskTeams.taskId, taskId));
  return rows.map((r) => r.teamId);
}

async function setTeams(tx: Db, taskId: number, teamIds: readonly number[]) {
  await tx.delete(taskTeams).where(eq(taskTeams.taskId, taskId));
  await tx.insert(taskTeams).values(teamIds.map((teamId) => ({ taskId, teamId })));
}

export async function addTask(tx: Db, request: FastifyRequest, req: TaskAddRequest): Promise<TaskSaved> {
  await checkTeams(tx, req.teamIds);
  const actorId = request.session!.userId;
  const [task] = await tx
    .insert(tasks)
    .values({
      ...scheduleValues(req),
      reference: await nextReference(tx, 'T', await businessToday(tx)),
      status: 'active',
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await setTeams(tx, task!.id, req.teamIds);
  await audit(tx, request, {
    module: 'service',
    action: 'addTask',
    recordType: 'task',
    recordId: task!.id,
    details: { params: { reference: task!.reference, name: task!.name, rrule: task!.rrule, date: task!.startDate } },
    changes: diff({}, audited(task!, req.teamIds)),
  });
  return { id: task!.id, version: task!.version, reference: task!.reference };
}

export async function modifyTask(tx: Db, request: FastifyRequest, req: TaskModifyRequest): Promise<TaskSaved> {
  await checkTeams(tx, req.teamIds);
  const { before, after } = await updateVersioned(tx, tasks, 'plans.task', req, scheduleValues(req), request.session!.userId);
  const beforeTeams = await teamIdsOf(tx, req.id);
  await setTeams(tx, req.id, req.teamIds);
  const changes = diff(audited(before, beforeTeams), audited(after, req.teamIds));
  await audit(tx, request, {
    module: 'service',
    action: 'modifyTask',
    recordType: 'task',
    recordId: req.id,
    details: { params: { reference: after.reference, name: after.name, fields: Object.keys(changes ?? {}) } },
    changes,
  });
  return { id: after.id, version: after.version, reference: after.reference };
}

export async function setTaskActive(tx: Db, request: FastifyRequest, req: TaskUpdateStateRequest): Promise<TaskSaved> {
  const [current] = await tx
    .select({ version: tasks.version })
    .from(tasks)
    .where(and(eq(tasks.id, req.id), isNull(tasks.deletedAt)));
  const { before, after } = await updateVersioned(
    tx,
    tasks,
    'plans.task',
    { id: req.id, version: current?.version ?? 0 },
    { status: req.active ? 'active' : 'inactive' },
    request.session!.userId,
  );
  await audit(tx, request, {
    module: 'service',
    action: req.active ? 'activateTask' : 'deactivateTask',
    recordType: 'task',
    recordId: req.id,
    details: { params: { reference: after.reference, name: after.name } },
    changes: diff({ status: before.status }, { status: after.status }),
  });
  return { id: after.id, version: after.version, reference: after.reference };
}

export async function removeTask(tx: Db, request: FastifyRequest, req: { id: number; version: number }): Promise<TaskSaved> {
  const before = await softDeleteVersioned(tx, tasks, 'plans.task', req, request.session!.userId);
  await audit(tx, request, {
    module: 'service',
    action: 'removeTask',
    recordType: 'task',
    recordId: req.id,
    details: { params: { reference: before.reference, name: before.name } },
  });
  return { id: before.id, version: before.version + 1, reference: before.reference };
}
