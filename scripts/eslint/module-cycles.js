// Local ESLint rule `modules/no-cycles`: no import cycle between server modules
// (`apps/server/src/modules/<name>`) or between web features (`apps/web/src/features/<name>`).
//
// The module-level import graph is read from disk once per lint run (one regex pass over the sources of
// the module folders, no parser), then every relative import that leaves its module is checked against it:
// an import from module A into module B is reported when B already reaches A, i.e. when the import closes
// a cycle. The file being linted contributes its imports from its own syntax tree, so an edited file is
// judged by what it says now. Test files are left out of the graph and not checked (tests may reach
// across modules). Type-only imports count: a module that needs another module's types depends on it.
import fs from 'node:fs';
import path from 'node:path';

/** The module folders whose members must not import each other in a cycle. */
export const MODULE_ROOTS = [
  { dir: 'apps/server/src/modules', label: 'server module' },
  { dir: 'apps/web/src/features', label: 'web feature' },
];

const SOURCE = /\.(ts|tsx|js|mjs|cjs|jsx)$/;
const TEST = /\.test\.(ts|tsx|js)$/;
// `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')` with a relative specifier.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

const toPosix = (p) => p.split(path.sep).join('/');

/**
 * The module a file belongs to, e.g. `apps/server/src/modules/jobs` for
 * `<root>/apps/server/src/modules/jobs/handlers.ts`, or null outside the module folders.
 * Files directly in a module root (e.g. `modules/index.ts`, the composition) belong to no module.
 */
export function moduleOf(root, file) {
  const rel = toPosix(path.relative(root, file));
  for (const { dir } of MODULE_ROOTS) {
    if (!rel.startsWith(dir + '/')) continue;
    const rest = rel.slice(dir.length + 1);
    const slash = rest.indexOf('/');
    return slash < 0 ? null : `${dir}/${rest.slice(0, slash)}`;
  }
  return null;
}

/** The file a relative specifier names (`./x.js` is the source `./x.ts`), resolved lexically. */
export function resolveSpecifier(fromFile, specifier) {
  return path.resolve(path.dirname(fromFile), specifier);
}

/** Relative import specifiers in a source text (regex scan; comments may add false edges, never drop real ones). */
export function importsOf(text) {
  const out = [];
  for (const m of text.matchAll(IMPORT)) out.push(m[1]);
  return out;
}

function* sourceFiles(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') yield* sourceFiles(p);
    } else if (SOURCE.test(e.name) && !TEST.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

/**
 * The module graph: Map<module, Map<module, file>> — for each module, the modules it imports, each with
 * one file that does so (named in the report).
 * `files` is an optional Map<absolute path, source text> used instead of reading the disk (tests).
 */
export function buildModuleGraph(root, files) {
  const graph = new Map();
  const add = (file, text) => {
    const from = moduleOf(root, file);
    if (!from) return;
    if (!graph.has(from)) graph.set(from, new Map());
    const edges = graph.get(from);
    for (const spec of importsOf(text)) {
      const to = moduleOf(root, resolveSpecifier(file, spec));
      if (to && to !== from && !edges.has(to)) edges.set(to, toPosix(path.relative(root, file)));
    }
  };
  if (files) {
    for (const [file, text] of files) if (!TEST.test(file)) add(file, text);
  } else {
    for (const { dir } of MODULE_ROOTS)
      for (const file of sourceFiles(path.join(root, dir))) add(file, fs.readFileSync(file, 'utf8'));
  }
  return graph;
}

/** A path of modules from `from` to `to` in the graph (breadth first, shortest), or null. */
export function findPath(graph, from, to) {
  const prev = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) {
      const out = [];
      for (let m = to; m !== null; m = prev.get(m)) out.unshift(m);
      return out;
    }
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!prev.has(next)) {
        prev.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Every cycle's edges as [from, to] pairs where `to` reaches `from` again (for a report over the whole tree). */
export function cycleEdges(graph) {
  const out = [];
  for (const [from, edges] of graph)
    for (const to of edges.keys()) if (findPath(graph, to, from)) out.push([from, to]);
  return out;
}

/** The modules reachable from `from`, computed once per module of a graph. */
const reachable = new WeakMap();
function reaches(graph, from, to) {
  let byStart = reachable.get(graph);
  if (!byStart) reachable.set(graph, (byStart = new Map()));
  let seen = byStart.get(from);
  if (!seen) {
    seen = new Set([from]);
    const stack = [from];
    while (stack.length) {
      for (const next of graph.get(stack.pop())?.keys() ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    byStart.set(from, seen);
  }
  return seen.has(to);
}

// One graph per lint run (per project root); a long-lived process (an editor) rebuilds it after a while.
const REBUILD_AFTER_MS = 60_000;
const cache = new Map();
function graphFor(root) {
  const hit = cache.get(root);
  if (hit && Date.now() - hit.at < REBUILD_AFTER_MS) return hit.graph;
  const graph = buildModuleGraph(root);
  cache.set(root, { graph, at: Date.now() });
  return graph;
}

const short = (m) => m.slice(m.lastIndexOf('/') + 1);

/** @type {import('eslint').Rule.RuleModule} */
export const noCycles = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow an import that closes a cycle between server modules or between web features.',
    },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, files: { type: 'object' } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Import cycle between {{kind}}s: {{path}}. Dependencies between modules go one way: move what both need to a shared place (platform, contract, components) or pass it in from the composition (modules/index.ts, app).',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const root = options.root ?? context.cwd;
    const file = context.filename;
    if (TEST.test(file)) return {};
    const from = moduleOf(root, file);
    if (!from) return {};
    const graph = options.files
      ? buildModuleGraph(root, new Map(Object.entries(options.files)))
      : graphFor(root);
    const kind = MODULE_ROOTS.find((r) => from.startsWith(r.dir + '/')).label;

    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = moduleOf(root, resolveSpecifier(file, spec));
      if (!to || to === from || !reaches(graph, to, from)) return;
      const back = findPath(graph, to, from);
      const via = [from, ...back].map(short).join(' → ');
      const witness = graph.get(back[back.length - 2])?.get(from);
      context.report({
        node: node.source,
        messageId: 'cycle',
        data: { kind, path: witness ? `${via} (${witness})` : via },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'modules' }, rules: { 'no-cycles': noCycles } };
