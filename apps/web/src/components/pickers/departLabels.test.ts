import { describe, expect, it } from 'vitest';
import { flatten, withCompanyLabels, type DepartNode } from './useDepartTree';

const node = (id: string, title: string, orgCategory: string, children?: DepartNode[]): DepartNode => ({
  key: id,
  id,
  title,
  orgCode: id,
  orgCategory,
  children,
});

describe('department labels with their company', () => {
  const tree = withCompanyLabels([
    node('A01', '集团总部', '1', [
      node('A01A01', '综合管理部', '2'),
      node('A01A03', '财务部', '2'),
      node('A02', '北京分公司', '1', [node('A02A01', '综合管理部', '2', [node('A02A01A01', '行政组', '2')])]),
      node('A03', '上海分公司', '1', [node('A03A01', '综合管理部', '2')]),
    ]),
  ]);
  const label = (id: string) => flatten(tree).find((n) => n.id === id)?.label;

  it('a name shared by several companies reads 公司 / 部门', () => {
    expect(label('A01A01')).toBe('集团总部 / 综合管理部');
    expect(label('A02A01')).toBe('北京分公司 / 综合管理部');
    expect(label('A03A01')).toBe('上海分公司 / 综合管理部');
  });

  it('unique names and companies keep their name', () => {
    expect(label('A01A03')).toBe('财务部');
    expect(label('A02A01A01')).toBe('行政组');
    expect(label('A02')).toBe('北京分公司');
  });
});
