import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { jobsRoutes } from './jobs/jobs.routes';

/** The service domain (jobs, plans, tasks): each entity registers its own routes here. */
export async function serviceRoutes(app: FastifyInstance, deps: Deps) {
  await jobsRoutes(app, deps);
}
