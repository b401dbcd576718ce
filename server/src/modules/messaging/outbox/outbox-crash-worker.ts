import { loadConfig } from '../../../platform/config';
import { openDatabase } from '../../../platform/database';
import { createSecrets, parseSecretKey } from '../../../platform/secrets';
import { drainOutbox } from './worker';

/**
 * A separate process that runs the outbox worker's cycles once, for the crash test
 * (outbox-crash.test.ts). With CRASH=1 it stops dead once the provider has answered that the text
 * was sent, before anything is written: it prints SENT and waits to be killed with SIGKILL.
 * Environment: DATABASE_URL or DATA_DIR, SMS_URL (the simulator), SMS_SIM_TOKEN, SECRET_KEY,
 * NOW (the moment the cycle runs at), LEASE_MS.
 */
const env = process.env;
const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '' });
const secrets = createSecrets(parseSecretKey(env.SECRET_KEY!)!);
const config = { ...loadConfig({ SMS_SIM_TOKEN: env.SMS_SIM_TOKEN! }), smsUrl: env.SMS_URL, smsWebhookUrl: 'http://127.0.0.1:9' };
const result = await drainOutbox(
  database.db,
  {
    secrets,
    config,
    leaseMs: Number(env.LEASE_MS ?? 120_000),
    afterProviderAnswer:
      env.CRASH === '1'
        ? async (_row, answer) => {
            if (!answer.ok) return;
            process.stdout.write('SENT\n');
            // Never resolves: the process sits between the provider's answer and the record until killed.
            await new Promise(() => {});
          }
        : undefined,
  },
  () => new Date(env.NOW!),
);
process.stdout.write(`DONE ${JSON.stringify(result)}\n`);
await database.close();
process.exit(0);
