import { describe, expect, it } from 'vitest';
import { addRows, createGridState, gridValues, insertBelow, isTempId, mergeLiveRow, moveRow, removeRows, setCells } from './gridState';

const loaded = () =>
  createGridState(
    [
      { id: 'a', name: '甲', orderNum: 1 },
      { id: 'b', name: '乙', orderNum: 2 },
      { id: 'c', name: '丙', orderNum: 3 },
    ],
    'orderNum',
  );

describe('grid row tracking', () => {
  it('adds N rows at the bottom for index 0 and after the first N rows otherwise', () => {
    const bottom = addRows(loaded(), 2, 0);
    expect(bottom.rows.map((r) => r.name ?? 'new')).toEqual(['甲', '乙', '丙', 'new', 'new']);
    const atOne = addRows(loaded(), 3, 1);
    expect(atOne.rows.map((r) => r.name ?? 'new')).toEqual(['甲', 'new', 'new', 'new', '乙', '丙']);
    expect(atOne.rows.slice(1, 4).every((r) => isTempId(r.id))).toBe(true);
    // an index past the end clamps to the bottom
    expect(addRows(loaded(), 1, 99).rows[3].name).toBeUndefined();
  });

  it('renumbers the drag-sort key to index + 1 after add, insert and move', () => {
    const s = addRows(loaded(), 1, 1);
    expect(s.rows.map((r) => r.orderNum)).toEqual([1, 2, 3, 4]);
    const moved = moveRow(loaded(), 2, 0);
    expect(moved.rows.map((r) => `${r.name}${r.orderNum}`)).toEqual(['丙1', '甲2', '乙3']);
    const ins = insertBelow(loaded(), 0);
    expect(ins.rows[1].name).toBeUndefined();
    expect(ins.rows.map((r) => r.orderNum)).toEqual([1, 2, 3, 4]);
  });

  it('tracks new, changed and removed rows; removing a new row is not a delete', () => {
    let s = addRows(loaded(), 2, 0);
    const [n1, n2] = s.rows.slice(3);
    s = setCells(s, 'a', { name: '甲改' });
    s = setCells(s, n1.id, { name: '新' });
    s = removeRows(s, [n2.id, 'b']);
    const v = gridValues(s);
    expect(v.newRows.map((r) => r.id)).toEqual([n1.id]);
    expect(v.deletedIds).toEqual(['b']);
    // a and c were renumbered by the removal; a was also edited
    expect(v.changedRows.map((r) => r.id).sort()).toEqual(['a', 'c']);
    expect(v.rows).toHaveLength(3);
  });

  it('does not count an edit that was undone, nor unchanged rows', () => {
    let s = createGridState([{ id: 'x', qty: 1 }]);
    s = setCells(s, 'x', { qty: 2 });
    expect(gridValues(s).changedRows).toHaveLength(1);
    s = setCells(s, 'x', { qty: '1' });
    expect(gridValues(s).changedRows).toHaveLength(0);
    expect(gridValues(createGridState([{ id: 'y', qty: 1 }])).changedRows).toHaveLength(0);
  });

  it('gives rows without an id a temporary id and treats them as new', () => {
    const s = createGridState([{ name: 'no id' }, { id: 'k', name: 'kept' }]);
    expect(isTempId(s.rows[0].id)).toBe(true);
    expect(gridValues(s).newRows).toHaveLength(1);
  });

  it('merges live socket rows without marking them as the user\'s changes', () => {
    let s = createGridState([{ id: 'a', name: '甲', tug_status: '0' }]);
    s = mergeLiveRow(s, { id: 'a', tug_status: '1', name: '甲(他人)' });
    expect(s.rows[0]).toMatchObject({ tug_status: '1', name: '甲(他人)' });
    expect(gridValues(s).changedRows).toHaveLength(0);
    s = setCells(s, 'a', { name: '我改' });
    expect(gridValues(s).changedRows).toHaveLength(1);
    expect(mergeLiveRow(s, { id: 'zz', name: 'x' })).toBe(s);
  });

  it('removes and moves nothing for out-of-range requests', () => {
    const s = loaded();
    expect(moveRow(s, 0, -1)).toBe(s);
    expect(moveRow(s, 2, 3)).toBe(s);
    expect(removeRows(s, ['nope']).deletedIds).toEqual([]);
  });
});
