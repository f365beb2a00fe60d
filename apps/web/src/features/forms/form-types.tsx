import type { WebFormType } from '../workflow/formTypes';
import { EXPENSE_TABLE, ExpenseEditor } from './components/ExpenseEditor';
import { ExpenseView } from './components/ExpenseView';
import { PERFORMANCE_TABLE, PerformanceEditor } from './components/PerformanceEditor';
import { PerformanceView } from './components/PerformanceView';

/** The form types this feature plugs into the workflow screens (matched by the wire tableName). */
export const formTypes: WebFormType[] = [
  {
    tableName: EXPENSE_TABLE,
    routeName: 'forms/ExpenseForm',
    label: '费用',
    fullScreen: false,
    commentRequired: false,
    passPath: 'pass',
    View: ExpenseView,
    Editor: ExpenseEditor,
  },
  {
    tableName: PERFORMANCE_TABLE,
    routeName: 'forms/PerformanceForm',
    label: '绩效',
    fullScreen: true,
    commentRequired: true,
    passPath: 'jxpass',
    View: PerformanceView,
    Editor: PerformanceEditor,
    approvalScore: true,
  },
];
