import type { FormDeclaration } from './declaration.js';
import { contractForm } from './contract.form.js';
import { expenseForm } from './expense.form.js';
import { fundsForm } from './funds.form.js';
import { nonRoutineForm } from './non-routine.form.js';
import { performanceForm } from './performance.form.js';
import { tripForm } from './trip.form.js';

export * from './declaration.js';
export { expenseForm } from './expense.form.js';
export { performanceForm, QUARTER_TEXT } from './performance.form.js';
export { fundsForm, PAY_METHODS } from './funds.form.js';
export { tripForm, TRANSPORTS } from './trip.form.js';
export { contractForm } from './contract.form.js';
export { nonRoutineForm } from './non-routine.form.js';

/**
 * The form types of the 流程 menu, registered by the server's forms module and the web's forms feature.
 * A form type of another module may live there instead (docs/forms.md).
 */
export const FORM_DECLARATIONS: FormDeclaration[] = [expenseForm, performanceForm, fundsForm, tripForm, contractForm, nonRoutineForm];
