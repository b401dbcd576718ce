import { startGatewaySim } from './gateway-sim';

/**
 * The gateway simulator as its own process (docs/operations.md "Card gateway"):
 * `GATEWAY_SIM_PORT` (default 12111), `GATEWAY_SIM_CORS_ORIGINS` (comma-separated, default any).
 */
const port = Number(process.env.GATEWAY_SIM_PORT ?? 12111);
const origins = process.env.GATEWAY_SIM_CORS_ORIGINS?.split(',')
  .map((o) => o.trim())
  .filter(Boolean);
const sim = await startGatewaySim(port, { corsOrigins: origins?.length ? origins : '*' });
console.log(`Gateway simulator (Stripe test API subset) on ${sim.url}`);
const stop = () => void sim.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by the server as a child: leave when the parent goes.
process.on('disconnect', stop);
