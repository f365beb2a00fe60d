import { describe, expect, it } from 'vitest';
import { footerRows } from './statistics';
import type { GridColumn, GridRow } from './types';
import { commitNumberInput, filterNumberInput, validateCell, validateRows } from './validation';

const col = (pattern: string | RegExp, message?: string): GridColumn => ({
  key: 'v',
  title: '字段',
  type: 'input',
  validateRules: [{ pattern, message }],
});
const check = (c: GridColumn, v: unknown, rows: GridRow[] = []) => validateCell(c, { id: 'r', v }, rows);

describe('grid cell rules', () => {
  it.each([
    ['n6-16', '123456', '12345'],
    ['*6-16', 'abc def', 'abc'],
    ['s6-18', 'abcdef', 'abc123'],
    ['url', 'https://example.com/a?b=1', 'example.com'],
    ['e', 'a.b@example.cn', 'a@b'],
    ['m', '13912345678', '12912345678'],
    ['p', '100080', '012345'],
    ['s', 'abc', 'ab1'],
    ['n', '-12.5', '1.2.3'],
    ['z', '-12', '1.5'],
    ['money', '12.34', '12.345'],
  ])('pattern %s accepts %s and rejects %s', async (code, good, bad) => {
    expect(await check(col(code), good)).toBeNull();
    expect(await check(col(code), bad)).toBe('字段格式不正确');
  });

  it('money allows up to 2 decimals, also below 1', async () => {
    expect(await check(col('money'), '0.5')).toBeNull();
    expect(await check(col('money'), '0.123')).toBe('字段格式不正确');
    expect(await check(col('money'), '01')).toBe('字段格式不正确');
  });

  it('required (also the * code) fails on empty and blank values with ${title} filled in', async () => {
    expect(await check(col('*'), '')).toBe('请输入字段');
    const c: GridColumn = { key: 'v', title: '名称', type: 'input', validateRules: [{ required: true, message: '${title}不能为空' }] };
    expect(await check(c, '  ')).toBe('名称不能为空');
    expect(await check(c, 'x')).toBeNull();
  });

  it('patterns skip empty values', async () => {
    expect(await check(col('m'), '')).toBeNull();
  });

  it('unique compares with the other rows of the column, only when a value is present', async () => {
    const c: GridColumn = { key: 'v', title: '编码', type: 'input', validateRules: [{ unique: true }] };
    const rows = [
      { id: 'r', v: 'A1' },
      { id: 's', v: 'A1' },
      { id: 't', v: '' },
      { id: 'u', v: '' },
    ];
    expect(await validateCell(c, rows[0], rows)).toBe('编码不能重复');
    expect(await validateCell(c, rows[2], rows)).toBeNull();
    const errs = await validateRows([c], rows);
    expect(Object.keys(errs)).toEqual(['r', 's']);
  });

  it('custom regex and handlers (callback, return value, promise)', async () => {
    expect(await check(col(/^x+$/, '只能是x'), 'xy')).toBe('只能是x');
    const cb: GridColumn = {
      key: 'v',
      title: '数量',
      type: 'input',
      validateRules: [{ handler: ({ value }, done) => done(Number(value) < 10, '${title}必须小于10') }],
    };
    expect(await check(cb, '12')).toBe('数量必须小于10');
    expect(await check(cb, '3')).toBeNull();
    const ret: GridColumn = { ...cb, validateRules: [{ handler: ({ value }) => (value === 'bad' ? '不可以' : true) }] };
    expect(await check(ret, 'bad')).toBe('不可以');
    const prom: GridColumn = { ...cb, validateRules: [{ handler: async () => false, message: '服务器说不行' }] };
    expect(await check(prom, 'x')).toBe('服务器说不行');
  });

  it('number cells keep digits, one leading minus and one point; invalid text clears on commit', () => {
    expect(filterNumberInput('a-1b2.3.4-')).toBe('-12.34');
    expect(filterNumberInput('x1e5')).toBe('15');
    expect(filterNumberInput('-12.5')).toBe('-12.5');
    expect(filterNumberInput('1-2')).toBe('12');
    expect(commitNumberInput('-12.5')).toBe(-12.5);
    expect(commitNumberInput('-')).toBe('');
    expect(commitNumberInput('.')).toBe('');
    expect(commitNumberInput('3.')).toBe(3);
  });
});

describe('grid footer statistics', () => {
  it('sums and averages the statistic columns, skipping text that is not a number', () => {
    const cols: GridColumn[] = [
      { key: 'name', title: '名称', type: 'input' },
      { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'] },
      { key: 'price', title: '单价', type: 'inputNumber', statistics: ['sum'] },
    ];
    const rows = [
      { id: '1', qty: 1, price: '0.1' },
      { id: '2', qty: '2', price: 0.2 },
      { id: '3', qty: 3.5, price: 'x' },
    ];
    const f = footerRows(cols, rows);
    expect(f.map((x) => x.label)).toEqual(['合计', '平均']);
    expect(f[0].values).toEqual({ qty: 6.5, price: 0.3 });
    expect(f[1].values).toEqual({ qty: 2.17 });
    expect(footerRows(cols, [])[1].values).toEqual({ qty: 0 });
  });
});
