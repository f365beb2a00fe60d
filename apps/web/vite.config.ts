import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';

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

/**
 * Writes a .br and a .gz twin beside every text file of the build (over 1 KB) once, at build time; the server
 * sends the twin the browser accepts (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'go-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(import.meta.dirname, 'dist');
      const files = Object.keys(bundle).filter((f) => /\.(js|mjs|css|svg|json|txt|eot|ttf)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(dir, f);
          const data = await readFile(file);
          if (data.length < 1024) return;
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
          await writeFile(`${file}.br`, await br(data, { params }));
          await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

/** The phone pages whose chunks a first load of their path fetches at once, beside the entry. */
const H5_PAGES: Record<string, string> = { '/h5': 'h5/pages/H5Home.tsx', '/h5/todo': 'h5/pages/H5Todo.tsx' };

/**
 * A first load of a phone page (/h5/…) would find its code one import() at a time — the entry, then the
 * phone app, then the page — a round trip each, over a phone network half a second apiece. A small inline
 * script in index.html (allowed by hash in the page's CSP) preloads the phone app's chunks, and the page's
 * own for the paths in H5_PAGES, as soon as the document is parsed, in parallel with the entry.
 */
function h5Preload(): Plugin {
  return {
    name: 'go-h5-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const closure = (entry: string): string[] => {
          const start = chunks.find((c) => c.facadeModuleId === src(entry));
          if (!start) return [];
          const out = new Set<string>();
          const todo = [start.fileName];
          for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
            if (out.has(f)) continue;
            out.add(f);
            const c = bundle[f];
            if (c?.type === 'chunk') todo.push(...c.imports);
          }
          return [...out].map((f) => `/${f}`);
        };
        const map: Record<string, string[]> = { '': closure('app/H5Root.tsx') };
        for (const [p, page] of Object.entries(H5_PAGES)) map[p] = closure(page);
        if (!map[''].length) return html;
        const script =
          `<script>(function(){var p=location.pathname.replace(/\\/$/,''),m=${JSON.stringify(map)};` +
          `if(p!=='/h5'&&p.indexOf('/h5/')!==0)return;var s={};m[''].concat(m[p]||[]).forEach(function(f){` +
          `if(s[f])return;s[f]=1;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)})})()</script>`;
        return html.replace('</head>', `${script}\n</head>`);
      },
    },
  };
}

export default defineConfig(async ({ command }) => ({
  plugins: [react(), h5Preload(), precompress()],
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
