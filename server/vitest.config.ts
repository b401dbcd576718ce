import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API tests run on the embedded engine always, and on PostgreSQL too when TEST_DATABASE_URL is set:
 * the same files, two projects.
 */
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

/**
 * Tests that open no database (pure rules, the simulators, the guards over texts): the same on both
 * engines, so they run once, on the embedded one. The fuzz test probes input validation, which is the
 * same code on both engines.
 */
const ENGINE_FREE = [
  'test/fuzz.test.ts',
  'test/zh-job-word.test.ts',
  'test/audit-facts.test.ts',
  'test/team-words.test.ts',
  'test/field-spanish.test.ts',
  'test/bench-record.test.ts',
  'src/welcome.test.ts',
  'src/gateway-sim/**/*.test.ts',
  'src/platform/serializer.test.ts',
  'src/platform/embedded-maintenance.test.ts',
  'src/platform/platform.test.ts',
  'src/platform/messages.test.ts',
  'src/modules/payroll/wages/california/**/*.test.ts',
  'src/modules/service/plans/changes.test.ts',
  'src/modules/service/plans/recurrence.test.ts',
  'src/modules/customers/search-range.test.ts',
];

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one to the runner (a single worker on a two-core machine),
    // yet the runner mostly waits while the files run; each file has its own database copy, so files
    // of both engines run side by side safely.
    maxWorkers: availableParallelism(),
    projects: engines.map((engine) => ({
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: [...configDefaults.exclude, ...(engine === 'postgres' ? ENGINE_FREE : [])],
        globalSetup: ['test/global-setup.ts'],
        env: { TEST_ENGINE: engine },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
