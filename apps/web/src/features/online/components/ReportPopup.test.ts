import { describe, expect, it } from 'vitest';
import { pickedValues, popupConfigError } from './ReportPopup';

describe('popup report selector configuration (docs/online.md)', () => {
  it('needs the code and as many origin fields as destination fields', () => {
    expect(popupConfigError('expense_summary', 'applicant_name,amount', 'name,money')).toBeNull();
    expect(popupConfigError('expense_summary', 'applicant_name', 'name,money')).toBe('弹窗配置错误');
    expect(popupConfigError('', 'a', 'b')).toBe('弹窗配置错误');
    expect(popupConfigError(undefined, 'a', 'b')).toBe('弹窗配置错误');
    expect(popupConfigError('x', '', '')).toBe('弹窗配置错误');
    expect(popupConfigError('x', 'a;drop', 'b')).toBe('弹窗配置错误');
  });

  it('fills every destination field from its report column, joined for several rows', () => {
    const rows = [
      { applicant_name: '张三', amount: 12.5 },
      { applicant_name: '李四', amount: null },
    ];
    expect(pickedValues(rows.slice(0, 1), 'applicant_name,amount', 'name,money')).toEqual({ name: '张三', money: '12.5' });
    expect(pickedValues(rows, 'applicant_name,amount', 'name,money')).toEqual({ name: '张三,李四', money: '12.5,' });
  });
});
