import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { scanReminders, scanReviewRequests } from '../events';
import { type CycleResult, drainOutbox, type OutboxContext } from './worker';

/** How often each process looks for due messages (one indexed query when none is) and runs the event scans. */
export const OUTBOX_TICK_MS = 2_000;

/**
 * The outbox worker in this process, as plan generation runs (plans/scheduler.ts): every server
 * process runs it; the claim (FOR UPDATE SKIP LOCKED) gives each row to one of them. Each tick
 * runs the reminder and review-request scans (they queue in their own transactions), then sends
 * everything due. It starts once the schema is ready and stops with the app.
 */
export function scheduleOutboxWorker(
  app: FastifyInstance,
  { db, config, secrets, readiness }: Deps,
  extra: Partial<OutboxContext> = {},
): void {
  if (!config.outboxWorker) return;
  const ctx: OutboxContext = { secrets, config, ...extra };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running || !readiness.ready) return;
    running = (async () => {
      const now = new Date();
      await scanReminders(db, now);
      await scanReviewRequests(db, now);
      const result: CycleResult = await drainOutbox(db, ctx);
      if (result.claimed > 0) app.log.info(result, 'outbox messages processed');
    })()
      .catch((error: unknown) => app.log.error({ err: error }, 'outbox worker cycle failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, OUTBOX_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
