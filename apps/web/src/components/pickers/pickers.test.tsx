import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session/store';
import { CategorySelect } from '../dict/CategorySelect';
import { DictSearchSelect } from '../dict/DictSearchSelect';
import { DictTreeSelect } from '../dict/DictTreeSelect';
import { areaPath, areaText } from './AreaLinkage';
import { RolePicker } from './EntitySelector';
import { PersonSelect } from './PersonSelect';
import { pickerCompany, UserByDepPicker } from './UserByDepPicker';
import { checkRule, duplicateCheck } from './validators';

// The 2-core CI machine runs many suites at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });

const http = vi.hoisted(() => ({ getAction: vi.fn() }));
vi.mock('../../app/http/client', async (orig) => ({ ...(await orig<object>()), ...http }));

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>,
  );
}
const ok = (result: unknown) => ({ success: true, code: 200, message: '', result });

beforeEach(() => {
  http.getAction.mockReset();
  useSession.setState({ userInfo: { id: 'u', username: 'zhang', realname: '张', orgCode: 'A03A01' } });
});
afterEach(() => cleanup());

describe('user by department picker', () => {
  it('scopes to the own company unless all departments, or forced to A01', () => {
    expect(pickerCompany('A03A01', false, false)).toBe('A03');
    expect(pickerCompany('A03A01', true, false)).toBe('');
    expect(pickerCompany('A03A01', true, true)).toBe('A01');
  });

  it('shows real names, lists the person search in a 1250 px dialog, emits usernames', async () => {
    http.getAction.mockImplementation(async (url: string) => {
      if (url === '/sys/user/getMultiUser') return ok([{ id: '1', username: 'lina', realname: '李娜' }]);
      if (url === '/sys/sysDepart/queryTreeList')
        return ok([
          { id: 'd1', departName: '集团', orgCode: 'A01', children: [] },
          { id: 'd3', departName: '三公司', orgCode: 'A03', children: [] },
        ]);
      return ok({ records: [{ id: '2', username: 'wangfang', realname: '王芳', phone: '13800000000' }], total: 1 });
    });
    const onChange = vi.fn();
    wrap(<UserByDepPicker value="lina" onChange={onChange} />);
    expect(await screen.findByDisplayValue('李娜')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    expect(await screen.findByText('王芳')).toBeTruthy();
    expect(screen.getByText('三公司')).toBeTruthy();
    expect(screen.queryByText('集团')).toBeNull();
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('1250px');
    expect(http.getAction).toHaveBeenCalledWith('/sys/user/searchPeople', expect.objectContaining({ pageNo: 1, pageSize: 10 }));
    expect(http.getAction.mock.calls.find((c) => c[0] === '/sys/user/searchPeople')?.[1].isAll).toBeUndefined();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[boxes.length - 1]);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(onChange).toHaveBeenCalledWith('lina,wangfang', expect.any(Array));
  });
});

describe('inline person select', () => {
  it('searches the shared person search by what is typed, shows real names only, emits usernames', async () => {
    http.getAction.mockImplementation(async (url: string, params: { keyword?: string }) => {
      if (url === '/sys/user/getMultiUser') return ok([{ id: '1', username: 'lina', realname: '李娜' }]);
      if (url === '/sys/user/searchPeople')
        return ok({ records: params.keyword === 'wf' ? [{ id: '2', username: 'wangfang', realname: '王芳', orgCodeTxt: '人事部' }] : [], total: 1 });
      return ok([]);
    });
    const onChange = vi.fn();
    wrap(<PersonSelect multiple value={['lina']} onChange={onChange} aria-label="参与人" />);
    // the saved username reads as the real name
    expect(await screen.findByText('李娜')).toBeTruthy();
    expect(screen.queryByText(/lina/)).toBeNull();
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    await act(async () => fireEvent.change(input, { target: { value: 'wf' } }));
    await waitFor(() => expect(http.getAction).toHaveBeenCalledWith('/sys/user/searchPeople', { keyword: 'wf', pageNo: 1, pageSize: 20 }));
    const option = await screen.findByText('王芳');
    expect(screen.getByText('人事部')).toBeTruthy();
    // what is shown (antd's hidden listbox for screen readers carries the value, labelled with the name)
    expect([...document.querySelectorAll('.ant-select-item-option, .ant-select-selection-item')].map((e) => e.textContent).join()).not.toMatch(/wangfang|lina/);
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith(['lina', 'wangfang']);
  });
});

describe('entity selector', () => {
  it('pages by 5 with options 5/10/20/30 and keeps a selected list', async () => {
    http.getAction.mockResolvedValue(ok({ records: [{ id: 'r1', roleName: '管理员', roleCode: 'admin' }], total: 1 }));
    wrap(<RolePicker />);
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    expect(await screen.findByText('admin')).toBeTruthy();
    expect(http.getAction).toHaveBeenCalledWith('/sys/role/list', expect.objectContaining({ pageSize: 5 }));
    fireEvent.click(screen.getAllByRole('checkbox').at(-1) as HTMLElement);
    expect(await screen.findByText('已选择 1 项')).toBeTruthy();
  });
});

describe('dictionary tree widgets', () => {
  it('rejects a condition that is not a JSON string', async () => {
    wrap(<DictTreeSelect dict="sys_category,name,id" condition="a=1" />);
    expect(await screen.findByText('组件JTreeSelect-condition传值有误，需要一个json字符串!')).toBeTruthy();
    expect(http.getAction).not.toHaveBeenCalled();
  });

  it('loads tree roots with the parsed condition', async () => {
    http.getAction.mockResolvedValue(ok([{ key: '1', title: '根', leaf: false }]));
    wrap(<DictTreeSelect dict="sys_category,name,id" condition='{"status":"1"}' />);
    await waitFor(() =>
      expect(http.getAction).toHaveBeenCalledWith(
        '/sys/dict/loadTreeData',
        expect.objectContaining({ pid: '', tableName: 'sys_category', text: 'name', code: 'id', condition: '{"status":"1"}' }),
      ),
    );
  });

  it('category select asks for the tree under pcode 0 and shows a root failure', async () => {
    http.getAction.mockResolvedValue({ success: false, code: 500, message: '该编码【X】不存在，请核实!', result: null });
    wrap(<CategorySelect />);
    expect(await screen.findByText('该编码【X】不存在，请核实!')).toBeTruthy();
    expect(http.getAction).toHaveBeenCalledWith('/sys/category/loadTreeData', expect.objectContaining({ pcode: '0' }));
  });

  it('search select prompts, searches by keyword and says when nothing matched', async () => {
    http.getAction.mockResolvedValue(ok([]));
    wrap(<DictSearchSelect dict="sys_user,realname,username" />);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    expect(await screen.findByText('请输入搜索内容')).toBeTruthy();
    await act(async () => fireEvent.change(input, { target: { value: '王' } }));
    await waitFor(() =>
      expect(http.getAction).toHaveBeenCalledWith('/sys/dict/loadDict/sys_user,realname,username', { keyword: '王', pageSize: 10 }),
    );
    expect(await screen.findByText('没有查询到任何数据')).toBeTruthy();
  });
});

describe('area linkage', () => {
  it('resolves a district code to its province and city under root 86', () => {
    expect(areaPath('110101')).toEqual(['110000', '110100', '110101']);
    expect(areaText('110101')).toBe('北京市/市辖区/东城区');
    expect(areaPath('999999')).toEqual([]);
  });
});

describe('form check helpers', () => {
  it('duplicate check runs only with a value and uses the server message', async () => {
    const rule = duplicateCheck('sys_user', 'username', 'id1');
    await rule.validator(null, '');
    expect(http.getAction).not.toHaveBeenCalled();
    http.getAction.mockResolvedValue({ success: false, code: 500, message: '该值不可用，系统中已存在！', result: null });
    await expect(rule.validator(null, 'admin')).rejects.toThrow('该值不可用，系统中已存在！');
    expect(http.getAction).toHaveBeenCalledWith('/sys/duplicate/check', { tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: 'id1' });
  });

  it('rule check sends the URL-encoded value', async () => {
    http.getAction.mockResolvedValue(ok(null));
    await checkRule('common').validator(null, 'a b&c');
    expect(http.getAction).toHaveBeenCalledWith('/sys/checkRule/checkByCode', { ruleCode: 'common', value: 'a%20b%26c' });
  });
});
