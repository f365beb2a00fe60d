import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchRule } from './superQuery';
import { SuperQueryModal } from './SuperQueryModal';

// The 2-core CI machine runs many suites at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../app/http/client', async (orig) => ({ ...(await orig<object>()), getAction: vi.fn(async () => ({ success: true, result: [] })) }));

function wrap(ui: ReactNode) {
  const qc = new QueryClient();
  return render(
    <QueryClientProvider client={qc}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>,
  );
}

const fields = [
  { value: 'username', text: '用户账号' },
  { value: 'age', text: '年龄', type: 'number' as const },
];

const saved = [{ title: '我的查询', matchType: 'and', records: [{ field: 'username', rule: 'like', val: 'wang' }] }];

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('advanced query rules', () => {
  it('in holds several values; switching away keeps the first', () => {
    const r = switchRule({ field: 'a', rule: 'eq', val: 'x' }, 'in');
    expect(r.val).toEqual(['x']);
    expect(switchRule({ ...r, val: ['x', 'y'] }, 'ne')).toEqual({ field: 'a', rule: 'ne', val: 'x' });
  });
});

describe('SuperQueryModal', () => {
  it('refuses an empty query and an empty save', async () => {
    const onSearch = vi.fn();
    wrap(<SuperQueryModal open fields={fields} saveCode="t" onSearch={onSearch} onClose={() => {}} />);
    expect(screen.getByText('高级查询构造器')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    expect(await screen.findByText('不能查询空条件')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保存查询条件/ }));
    expect(await screen.findByText('空条件不能保存')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('saves under a name, asks before overwriting, runs and deletes saved queries', async () => {
    localStorage.setItem('JSuperQuerySaved_t', JSON.stringify(saved));
    const onSearch = vi.fn();
    wrap(
      <SuperQueryModal
        open
        fields={fields}
        saveCode="t"
        initial={{ matchType: 'or', records: [{ field: 'username', rule: 'eq', val: 'li' }] }}
        onSearch={onSearch}
        onClose={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /保存查询条件/ }));
    const name = await screen.findByLabelText('保存名称');
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1) as HTMLElement);
    expect(await screen.findByText('保存名称不能为空')).toBeTruthy();
    fireEvent.change(name, { target: { value: '我的查询' } });
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1) as HTMLElement);
    expect(await screen.findByText('我的查询 已存在，是否覆盖？')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1) as HTMLElement);
    expect(await screen.findByText('保存成功')).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem('JSuperQuerySaved_t') as string);
    expect(stored).toEqual([{ title: '我的查询', matchType: 'or', records: [{ field: 'username', rule: 'eq', val: 'li' }] }]);

    fireEvent.click(screen.getByText('我的查询'));
    expect(onSearch).toHaveBeenCalledWith({ matchType: 'or', records: [{ field: 'username', rule: 'eq', val: 'li' }] });

    fireEvent.click(screen.getByLabelText('删除 我的查询'));
    expect(await screen.findByText('是否删除当前查询？')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1) as HTMLElement);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('JSuperQuerySaved_t') as string)).toEqual([]));
  });

  it('runs a filled query with its match type', async () => {
    const onSearch = vi.fn();
    const onClose = vi.fn();
    wrap(
      <SuperQueryModal
        open
        fields={fields}
        saveCode="t"
        initial={{ matchType: 'and', records: [{ field: 'age', rule: 'ge', val: '30' }, { field: '', rule: 'eq', val: '' }] }}
        onSearch={onSearch}
        onClose={onClose}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    expect(onSearch).toHaveBeenCalledWith({ matchType: 'and', records: [{ field: 'age', rule: 'ge', val: '30' }] });
    expect(onClose).toHaveBeenCalled();
  });
});
