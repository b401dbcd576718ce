import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { generateDuePlans } from './generation';

/** How often each process checks for plans behind the horizon (cheap when none is: one indexed query). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Plan job generation in this process: once when the app is ready (before it serves a request), then
 * every hour, so each new business day is generated within the hour after midnight. Every server
 * process runs it; generateDuePlans is safe when several do at the same moment.
 */
export function scheduleGeneration(app: FastifyInstance, { db, config, readiness }: Deps): void {
  if (!config.planGeneration) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = async () => {
    // The server listens before it migrates: generation waits for the schema (see main.ts).
    if (running || !readiness.ready) return;
    running = generateDuePlans(db, { horizonWeeks: config.planHorizonWeeks })
      .then((result) => {
        if (result.jobs > 0) app.log.info(result, 'plan jobs generated');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'plan job generation failed'))
      .finally(() => {
        running = null;
      });
    await running;
  };
  app.addHook('onReady', async () => {
    if (readiness.ready) {
      await run();
      timer = setInterval(() => void run(), CHECK_EVERY_MS);
    } else {
      // Check each second until start-up is done, then run and fall back to the hourly check.
      timer = setInterval(() => {
        if (!readiness.ready || !timer) return;
        clearInterval(timer);
        timer = setInterval(() => void run(), CHECK_EVERY_MS);
        timer.unref();
        void run();
      }, 1000);
    }
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
