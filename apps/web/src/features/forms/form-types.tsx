import { FORM_DECLARATIONS, expenseForm, performanceForm } from '@go/contract/forms/index';
import { ExpenseEditor } from './components/ExpenseEditor';
import { ExpenseView } from './components/ExpenseView';
import { PerformanceEditor } from './components/PerformanceEditor';
import { PerformanceView } from './components/PerformanceView';
import { declaredWebFormType, type DeclaredWebFormType } from './declared/declaredFormType';

/**
 * The form types of the 流程 menu on the web (matched by the wire tableName): every declaration of
 * `FORM_DECLARATIONS`; expense and performance keep their own editor and view.
 */
export const formTypes: DeclaredWebFormType[] = FORM_DECLARATIONS.map((d) => {
  if (d.key === expenseForm.key) return declaredWebFormType(d, { View: ExpenseView, Editor: ExpenseEditor });
  if (d.key === performanceForm.key) return declaredWebFormType(d, { View: PerformanceView, Editor: PerformanceEditor, approvalScore: true });
  return declaredWebFormType(d);
});
