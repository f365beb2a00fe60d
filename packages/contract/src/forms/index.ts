export * from './declaration.js';
export { expenseForm } from './expense.form.js';
export { performanceForm, QUARTER_TEXT } from './performance.form.js';
export { fundsForm, PAY_METHODS } from './funds.form.js';
export { tripForm, TRANSPORTS } from './trip.form.js';
export { contractForm } from './contract.form.js';
export { nonRoutineForm } from './non-routine.form.js';

/*
 * The form types of the 流程 menu are the `*.form.ts` files of this folder. Nothing lists them: the server
 * (`apps/server/src/modules/forms/discovery.ts`) and the web (`apps/web/src/features/forms/form-types.tsx`)
 * find every declaration exported by a `*.form.ts` file here (docs/forms.md). The re-exports above are for
 * code that names a built-in type; a new type needs none.
 */
