import { describe, expect, it } from 'vitest';
import { buildListParams, parseListState, readRows, serializeListState } from './encoding';
import type { ListColumn } from './types';

const cols: ListColumn[] = [
  { title: '账号', dataIndex: 'username', search: 'like', sorter: true },
  { title: '状态', dataIndex: 'status', search: 'ne' },
  { title: '年龄', dataIndex: 'age', search: 'ge', type: 'number' },
  { title: '生日', dataIndex: 'birthday', search: 'range', type: 'date' },
  { title: '姓名', dataIndex: 'realname', search: 'eq' },
];

describe('list URL state', () => {
  it('parses leniently, falling back to defaults', () => {
    const s = parseListState(
      new URLSearchParams('pageNo=abc&pageSize=50&column=password;drop&order=sideways&superQueryParams=%7Bbad'),
      cols,
    );
    expect(s).toMatchObject({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc', filters: {} });
    expect(s.superQuery).toBeUndefined();
  });

  it('keeps valid values and treats other params as filters', () => {
    const s = parseListState(new URLSearchParams('pageNo=3&pageSize=30&column=username&order=asc&username=ad&x=1'), cols);
    expect(s).toMatchObject({ pageNo: 3, pageSize: 30, column: 'username', order: 'asc', filters: { username: 'ad', x: '1' } });
  });

  it('round-trips through search params', () => {
    const state = parseListState(new URLSearchParams('pageNo=2&username=ad&superQueryMatchType=or&superQueryParams=' + encodeURIComponent('[{"field":"sex","rule":"eq","val":"1"}]')), cols);
    const again = parseListState(serializeListState(state), cols);
    expect(again).toEqual(state);
    expect(again.superQuery).toEqual({ matchType: 'or', records: [{ field: 'sex', rule: 'eq', val: '1' }] });
  });
});

describe('list request parameters', () => {
  it('wraps search values by rule and passes ranges', () => {
    const state = parseListState(
      new URLSearchParams('username=ad&status=2&age=18&birthday_begin=2000-01-01&birthday_end=2000-12-31&realname=%20'),
      cols,
    );
    const p = buildListParams(state, cols, { orgCode: 'A03', empty: '' });
    expect(p).toMatchObject({
      username: '*ad*',
      status: '!2',
      age: '>=18',
      birthday_begin: '2000-01-01',
      birthday_end: '2000-12-31',
      orgCode: 'A03',
      column: 'createTime',
      order: 'desc',
      pageNo: 1,
      pageSize: 10,
    });
    expect(p).not.toHaveProperty('realname');
    expect(p).not.toHaveProperty('empty');
    expect(p.field).toBe('id,,username,status,age,birthday,realname');
  });

  it('sends the advanced query as URI-encoded JSON with the match type, in-lists comma-joined', () => {
    const state = parseListState(new URLSearchParams(), cols);
    state.superQuery = {
      matchType: 'or',
      records: [
        { field: 'sex', rule: 'in', val: ['1', '2'] },
        { field: 'username', rule: 'like', val: "a' or 1=1 --" },
        { field: 'realname', rule: 'eq', val: '' },
      ],
    };
    const p = buildListParams(state, cols);
    expect(p.superQueryMatchType).toBe('or');
    const records = JSON.parse(decodeURI(String(p.superQueryParams)));
    expect(records).toEqual([
      expect.objectContaining({ field: 'sex', rule: 'in', val: '1,2' }),
      expect.objectContaining({ field: 'username', rule: 'like', val: "a' or 1=1 --" }),
    ]);
  });

  it('reads records or a bare array; anything else is unrecognised', () => {
    expect(readRows({ records: [{ id: '1' }], total: 7 })).toEqual({ rows: [{ id: '1' }], total: 7 });
    expect(readRows([{ id: '1' }])).toEqual({ rows: [{ id: '1' }], total: 1 });
    expect(readRows('x')).toBeUndefined();
  });
});
