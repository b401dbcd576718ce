import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      // The guard first: React's scheduler must find it when it loads.
      setupFiles: ['src/test/scheduler-guard.ts', 'src/test/setup.ts'],
      css: false,
      // Every core: Vitest's default leaves one to the runner (a single worker on a two-core machine),
      // yet the runner mostly waits while jsdom renders; each file has its own jsdom.
      maxWorkers: availableParallelism(),
      // antd in jsdom is slow on a two-core machine.
      testTimeout: 60_000,
    },
  }),
);
