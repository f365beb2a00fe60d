import type { FormRegistry } from '../workflow/form-registry.js';
import './forms.tables.js';
import { expenseForm } from './expense.form.js';
import { performanceForm } from './performance.form.js';

export { EXPENSE_TABLE } from './expense.form.js';
export { PERFORMANCE_TABLE } from './performance.form.js';

/** Plugs the form types of this module into the workflow engine. */
export function registerFormTypes(registry: FormRegistry): void {
  registry.register(expenseForm);
  registry.register(performanceForm);
}
