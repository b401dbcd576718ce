import {
  ZChangeLogRequest,
  ZChangeLogResponse,
  ZId,
  ZIdVersion,
  ZTaskAddRequest,
  ZTaskDetail,
  ZTaskListRequest,
  ZTaskListResponse,
  ZTaskModifyRequest,
  ZTaskOccurrencesRequest,
  ZTaskOccurrencesResponse,
  ZTaskSaved,
  ZTaskUpdateStateRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { changeLogOf } from '../../../platform/change-log';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { listTasks, taskDetail, taskOccurrences } from './tasks.query';
import { addTask, modifyTask, removeTask, setTaskActive } from './tasks.service';

const TASKS = '/service/tasklist';

/** Task List (issue 9; /task/*). */
export async function tasksRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/task/queryList',
    summary: 'Task list',
    permission: TASKS,
    body: ZTaskListRequest,
    response: ZTaskListResponse,
    handler: (_request, body) => listTasks(db, body),
  });
  defineRoute(app, {
    path: '/task/detail',
    summary: 'One task with its upcoming dates',
    permission: TASKS,
    body: ZId,
    response: ZTaskDetail,
    handler: (_request, body) => taskDetail(db, body.id),
  });
  defineRoute(app, {
    path: '/task/history',
    summary: 'Change log of a task',
    permission: TASKS,
    body: ZChangeLogRequest,
    response: ZChangeLogResponse,
    handler: (request, body) => changeLogOf(db, 'task', body, request.locale),
  });
  defineRoute(app, {
    path: '/task/occurrences',
    summary: 'Task occurrences for a date range and teams',
    permission: TASKS,
    body: ZTaskOccurrencesRequest,
    response: ZTaskOccurrencesResponse,
    handler: (_request, body) => taskOccurrences(db, body),
  });
  defineRoute(app, {
    path: '/task/add',
    summary: 'Add a task',
    permission: TASKS,
    body: ZTaskAddRequest,
    response: ZTaskSaved,
    handler: (request, body) => db.transaction((tx) => addTask(tx, request, body)),
  });
  defineRoute(app, {
    path: '/task/modify',
    summary: 'Change a task',
    permission: TASKS,
    body: ZTaskModifyRequest,
    response: ZTaskSaved,
    handler: (request, body) => db.transaction((tx) => modifyTask(tx, request, body)),
  });
  defineRoute(app, {
    path: '/task/updateState',
    summary: 'Activate or deactivate a task',
    permission: TASKS,
    body: ZTaskUpdateStateRequest,
    response: ZTaskSaved,
    handler: (request, body) => db.transaction((tx) => setTaskActive(tx, request, body)),
  });
  defineRoute(app, {
    path: '/task/remove',
    summary: 'Remove a task',
    permission: TASKS,
    body: ZIdVersion,
    response: ZTaskSaved,
    handler: (request, body) => db.transaction((tx) => removeTask(tx, request, body)),
  });
}
