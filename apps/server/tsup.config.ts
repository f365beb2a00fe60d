import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * Expands `import.meta.glob('<dir>/*<suffix>', { eager: true })` (as vite does) into static imports, so code
 * that finds its parts by folder (form types: `src/modules/forms/discovery.ts`) is bundled with them.
 * Only a folder and a `*` file name pattern are supported.
 */
const GLOB = /import\.meta\.glob(?:<(?:[^<>]|<[^<>]*>)*>)?\(\s*'([^'*]*\/)\*([^'/*]*)'\s*,\s*\{\s*eager:\s*true\s*\}\s*\)/g;
const importGlob: Plugin = {
  name: 'import-meta-glob',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.glob')) return undefined;
      const imports: string[] = [];
      const code = source.replace(GLOB, (_all, dir: string, suffix: string) => {
        const folder = path.resolve(path.dirname(args.path), dir);
        const entries = readdirSync(folder)
          .filter((n) => n.endsWith(suffix))
          .sort()
          .map((n) => {
            const id = `__glob_${imports.length}`;
            imports.push(`import * as ${id} from ${JSON.stringify(`${dir}${n}`)};`);
            return `${JSON.stringify(`${dir}${n}`)}: ${id}`;
          });
        return `({ ${entries.join(', ')} })`;
      });
      return { contents: `${imports.join('\n')}\n${code}`, loader: 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};

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
  esbuildPlugins: [importGlob],
});
