import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { buildModuleGraph, cycleEdges, findPath, moduleOf, noCycles } from './module-cycles.js';

// A tiny tree: server modules a → b → c, and c importing a would close a cycle; web features x and y.
const ROOT = '/fixture';
const S = 'apps/server/src/modules';
const W = 'apps/web/src/features';
const at = (rel: string) => path.join(ROOT, rel);
const FILES: Record<string, string> = {
  [at(`${S}/a/a.service.ts`)]:
    "import { b } from '../b/b.service.js';\nimport { shared } from '../../platform/http/list-params.js';",
  [at(`${S}/b/b.service.ts`)]: "import type { C } from '../c/c.types.js';\nexport const b = 1;",
  [at(`${S}/c/c.types.ts`)]: 'export interface C { n: number }',
  [at(`${S}/c/c.service.ts`)]: "export { x } from './c.types.js';",
  [at(`${S}/index.ts`)]: "import { a } from './a/a.service.js';\nimport { c } from './c/c.service.js';",
  [at(`${W}/x/pages/X.tsx`)]: "import { Y } from '../../y/components/Y';",
  [at(`${W}/y/components/Y.tsx`)]: 'export const Y = () => null;',
  // a test may reach across: not part of the graph
  [at(`${W}/y/components/Y.test.tsx`)]: "import { X } from '../../x/pages/X';",
};

describe('module graph', () => {
  it('names the module of a file, and none for the composition or the platform', () => {
    expect(moduleOf(ROOT, at(`${S}/system/user/person-search.ts`))).toBe(`${S}/system`);
    expect(moduleOf(ROOT, at(`${W}/hr/components/X.tsx`))).toBe(`${W}/hr`);
    expect(moduleOf(ROOT, at(`${S}/index.ts`))).toBeNull();
    expect(moduleOf(ROOT, at('apps/server/src/platform/http/api.ts'))).toBeNull();
  });

  it('has one edge per pair of modules (type imports included), and no edge from tests or the composition', () => {
    const g = buildModuleGraph(ROOT, new Map(Object.entries(FILES)));
    expect([...g.get(`${S}/a`)!.keys()]).toEqual([`${S}/b`]);
    expect([...g.get(`${S}/b`)!.keys()]).toEqual([`${S}/c`]);
    expect([...g.get(`${W}/y`)!.keys()]).toEqual([]);
    expect(findPath(g, `${S}/a`, `${S}/c`)).toEqual([`${S}/a`, `${S}/b`, `${S}/c`]);
    expect(cycleEdges(g)).toEqual([]);
  });

  it('finds the cycle an import closes', () => {
    const files = new Map(Object.entries(FILES));
    files.set(at(`${S}/c/c.service.ts`), "import { a } from '../a/a.service.js';");
    expect(
      cycleEdges(buildModuleGraph(ROOT, files))
        .map(([f, t]) => `${path.basename(f)}>${path.basename(t)}`)
        .sort(),
    ).toEqual(['a>b', 'b>c', 'c>a']);
  });

  it('finds no cycle in this repository', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const started = performance.now();
    const g = buildModuleGraph(root);
    expect(g.size).toBeGreaterThan(20);
    expect(cycleEdges(g)).toEqual([]);
    // read once per lint run: it must stay cheap next to linting the files themselves
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('modules/no-cycles', () => {
  RuleTester.describe = describe;
  RuleTester.it = it;
  const tester = new RuleTester({
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
  });
  const options = [{ root: ROOT, files: FILES }];
  tester.run('no-cycles', noCycles, {
    valid: [
      // the import the graph already has, in its direction
      { filename: at(`${S}/a/a.service.ts`), code: FILES[at(`${S}/a/a.service.ts`)], options },
      // imports inside the module, of the platform, and of a package
      {
        filename: at(`${S}/c/c.service.ts`),
        code: "import { x } from './c.types.js';\nimport { z } from 'zod';\nimport { p } from '../../platform/db/ids.js';",
        options,
      },
      // the composition may import every module
      { filename: at(`${S}/index.ts`), code: "import { a } from './a/a.service.js';", options },
      // a test is not checked
      { filename: at(`${W}/y/components/Y.test.tsx`), code: "import { X } from '../../x/pages/X';", options },
    ],
    invalid: [
      {
        filename: at(`${S}/c/c.service.ts`),
        code: "import { a } from '../a/a.service.js';",
        options,
        errors: [
          {
            messageId: 'cycle',
            data: { kind: 'server module', path: `c → a → b → c (${S}/b/b.service.ts)` },
          },
        ],
      },
      {
        // a type-only import and a re-export close it too
        filename: at(`${S}/c/c.types.ts`),
        code: "import type { A } from '../a/a.service.js';\nexport * from '../b/b.service.js';",
        options,
        errors: [{ messageId: 'cycle' }, { messageId: 'cycle' }],
      },
      {
        filename: at(`${W}/y/components/Y.tsx`),
        code: "export const load = () => import('../../x/pages/X');",
        options,
        errors: [
          { messageId: 'cycle', data: { kind: 'web feature', path: `y → x → y (${W}/x/pages/X.tsx)` } },
        ],
      },
    ],
  });
});
