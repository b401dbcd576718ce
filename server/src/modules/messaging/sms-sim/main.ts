import { startSmsSim } from './sms-sim';

/**
 * The text message provider simulator as its own process (docs/operations.md "Text messages"):
 * `SMS_SIM_PORT` (default 12112), `SMS_SIM_TOKEN` (the shared secret: Basic auth and webhook
 * signatures), `SMS_SIM_INBOUND_URL` (where replies from phones are posted).
 */
const port = Number(process.env.SMS_SIM_PORT ?? 12112);
const sim = await startSmsSim(port, {
  authToken: process.env.SMS_SIM_TOKEN ?? '',
  inboundUrl: process.env.SMS_SIM_INBOUND_URL,
});
console.log(`Text message simulator (Twilio Messages API subset) on ${sim.url}`);
const stop = () => void sim.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by the server as a child: leave when the parent goes.
process.on('disconnect', stop);
