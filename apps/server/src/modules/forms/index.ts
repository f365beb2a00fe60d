import { expenseForm, performanceForm } from '@go/contract/forms/index';
import type { FormRegistry } from '../workflow/form-registry.js';
import './forms.tables.js';
import { declaredFormType, type DeclaredFormType } from './declared-form.js';
import { FORM_DECLARATIONS, FORM_HOOKS } from './discovery.js';

export const EXPENSE_TABLE = expenseForm.key;
export const PERFORMANCE_TABLE = performanceForm.key;
export { declaredFormType, type DeclaredFormType, type FormHooks } from './declared-form.js';
export { FORM_DECLARATIONS } from './discovery.js';

/**
 * The form types of the 流程 menu as the engine sees them: every `packages/contract/src/forms/*.form.ts`
 * declaration with the hooks of its `*.hooks.ts` file, if any (found, not listed: `discovery.ts`).
 */
export function builtInFormTypes(): DeclaredFormType[] {
  return FORM_DECLARATIONS.map((d) => declaredFormType(d, FORM_HOOKS[d.key]));
}

/** Plugs the built-in form types into the workflow engine (their tables are ensured by the forms module). */
export function registerFormTypes(registry: FormRegistry): void {
  for (const t of builtInFormTypes()) registry.register(t);
}
