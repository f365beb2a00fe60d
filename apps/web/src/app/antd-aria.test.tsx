import { cleanup, render, waitFor } from '@testing-library/react';
import { Table, Tabs } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { repairAntdAria } from './antd-aria';

afterEach(() => cleanup());

describe('repairAntdAria', () => {
  it("makes a table's measure row inert and gives the tablist role to the list of tabs", async () => {
    const stop = repairAntdAria();
    const { container } = render(
      <>
        <Tabs items={[{ key: 'a', label: '甲' }, { key: 'b', label: '乙' }]} />
        <Table
          rowKey="id"
          rowSelection={{}}
          scroll={{ x: 1200 }}
          columns={[{ title: '名称', dataIndex: 'name' }]}
          dataSource={[{ id: '1', name: '一' }]}
        />
      </>,
    );
    await waitFor(() => expect(container.querySelector('.ant-table-measure-row')?.hasAttribute('inert')).toBe(true));
    const tablists = container.querySelectorAll('[role="tablist"]');
    expect(tablists).toHaveLength(1);
    expect(tablists[0].classList.contains('ant-tabs-nav-list')).toBe(true);
    expect(tablists[0].querySelectorAll('[role="tab"]')).toHaveLength(2);
    stop();
  });

  it('makes a table box that scrolls a Tab stop, and leaves one that fits alone', async () => {
    const { container } = render(
      <Table rowKey="id" scroll={{ x: 1200 }} columns={[{ title: '名称', dataIndex: 'name' }]} dataSource={[{ id: '1', name: '一' }]} />,
    );
    const box = container.querySelector<HTMLElement>('.ant-table-content')!;
    Object.defineProperty(box, 'scrollWidth', { configurable: true, value: 1200 });
    Object.defineProperty(box, 'clientWidth', { configurable: true, value: 600 });
    const stop = repairAntdAria();
    expect(box.getAttribute('tabindex')).toBe('0');
    stop();
    cleanup();
    const fits = render(<Table rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} dataSource={[{ id: '1', name: '一' }]} />);
    const stop2 = repairAntdAria();
    expect(fits.container.querySelector('.ant-table-content')?.hasAttribute('tabindex')).toBe(false);
    stop2();
  });
});
