import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts the card gateway simulator (src/gateway-sim) as its own process for the demo
 * (docs/operations.md "Card gateway"). From the bundle it runs dist/gateway-sim.js; from source
 * (tsx) it runs src/gateway-sim/main.ts through tsx. It leaves when the server does.
 */
export function startGatewaySimProcess(port: number): ChildProcess {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const fromSource = import.meta.url.endsWith('.ts');
  const args = fromSource
    ? ['--import', 'tsx', path.join(here, '..', 'gateway-sim', 'main.ts')]
    : ['--enable-source-maps', path.join(here, 'gateway-sim.js')];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, GATEWAY_SIM_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code) => {
    if (code) console.error(`Gateway simulator stopped (exit ${code}); card charges will wait until the gateway answers`);
  });
  return child;
}
