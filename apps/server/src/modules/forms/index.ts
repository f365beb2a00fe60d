import { FORM_DECLARATIONS, expenseForm, performanceForm } from '@go/contract/forms/index';
import type { FormRegistry } from '../workflow/form-registry.js';
import './forms.tables.js';
import { declaredFormType, type DeclaredFormType, type FormHooks } from './declared-form.js';
import { performanceHooks } from './performance.hooks.js';

export const EXPENSE_TABLE = expenseForm.key;
export const PERFORMANCE_TABLE = performanceForm.key;
export { declaredFormType, type DeclaredFormType, type FormHooks } from './declared-form.js';

/** Server-only hooks of the built-in form types, by key. */
const HOOKS: Record<string, FormHooks> = { [PERFORMANCE_TABLE]: performanceHooks };

/** The built-in form types of the 流程 menu as the engine sees them. */
export function builtInFormTypes(): DeclaredFormType[] {
  return FORM_DECLARATIONS.map((d) => declaredFormType(d, HOOKS[d.key]));
}

/** Plugs the built-in form types into the workflow engine (their tables are ensured by the forms module). */
export function registerFormTypes(registry: FormRegistry): void {
  for (const t of builtInFormTypes()) registry.register(t);
}
