import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API tests run on the embedded engine always, and on PostgreSQL too when TEST_DATABASE_URL is set:
 * the same files, two projects.
 */
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        // The fuzz test probes input validation, which is the same code on both engines.
        exclude: [...configDefaults.exclude, ...(engine === 'postgres' ? ['test/fuzz.test.ts'] : [])],
        globalSetup: ['test/global-setup.ts'],
        env: { TEST_ENGINE: engine },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
