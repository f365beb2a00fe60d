import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Tag } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveTable } from './ResponsiveTable';

const phone = vi.hoisted(() => ({ on: true }));
vi.mock('./PhoneCards', async (orig) => ({ ...(await orig<typeof import('./PhoneCards')>()), usePhoneLayout: () => phone.on }));

interface R {
  id: string;
  title: string;
  state: string;
  amount: number;
}
const rows: R[] = [
  { id: 'a', title: '差旅报销 320元', state: '审批中', amount: 320 },
  { id: 'b', title: '办公用品 80元', state: '已通过', amount: 80 },
];
const columns = [
  { title: '#', key: 'index', render: (_v: unknown, _r: R, i: number) => i + 1 },
  { title: '标题', dataIndex: 'title' },
  { title: '金额', dataIndex: 'amount', render: (v: number) => `${v.toFixed(2)}元` },
  { title: '状态', dataIndex: 'state', render: (v: string) => <Tag>{v}</Tag> },
  { title: '操作', key: 'action', render: (_v: unknown, r: R) => <a>查看{r.id}</a> },
];

describe('ResponsiveTable', () => {
  afterEach(cleanup);
  it('on a phone renders a card per row: title, status, fields and actions; selection by checkbox', () => {
    phone.on = true;
    const onChange = vi.fn();
    render(<ResponsiveTable<R> rowKey="id" columns={columns} dataSource={rows} rowSelection={{ selectedRowKeys: [], onChange }} />);
    const cards = screen.getAllByTestId('phone-card');
    expect(cards).toHaveLength(2);
    expect(cards[0].querySelector('.phone-card-title')?.textContent).toBe('差旅报销 320元');
    expect(cards[0].querySelector('.phone-card-status')?.textContent).toBe('审批中');
    expect(cards[0].querySelector('.phone-card-fields')?.textContent).toContain('金额320.00元');
    expect(cards[0].textContent).not.toContain('#');
    expect(cards[1].querySelector('.phone-card-actions')?.textContent).toBe('查看b');
    expect(document.querySelector('table')).toBeNull();
    fireEvent.click(screen.getAllByLabelText('选择')[1]);
    expect(onChange.mock.calls[0][0]).toEqual(['b']);
  });

  it('on a desktop renders the table', () => {
    phone.on = false;
    render(<ResponsiveTable<R> rowKey="id" columns={columns} dataSource={rows} />);
    expect(document.querySelector('table')).not.toBeNull();
    expect(screen.queryAllByTestId('phone-card')).toHaveLength(0);
  });
});
