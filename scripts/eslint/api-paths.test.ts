import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noPathLiterals } from './api-paths.js';

const ROOT = '/fixture';
const W = 'apps/web/src/features';
const at = (rel: string) => path.join(ROOT, rel);
const options = [{ root: ROOT, folders: [`${W}/done`], prefixes: ['/sys/', '/actTask/'] }];

describe('api/no-path-literals', () => {
  RuleTester.describe = describe;
  RuleTester.it = it;
  const tester = new RuleTester({
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 2022,
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
  });
  tester.run('no-path-literals', noPathLiterals, {
    valid: [
      // the typed client, and a component given a declared path
      { filename: at(`${W}/done/pages/A.tsx`), code: "await api.jobs.pause({ id });\nconst el = <ListPage url={{ list: api.jobs.list.path }} />;", options },
      // pages of the web app are not API paths
      { filename: at(`${W}/done/pages/A.tsx`), code: "navigate('/isps/userAnnouncement'); const p = '/activiti/myApplications';", options },
      // a folder not yet moved to the client
      { filename: at(`${W}/later/pages/B.tsx`), code: "await getAction('/sys/user/list');", options },
      // declaration files and tests
      { filename: at(`${W}/done/endpoints.ts`), code: "const p = '/sys/user/list';", options },
      { filename: at(`${W}/done/pages/A.test.tsx`), code: "mock('/sys/user/list');", options },
    ],
    invalid: [
      {
        filename: at(`${W}/done/pages/A.tsx`),
        code: "await getAction('/sys/user/list', { id });",
        options,
        errors: [{ messageId: 'literal', data: { text: '/sys/user/list' } }],
      },
      {
        // any path given to the client's helpers, also one without a known prefix, also a template
        filename: at(`${W}/done/api.ts`),
        code: "request('GET', '/other/thing');\npostAction(`/x/${id}`, {});\nwindow.location.replace(apiUrl(`/sys/thirdLogin/${app}`));",
        options,
        errors: [{ messageId: 'literal' }, { messageId: 'literal' }, { messageId: 'literal' }],
      },
      {
        // a path handed to a component, with or without its leading slash
        filename: at(`${W}/done/pages/A.tsx`),
        code: "const el = <ListPage url={{ list: '/sys/quartzJob/list', delete: 'actTask/delete' }} />;",
        options,
        errors: [{ messageId: 'literal' }, { messageId: 'literal' }],
      },
    ],
  });

  it('is enabled for the migrated folders of this repository, which hold no API path', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const eslint = new ESLint({ cwd: root });
    const config = await eslint.calculateConfigForFile(path.join(root, `${W}/announcement/pages/NoticeList.tsx`));
    const [level, opts] = config.rules['api/no-path-literals'];
    expect(level).toBe(2);
    expect(opts.folders).toContain(`${W}/announcement`);
    const results = await eslint.lintFiles(opts.folders.map((f: string) => `${f}/**/*.{ts,tsx}`));
    const hits = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'api/no-path-literals').map((m) => `${r.filePath}:${m.line}`));
    expect(hits).toEqual([]);
  }, 120_000);
});
