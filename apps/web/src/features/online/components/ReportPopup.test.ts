import { describe, expect, it } from 'vitest';
import { popupConfigError } from './ReportPopup';

describe('popup report selector configuration (SPEC §5)', () => {
  it('needs the code and as many origin fields as destination fields', () => {
    expect(popupConfigError('expense_summary', 'applicant_name,amount', 'name,money')).toBeNull();
    expect(popupConfigError('expense_summary', 'applicant_name', 'name,money')).toBe('popup参数未正确配置!');
    expect(popupConfigError('', 'a', 'b')).toBe('popup参数未正确配置!');
    expect(popupConfigError('x', '', '')).toBe('popup参数未正确配置!');
  });
});
