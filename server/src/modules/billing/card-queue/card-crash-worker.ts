import type { Config } from '../../../platform/config';
import { openDatabase } from '../../../platform/database';
import { createSecrets, parseSecretKey } from '../../../platform/secrets';
import { sendCardRefund } from '../payments/card-refunds.service';
import { processEntries, recordChargeResult } from './card-queue.service';
import { gatewaySettings } from './gateway/gateway-settings';
import { type CardGateway, createStripeGateway } from './gateway/stripe-gateway';

/**
 * A separate process that charges one queue entry or sends one card refund, for the crash test
 * (card-crash.test.ts). With CRASH=1 it stops dead once the gateway has answered that the money
 * moved, before anything is written: it prints MOVED and waits to be killed with SIGKILL.
 * Environment: DATABASE_URL or DATA_DIR, GATEWAY_URL, SECRET_KEY, ACTOR, MODE (charge|refund), ID.
 */
const env = process.env;
const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '' });
const secrets = createSecrets(parseSecretKey(env.SECRET_KEY!)!);
const real = createStripeGateway(await gatewaySettings(database.db, secrets, { gatewayUrl: env.GATEWAY_URL! } as Config));
/** Never resolves: the process sits between the gateway's answer and the record until killed. */
const hang = <T>(): Promise<T> => {
  process.stdout.write('MOVED\n');
  return new Promise<T>(() => {});
};
const gateway: CardGateway =
  env.CRASH === '1'
    ? {
        ...real,
        confirmIntent: async (...args) => {
          const answer = await real.confirmIntent(...args);
          return answer.ok ? hang<typeof answer>() : answer;
        },
        refund: async (request) => {
          const answer = await real.refund(request);
          return answer.ok ? hang<typeof answer>() : answer;
        },
      }
    : real;
const actor = Number(env.ACTOR);
const id = Number(env.ID);
let outcome: unknown;
if (env.MODE === 'refund') {
  const sent = await sendCardRefund(database.db, gateway, id, actor, async () => {});
  outcome = sent.refunded ? 'refunded' : sent.failure.declineCode;
} else {
  const [result] = await processEntries(database.db, gateway, [id], 'en', (claimed, answer) =>
    database.db.transaction((tx) => recordChargeResult(tx, claimed, answer, actor)),
  );
  outcome = result?.outcome;
}
process.stdout.write(`DONE ${JSON.stringify(outcome)}\n`);
await database.close();
process.exit(0);
