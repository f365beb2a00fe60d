import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import modulesPlugin from './scripts/eslint/module-cycles.js';
import apiPlugin from './scripts/eslint/api-paths.js';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Browser code never imports server code. */
const SERVER_CODE = { regex: '(^|/)server/src/|^node:', message: 'Browser code imports no server or Node code.' };

/** One `no-restricted-imports` entry per group of files (groups do not overlap: a later entry would replace an earlier one). */
function boundaries(groups) {
  return groups.map(({ files, forbid }) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: forbid }] },
  }));
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-artifacts/**', 'coverage/**', 'tmp/**', '**/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Module boundaries (docs/ARCHITECTURE.md): dependencies point inwards only.
  ...boundaries([
    {
      files: ['apps/server/src/platform/**'],
      forbid: [{ regex: '(^|/)modules/', message: 'The platform imports no module: pass what it needs in.' }],
    },
    {
      files: ['apps/server/src/modules/workflow/**'],
      forbid: [
        {
          regex: '(^|/)(hr|ledger|office|performance|forms|online|dashboard)/',
          message: 'The workflow engine imports no business module: form types register themselves with it.',
        },
      ],
    },
    {
      files: ['apps/web/src/app/**'],
      forbid: [
        { regex: '(^|/)features/', message: 'The shell imports no feature: features reach it through src/shell-slots.tsx or the route table.' },
        SERVER_CODE,
      ],
    },
    {
      files: ['apps/web/src/components/**'],
      forbid: [{ regex: '(^|/)features/', message: 'Shared components import no feature.' }, SERVER_CODE],
    },
    { files: ['apps/web/src/features/**', 'apps/web/src/h5/**', 'apps/web/src/*.tsx'], forbid: [SERVER_CODE] },
    {
      files: ['packages/contract/**'],
      forbid: [{ regex: '(^|/)apps/', message: 'The contract depends on nothing of the apps.' }, { regex: '^(fastify|kysely|react|antd)', message: 'The contract holds wire shapes only.' }],
    },
  ]),
  {
    // No import cycle between server modules or between web features (scripts/eslint/module-cycles.js):
    // what two modules share lives below both (platform, contract, components) or is passed in by the composition.
    files: ['apps/server/src/modules/**/*.{ts,tsx}', 'apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { modules: modulesPlugin },
    rules: { 'modules/no-cycles': ['error', { root: ROOT }] },
  },
  {
    // Web features call the server through the typed client built from the contract's endpoint declarations
    // (docs/contract.md, "Calling the server from the web"): no API path written by hand in the folders
    // already moved to it. Add a folder here once its calls go through `api`.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { api: apiPlugin },
    rules: {
      'api/no-path-literals': [
        'error',
        {
          root: ROOT,
          folders: [
            'apps/web/src/features/announcement',
            'apps/web/src/features/message',
            'apps/web/src/features/jobs',
            'apps/web/src/features/monitor',
            'apps/web/src/features/dashboard',
          ],
          // the server's path prefixes (no page of the web app starts with one)
          prefixes: ['/sys/', '/actTask/', '/actBusiness/', '/activiti_process/', '/actuator/', '/announcementNews/', '/dashboard/hoom'],
        },
      ],
    },
  },
  {
    files: ['bench/**', 'scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'apps/server/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
