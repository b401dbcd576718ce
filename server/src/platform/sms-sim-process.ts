import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts the text message simulator (modules/messaging/sms-sim) as its own process, as the card
 * gateway simulator is (gateway-sim-process.ts): dist/sms-sim.js from the bundle, the source
 * through tsx otherwise. It posts replies from phones to `inboundUrl`; it leaves when the server does.
 */
export function startSmsSimProcess(port: number, token: string, inboundUrl: string): ChildProcess {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const fromSource = import.meta.url.endsWith('.ts');
  const args = fromSource
    ? ['--import', 'tsx', path.join(here, '..', 'modules', 'messaging', 'sms-sim', 'main.ts')]
    : ['--enable-source-maps', path.join(here, 'sms-sim.js')];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, SMS_SIM_PORT: String(port), SMS_SIM_TOKEN: token, SMS_SIM_INBOUND_URL: inboundUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code) => {
    if (code) console.error(`Text message simulator stopped (exit ${code}); texts will wait until the provider answers`);
  });
  return child;
}
