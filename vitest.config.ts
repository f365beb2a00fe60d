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
          // Each file builds its own application on its own database copy, and a file already runs several
          // applications (SQLite, PostgreSQL, clusters) in one module graph; so a worker keeps its loaded modules
          // from file to file instead of loading the whole server again for each (the largest part of the time).
          isolate: false,
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
