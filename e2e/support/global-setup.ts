import type { TestProject } from 'vitest/node';
import { buildServer, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The address the server printed at start-up, which a user would open. */
    printedUrl: string;
  }
}

/** One server for the browser tests; tests that need other settings start their own. */
export default async function setup(project: TestProject) {
  // The browser tests exercise production: the compiled server, built fresh from this checkout.
  buildServer();
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('printedUrl', server.printedUrl);
  return () => server.stop();
}
