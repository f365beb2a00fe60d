import { defineConfig } from 'tsup';

// The server is bundled so the workspace's TypeScript packages (the contract) are compiled in;
// third-party packages stay external and load from node_modules.
export default defineConfig({
  entry: ['src/main.ts', 'src/workers/xls-parse.worker.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@go\//],
});
