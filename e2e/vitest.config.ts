import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Browser journeys: one built server for the whole run (global setup), files one after another.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
