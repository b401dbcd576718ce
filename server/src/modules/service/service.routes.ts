import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { assignmentsRoutes } from './assignments/assignments.routes';
import { boardRoutes } from './board/board.routes';
import { routeOrderRoutes } from './board/route-order.routes';
import { jobsRoutes } from './jobs/jobs.routes';
import { plansRoutes } from './plans/plans.routes';
import { tasksRoutes } from './tasks/tasks.routes';

/** The service domain (jobs, plans, tasks): each entity registers its own routes here. */
export async function serviceRoutes(app: FastifyInstance, deps: Deps) {
  await jobsRoutes(app, deps);
  await plansRoutes(app, deps);
  await tasksRoutes(app, deps);
  await assignmentsRoutes(app, deps);
  await boardRoutes(app, deps);
  await routeOrderRoutes(app, deps);
}
