import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formTypes } from './form-types';
import { webFormTypes } from '../workflow/formTypes';
import { ExpenseEditor } from './components/ExpenseEditor';
import { ExpenseView } from './components/ExpenseView';
import { PerformanceEditor } from './components/PerformanceEditor';

const FORMS_DIR = path.resolve(import.meta.dirname, '../../../../../packages/contract/src/forms');

describe('web form types are found from the declaration files', () => {
  it('has one form type per declaration exported by a *.form.ts file, each in the workflow screens', () => {
    const files = readdirSync(FORMS_DIR).filter((n) => n.endsWith('.form.ts'));
    expect(formTypes).toHaveLength(files.length);
    expect(formTypes.map((t) => t.tableName)).toEqual(['fm_contract', 'fm_expense', 'fm_funds', 'fm_non_routine', 'fm_performance', 'fm_trip']);
    const all = webFormTypes().map((t) => t.tableName);
    for (const t of formTypes) expect(all).toContain(t.tableName);
  });

  it('takes a type\'s own editor and view from editors/<RouteName>.tsx, else the generic ones', () => {
    const by = (key: string) => formTypes.find((t) => t.tableName === key)!;
    expect(by('fm_expense').Editor).toBe(ExpenseEditor);
    expect(by('fm_expense').View).toBe(ExpenseView);
    expect(by('fm_performance').Editor).toBe(PerformanceEditor);
    expect(by('fm_performance')).toMatchObject({ approvalScore: true, passPath: 'jxpass', commentRequired: true, fullScreen: true });
    expect(by('fm_funds').Editor).not.toBe(ExpenseEditor);
    expect(by('fm_funds')).toMatchObject({ label: '资金', routeName: 'forms/FundsForm', passPath: 'pass', approvalScore: undefined });
  });
});
