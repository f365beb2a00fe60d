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
});
