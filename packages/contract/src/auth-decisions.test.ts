import { describe, expect, it } from 'vitest';
import { canShow, filterAuthColumns, isDisabled, noAuthColumns, type AllAuthItem, type AuthItem } from './auth-decisions.js';

const a = (action: string, type = '1'): AuthItem => ({ action, type, describe: action });
const g = (action: string, status: string, type = '1'): AllAuthItem => ({ action, type, status, describe: action });

describe('canShow (v-has)', () => {
  it.each<[string, string, AuthItem[], AllAuthItem[], AuthItem[] | undefined, boolean]>([
    ['node-level non-type-2 entry shows', 'user:add', [], [g('user:add', '1')], [a('user:add')], true],
    ['node-level type-2 entry does not show', 'user:add', [], [g('user:add', '1')], [a('user:add', '2')], false],
    ['rule off in allAuth shows to everyone', 'user:add', [], [g('user:add', '0')], undefined, true],
    ['empty own list hides', 'user:add', [], [g('user:add', '1')], undefined, false],
    ['own list of only type-2 entries counts as empty', 'user:add', [a('user:add', '2')], [g('user:add', '1')], undefined, false],
    ['held code shows', 'user:add', [a('user:edit'), a('user:add')], [g('user:add', '1')], undefined, true],
    ['code not held hides', 'user:delete', [a('user:add')], [g('user:delete', '1')], undefined, false],
    ['comma-separated own actions are split', 'user:edit', [a('user:add,user:edit')], [g('user:edit', '1')], undefined, true],
    ['undeclared code is hidden (default deny)', 'nothing:here', [a('user:add')], [], undefined, false],
    ['undeclared code is shown when held', 'nothing:here', [a('nothing:here')], [], undefined, true],
    ['first matching allAuth entry decides', 'x', [a('y')], [g('x', '1'), g('x', '0')], undefined, false],
    ['empty code hides', '', [a('')], [], undefined, false],
  ])('%s', (_t, code, auth, allAuth, node, expected) => {
    expect(canShow(code, auth, allAuth, node)).toBe(expected);
  });
});

describe('isDisabled (disabledAuthFilter)', () => {
  it.each<[string, string, AuthItem[], AllAuthItem[], AuthItem[] | undefined, boolean]>([
    ['absent from allAuth → enabled', 'user:salary', [], [], undefined, false],
    ['type-1 entry only → enabled', 'user:salary', [], [g('user:salary', '1', '1')], undefined, false],
    ['status "0" → enabled', 'user:salary', [], [g('user:salary', '0', '2')], undefined, false],
    ['status "1" and held → enabled', 'user:salary', [a('user:salary', '2')], [g('user:salary', '1', '2')], undefined, false],
    ['status "1" and not held → disabled', 'user:salary', [a('user:add')], [g('user:salary', '1', '2')], undefined, true],
    ['held only as type-1 → disabled', 'user:salary', [a('user:salary', '1')], [g('user:salary', '1', '2')], undefined, true],
    ['comma-joined own action does not count', 'user:salary', [a('user:x,user:salary', '2')], [g('user:salary', '1', '2')], undefined, true],
    ['node-level type-2 entry disables and wins', 'user:salary', [a('user:salary', '2')], [g('user:salary', '1', '2')], [a('user:salary', '2')], true],
    ['node-level type-1 entry does not disable', 'user:salary', [], [], [a('user:salary', '1')], false],
  ])('%s', (_t, code, auth, allAuth, node, expected) => {
    expect(isDisabled(code, auth, allAuth, node)).toBe(expected);
  });
});

describe('noAuthColumns (getNoAuthCols)', () => {
  const allAuth = [
    g('user:salary', '1'),
    g('user:phone', '1'),
    g('user:email', '0'),
    g('user:idcard', '1', '2'),
    g('role:name', '1'),
  ];
  it('lists active type-1 suffixes the user lacks', () => {
    expect(noAuthColumns('user:', [a('user:phone')], allAuth)).toEqual(['salary']);
  });
  it('nothing is hidden for an undeclared prefix', () => {
    expect(noAuthColumns('dept:', [], allAuth)).toEqual([]);
  });
  it('an excluded batch_delete also hides remove', () => {
    expect(noAuthColumns('grid:', [], [g('grid:batch_delete', '1')])).toEqual(['batch_delete', 'remove']);
  });
  it('filters columns by dataIndex', () => {
    const cols = [{ dataIndex: 'name' }, { dataIndex: 'salary' }, { key: 'phone' }];
    expect(filterAuthColumns(cols, 'user:', [], allAuth)).toEqual([{ dataIndex: 'name' }]);
  });
});
