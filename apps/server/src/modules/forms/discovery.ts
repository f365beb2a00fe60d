/// <reference types="vite/client" />
import { readdirSync } from 'node:fs';
import { declarationsIn, type FormDeclaration } from '@go/contract/forms/index';
import type { FormHooks } from './declared-form.js';

/**
 * Form types are found, never listed. Under vitest (vite) and in the built server (the tsup plugin in
 * `apps/server/tsup.config.ts` expands the same `import.meta.glob` calls at build time) the folders are
 * globbed when the code is compiled; under tsx (dev server, bench) the call is not compiled, so the folder is
 * read at start-up and its files imported. Either way a new `*.form.ts` file is the whole registration.
 */
export type Modules = Record<string, Record<string, unknown>>;

/** The modules of an eager glob, or, where the toolchain does not expand `import.meta.glob`, of the folder. */
export async function discoverModules(globbed: () => Modules, dir: URL, suffix: string): Promise<Modules> {
  try {
    return globbed();
  } catch (err) {
    // `import.meta.glob` is undefined when it was not compiled (tsx): read the folder instead.
    if (!(err instanceof TypeError)) throw err;
  }
  const out: Modules = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith(suffix)).sort()) {
    out[name] = (await import(new URL(name, dir).href)) as Record<string, unknown>;
  }
  return out;
}

/** A `*.hooks.ts` file of this folder exports `formHooks`: the form type's key and its server hooks. */
export interface FormHooksModule extends FormHooks {
  key: string;
}

const forms = await discoverModules(
  () => import.meta.glob<Record<string, unknown>>('../../../../../packages/contract/src/forms/*.form.ts', { eager: true }),
  new URL('../../../../../packages/contract/src/forms/', import.meta.url),
  '.form.ts',
);
const hookModules = await discoverModules(
  () => import.meta.glob<Record<string, unknown>>('./*.hooks.ts', { eager: true }),
  new URL('./', import.meta.url),
  '.hooks.ts',
);

/** Every declaration of `packages/contract/src/forms/*.form.ts`, by key. */
export const FORM_DECLARATIONS: FormDeclaration[] = declarationsIn(forms);

/** The server hooks of the discovered form types, by key. */
export const FORM_HOOKS: Record<string, FormHooks> = Object.fromEntries(
  Object.values(hookModules)
    .map((m) => m.formHooks as FormHooksModule | undefined)
    .filter((h): h is FormHooksModule => !!h && typeof h.key === 'string')
    .map(({ key, ...hooks }) => [key, hooks]),
);
