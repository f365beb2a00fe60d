import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit, component and API tests. Browser journeys live in e2e/ with their own config.
export default defineConfig({
  test: {
    // API test files spend most of their time waiting on the database, so two run side by side even on a
    // two-core machine (the default there would be one). Each file works on its own database copy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.{ts,js}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 20000,
        },
      },
    ],
  },
});
