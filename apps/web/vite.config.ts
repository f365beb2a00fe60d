import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport } from 'vite';

/**
 * Only framework and heavy single-purpose libraries get their own chunks; antd components are left to the
 * bundler's route-level splitting so the login page loads only the widgets it uses.
 */
function vendorChunk(id: string): string | null {
  if (!id.includes('node_modules')) return null;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
  if (/node_modules\/echarts|node_modules\/zrender|echarts-for-react/.test(id)) return 'vendor-echarts';
  if (/node_modules\/(crypto-js)\//.test(id)) return 'vendor-crypto';
  return null;
}

const src = (f: string) => path.join(import.meta.dirname, 'src', f);
/** What the first screen after sign-in shows: the shell, the main layout, the home page and the header's slots. */
const FIRST_SCREEN = [
  'app/Shell.tsx',
  'app/layout/BasicLayout.tsx',
  'features/dashboard/pages/Analysis.tsx',
  'features/announcement/components/NoticeBell.tsx',
  'features/announcement/components/NewsTicker.tsx',
].map(src);
/** Code loaded without the shell: the entry with the sign-in page, and the phone pages. */
const WITHOUT_SHELL = ['main.tsx', 'app/pages/user/Login.tsx', 'app/H5Root.tsx'].map(src);
/** Libraries imported through one index that re-exports every component: only the named ones count. */
const BARRELS: Record<string, RegExp> = { antd: /node_modules\/antd\/es\/index\.js$/, '@ant-design/icons': /node_modules\/@ant-design\/icons\/es\/index\.js$/ };

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicImporters: readonly string[]; code: string | null } | null;
};

/** The module a relative specifier of `from` resolves to, among its imports. */
function importedFile(graph: ModuleGraph, from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return graph.getModuleInfo(from)?.importedIds.find((id) => id === base || id === `${base}.js` || id === `${base}/index.js`);
}

/** The module that defines export `name` of a re-exporting index (following `export *`). */
function barrelExport(graph: ModuleGraph, barrel: string, name: string): string | undefined {
  const code = graph.getModuleInfo(barrel)?.code ?? '';
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g))
    if (m[1].split(',').some((e) => e.trim().split(/\s+as\s+/).pop() === name)) return importedFile(graph, barrel, m[2]);
  for (const m of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const inner = importedFile(graph, barrel, m[1]);
    const found = inner && barrelExport(graph, inner, name);
    if (found) return found;
  }
  return undefined;
}

/** The modules `id` needs statically, with a barrel replaced by the modules of the names it imports from it. */
function staticImports(graph: ModuleGraph, id: string): string[] {
  const info = graph.getModuleInfo(id);
  if (!info) return [];
  const out: string[] = [];
  for (const dep of info.importedIds) {
    const pkg = Object.keys(BARRELS).find((k) => BARRELS[k].test(dep));
    if (!pkg) {
      out.push(dep);
      continue;
    }
    const from = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg.replace('/', '\\/')}["']`, 'g');
    for (const m of (info.code ?? '').matchAll(from))
      for (const e of m[1].split(',')) {
        const name = e.trim().split(/\s+as\s+/)[0];
        const target = name && barrelExport(graph, dep, name);
        if (target) out.push(target);
      }
  }
  return out;
}

function staticClosure(roots: string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...staticImports(graph, id));
  }
  return seen;
}

/**
 * The modules only the first screen after sign-in needs, in two chunks (its libraries, its own code)
 * instead of about a hundred small ones: the sign-in page fetches them while the user types, and over
 * HTTP/1.1 (six connections a host) a hundred requests queue in front of the sign-in and permission requests.
 */
function firstScreenChunks() {
  let plan: Map<string, string> | null = null;
  return {
    debugName: 'first-screen',
    name(id: string, graph: ModuleGraph): string | null {
      if (!plan) {
        const outside = staticClosure(WITHOUT_SHELL, graph);
        plan = new Map();
        for (const m of staticClosure(FIRST_SCREEN, graph)) {
          // modules loaded with import() (the shell, the layout, pages) keep chunks of their own
          if (outside.has(m) || m.startsWith('\0') || graph.getModuleInfo(m)?.dynamicImporters.length) continue;
          plan.set(m, m.includes('node_modules') ? 'first-screen-lib' : 'first-screen');
        }
      }
      return plan.get(id) ?? null;
    },
    includeDependenciesRecursively: false,
  };
}

/** The default theme's first-screen antd styles (src/app/static-style/extract.ts), rendered in Node. */
async function firstScreenStyle(): Promise<string> {
  const { module } = await runnerImport<typeof import('./src/app/static-style/extract')>(
    path.join(import.meta.dirname, 'src/app/static-style/extract.ts'),
    // the shared contract is TypeScript source, so it is transformed rather than loaded by Node
    { root: import.meta.dirname, environments: { inline: { resolve: { noExternal: ['@go/contract'] } } } },
  );
  const css = module.firstScreenStyle();
  // antd names its classes differently outside production builds; such a sheet would match nothing
  return css.includes('css-dev-only') ? '' : css;
}

export default defineConfig(async ({ command }) => ({
  plugins: [react()],
  // The default theme's first-screen antd styles, rendered here once instead of in every browser at sign-in
  // (src/app/static-style).
  define:
    command === 'build'
      ? { __ANTD_FIRST_SCREEN_STYLE__: JSON.stringify(await firstScreenStyle()) }
      : {},
  server: {
    port: 3000,
    proxy: { '/jeecg-boot': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: vendorChunk, debugName: 'vendor', priority: 1 }, firstScreenChunks()] } } },
  },
}));
