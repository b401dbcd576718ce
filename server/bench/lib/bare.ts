/**
 * The bare baseline of an endpoint (issue 25): the same service function behind a bare Fastify app,
 * one POST route per function, without our plugins (no session, no permission, no Zod, no audit,
 * Fastify's default JSON). Ours ÷ bare is then what our request path adds to the same SQL.
 */
import Fastify from 'fastify';

export type BareHandler = (body: Record<string, unknown>) => Promise<unknown>;

export async function bareRoutes(routes: Record<string, BareHandler>) {
  const app = Fastify({ logger: false });
  for (const [path, handler] of Object.entries(routes)) {
    app.post(path, async (request) => handler((request.body ?? {}) as Record<string, unknown>));
  }
  await app.ready();
  return {
    /** Calls a route through app.inject, as the benches call ours; throws unless it answered 200. */
    async call(path: string, body: Record<string, unknown> = {}) {
      const response = await app.inject({ method: 'POST', url: path, payload: body });
      if (response.statusCode !== 200) throw new Error(`bare ${path}: ${response.statusCode} ${response.body}`);
      return response;
    },
    close: () => app.close(),
  };
}
