import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session/store';
import { EditableGrid, type GridHandle } from './EditableGrid';
import type { GridColumn, GridValues, LiveSource, VxeSocketMessage } from './types';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }, { unique: true }] },
  { key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm', message: '${title}格式不正确' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'] },
  { key: 'secret', title: '成本', type: 'input' },
];

const data = [
  { id: '1', name: '甲', phone: '13912345678', qty: 2, orderNum: 1 },
  { id: '2', name: '乙', phone: '123', qty: 4, orderNum: 2 },
  { id: '3', name: '甲', phone: '', qty: 'x', orderNum: 3 },
];

const rowsText = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-testid="grid-row"]')].map(
    (r) => (r.querySelector('[data-col="name"]')?.textContent ?? '') || '·',
  );

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ auth: [], allAuth: [] });
});
afterEach(() => cleanup());

describe('EditableGrid', () => {
  it('renders rows with numbers and the 合计 / 平均 footer', () => {
    const { container } = render(<EditableGrid columns={columns} dataSource={data} rowNumber rowSelection />);
    expect(rowsText(container)).toEqual(['甲', '乙', '甲']);
    expect([...container.querySelectorAll('[data-testid="row-number"]')].map((e) => e.textContent)).toEqual(['1', '2', '3']);
    const sum = screen.getByTestId('grid-footer-sum');
    expect(sum.textContent).toContain('合计');
    expect(sum.querySelector('[data-col="qty"]')?.textContent).toBe('6');
    expect(screen.getByTestId('grid-footer-average').querySelector('[data-col="qty"]')?.textContent).toBe('2');
  });

  it('validates with the rule messages and reports the error count', async () => {
    const ref = createRef<GridHandle>();
    const { container } = render(<EditableGrid ref={ref} columns={columns} dataSource={data} />);
    let result: { error: number } = { error: 0 };
    await act(async () => {
      result = await ref.current!.getValues();
    });
    expect(result.error).toBe(3);
    const errs = [...container.querySelectorAll('[data-error]')].map((e) => e.getAttribute('data-error'));
    expect(errs.sort()).toEqual(['名称不能重复', '名称不能重复', '手机格式不正确'].sort());
  });

  it('adds rows at the remembered index, tracks them, and removes after the confirm', async () => {
    localStorage.setItem('jet-add-btn-settings', JSON.stringify({ addRowNum: 2, addIndex: 1 }));
    const onChange = vi.fn<(v: GridValues) => void>();
    const { container } = render(
      <EditableGrid columns={columns} dataSource={data} rowSelection dragSort onChange={onChange} />,
    );
    fireEvent.click(screen.getByTestId('grid-add'));
    await waitFor(() => expect(rowsText(container)).toEqual(['甲', '·', '·', '乙', '甲']));
    const last = onChange.mock.calls.at(-1)![0];
    expect(last.newRows).toHaveLength(2);
    expect(last.rows.map((r) => r.orderNum)).toEqual([1, 2, 3, 4, 5]);

    // select the first new row and a loaded one, then delete with the confirm
    const boxes = container.querySelectorAll('[data-testid="row-select"] input');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[3]);
    fireEvent.click(await screen.findByTestId('grid-remove'));
    fireEvent.click(await screen.findByText('确 定'));
    await waitFor(() => expect(rowsText(container)).toEqual(['甲', '·', '甲']));
    const after = onChange.mock.calls.at(-1)![0];
    expect(after.deletedIds).toEqual(['2']);
    expect(after.newRows).toHaveLength(1);
  });

  it('edits a number cell: invalid text is filtered and cleared on blur', async () => {
    const onChange = vi.fn<(v: GridValues) => void>();
    const { container } = render(<EditableGrid columns={columns} dataSource={data} onChange={onChange} />);
    const cell = container.querySelectorAll('[data-col="qty"] [data-cell="qty"]')[0] as HTMLElement;
    fireEvent.click(cell);
    const input = container.querySelector('[data-col="qty"] input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a2.5' } });
    expect(input.value).toBe('12.5');
    fireEvent.blur(input);
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].changedRows.map((r) => r.qty)).toEqual([12.5]));
    fireEvent.click(container.querySelectorAll('[data-col="qty"] [data-cell="qty"]')[1] as HTMLElement);
    const input2 = container.querySelector('[data-col="qty"] input') as HTMLInputElement;
    fireEvent.change(input2, { target: { value: '-' } });
    fireEvent.blur(input2);
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].rows[1].qty).toBe(''));
  });

  it('a number cell that commits while typing reports each keystroke and keeps the text being typed', async () => {
    const onChange = vi.fn<(v: GridValues) => void>();
    const live: GridColumn[] = [{ key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum'], commitWhileTyping: true }];
    const rows = [
      { id: '1', qty: 2 },
      { id: '2', qty: 4 },
    ];
    const { container } = render(<EditableGrid columns={live} dataSource={rows} alwaysEdit onChange={onChange} />);
    const input = container.querySelectorAll('[data-col="qty"] input')[0] as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12.' } });
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].rows.map((r) => r.qty)).toEqual([12, 4]));
    // the echo of the committed 12 leaves "12." in the box, so the decimals can follow
    expect(input.value).toBe('12.');
    fireEvent.change(input, { target: { value: '12.5' } });
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].rows.map((r) => r.qty)).toEqual([12.5, 4]));
    expect(container.textContent).toContain('16.5');
    expect(input.value).toBe('12.5');
  });

  it('hides columns and buttons the user lacks under the authorisation prefix', async () => {
    useSession.setState({
      auth: [],
      allAuth: [
        { action: 'demo:secret', type: '1', status: '1', describe: '' },
        { action: 'demo:batch_delete', type: '1', status: '1', describe: '' },
      ],
    });
    const { container } = render(<EditableGrid columns={columns} dataSource={data} rowSelection authPre="demo" />);
    expect(container.querySelector('[data-col="secret"]')).toBeNull();
    expect(container.querySelector('[data-col="name"]')).not.toBeNull();
    fireEvent.click(container.querySelectorAll('[data-testid="row-select"] input')[0]);
    expect(screen.queryByTestId('grid-remove')).toBeNull();
    expect(screen.getByTestId('grid-clear-selection')).toBeTruthy();
  });

  it('merges rows from the table socket for its own socket key only', async () => {
    let push: (m: VxeSocketMessage) => void = () => undefined;
    const source: LiveSource = {
      subscribe(l) {
        push = l;
        return () => undefined;
      },
    };
    const ref = createRef<GridHandle>();
    const { container } = render(<EditableGrid ref={ref} columns={columns} dataSource={data} liveSource={source} socketKey="k1" />);
    act(() => push({ type: 'update_vxe_table', data: { socketKey: 'other', row: { id: '1', name: '别人的' } } }));
    act(() => push({ type: 'update_vxe_table', data: { socketKey: 'k1', row: { id: '2', name: '推送', tug_status: '1' } } }));
    await waitFor(() => expect(rowsText(container)).toEqual(['甲', '推送', '甲']));
    expect(ref.current!.getAll().changedRows).toHaveLength(0);
  });

  it('publishes the user\'s own edits on the table socket, not merged ones', async () => {
    const send = vi.fn<(m: VxeSocketMessage) => void>();
    let push: (m: VxeSocketMessage) => void = () => undefined;
    const source: LiveSource = {
      subscribe(l) {
        push = l;
        return () => undefined;
      },
      send,
    };
    const { container } = render(<EditableGrid columns={columns} dataSource={data} liveSource={source} socketKey="k1" />);
    act(() => push({ type: 'update_vxe_table', data: { socketKey: 'k1', row: { id: '1', name: '推送' } } }));
    await waitFor(() => expect(rowsText(container)[0]).toBe('推送'));
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(container.querySelectorAll('[data-col="name"] [data-cell="name"]')[1] as HTMLElement);
    const input = container.querySelector('[data-col="name"] input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '乙改' } });
    fireEvent.blur(input);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0][0]).toMatchObject({ type: 'update_vxe_table', data: { socketKey: 'k1', row: { id: '2', name: '乙改' } } });
  });

  it('is a grid by keyboard: one tab stop, arrows move between cells, Enter edits and gives the focus back, Space selects', async () => {
    const onChange = vi.fn<(v: GridValues) => void>();
    render(<EditableGrid columns={columns} dataSource={data} rowSelection onChange={onChange} aria-label="明细" />);
    const grid = screen.getByRole('grid', { name: '明细' });
    expect(grid.getAttribute('aria-rowcount')).toBe('6'); // the header, three rows, 合计 and 平均
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', '*名称', '手机', '数量', '成本']);
    const rows = screen.getAllByRole('row');
    expect(rows[1].getAttribute('aria-rowindex')).toBe('2');
    // a single tab stop: the first row's first column
    const stops = grid.querySelectorAll('[tabindex="0"]');
    expect(stops).toHaveLength(1);
    expect(stops[0].getAttribute('data-col')).toBe('name');
    const cellOf = (row: number, key: string) =>
      grid.querySelectorAll<HTMLElement>('[data-testid="grid-row"]')[row].querySelector<HTMLElement>(
        key.startsWith('#') ? `[data-fx="${key.slice(1)}"]` : `[data-col="${key}"]`,
      )!;
    act(() => cellOf(0, 'name').focus());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(cellOf(0, 'phone')));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(cellOf(1, 'phone')));
    expect(cellOf(1, 'phone').getAttribute('tabindex')).toBe('0');
    expect(cellOf(0, 'name').getAttribute('tabindex')).toBe('-1');
    fireEvent.keyDown(document.activeElement!, { key: 'End', ctrlKey: true });
    await waitFor(() => expect(document.activeElement).toBe(cellOf(2, 'secret')));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(cellOf(2, '#select')));
    // Space selects the row
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    await waitFor(() => expect(screen.getAllByRole('row')[3].getAttribute('aria-selected')).toBe('true'));
    // Enter opens the editor; Enter in it commits and gives the focus back to the cell
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(cellOf(2, 'name')));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    const input = await waitFor(() => {
      const el = cellOf(2, 'name').querySelector('input');
      expect(el).not.toBeNull();
      return el!;
    });
    fireEvent.change(input, { target: { value: '丙' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].rows[2].name).toBe('丙'));
    await waitFor(() => expect(document.activeElement).toBe(cellOf(2, 'name')));
  });
});
