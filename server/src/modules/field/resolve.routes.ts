import { ZFieldResolveCardConflicts, ZFieldResolved, ZFieldResolveJobConflict } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { defineRoute } from '../../platform/route';
import { JOB_COMPLETION } from '../office/completion/completion.routes';
import { resolveCardConflicts, resolveJobConflict } from './resolve.service';

/** Who edits time cards (the time-card screen). */
const TIME_CARDS = '/employee/attendance';

/** The office clears the field conflicts it has looked at (issue 21): where each flag is shown. */
export async function fieldResolveRoutes(app: FastifyInstance, { db }: Pick<Deps, 'db'>) {
  defineRoute(app, {
    path: '/field/resolveJobConflict',
    summary: "Clear a job's field conflict flag once the office has looked at it (Job Completion, the board)",
    permission: JOB_COMPLETION,
    body: ZFieldResolveJobConflict,
    response: ZFieldResolved,
    handler: (request, body) => db.transaction((tx) => resolveJobConflict(tx, request, body.jobId)),
  });

  defineRoute(app, {
    path: '/field/resolveCardConflicts',
    summary: "Clear the field conflicts of a cleaner's time-card day once the office has looked at them",
    permission: TIME_CARDS,
    body: ZFieldResolveCardConflicts,
    response: ZFieldResolved,
    handler: (request, body) => db.transaction((tx) => resolveCardConflicts(tx, request, body)),
  });
}
