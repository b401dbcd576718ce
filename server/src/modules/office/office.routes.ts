import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { closeDayRoutes } from './close-day/close-day.routes';
import { completionRoutes } from './completion/completion.routes';
import { startOfDayRoutes } from './start-of-day/start-of-day.routes';

/** The office domain (issue 12): each routine of the office day registers its own routes here. */
export async function officeRoutes(app: FastifyInstance, deps: Deps) {
  await startOfDayRoutes(app, deps);
  await completionRoutes(app, deps);
  await closeDayRoutes(app, deps);
}
