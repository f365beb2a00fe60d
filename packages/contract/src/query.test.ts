import { describe, expect, it } from 'vitest';
import {
  decodeSearchValue,
  encodeSearchValue,
  encodeSuperQuery,
  escapeLike,
  parseQueryValue,
  parseSuperQuery,
  rangeParams,
  switchRule,
  superQueryStorageKey,
} from './query.js';

describe('search value encoding', () => {
  it.each([
    ['like', 'abc', '*abc*'],
    ['ne', 'abc', '!abc'],
    ['ge', '5', '>=5'],
    ['le', '5', '<=5'],
    ['eq', 'abc', 'abc'],
  ] as const)('%s %s → %s and back', (rule, v, enc) => {
    expect(encodeSearchValue(rule, v)).toBe(enc);
    expect(decodeSearchValue(enc)).toEqual({ rule, value: v });
  });

  it('builds range parameters', () => {
    expect(rangeParams('createTime', '2026-01-01', '2026-02-01')).toEqual({
      createTime_begin: '2026-01-01',
      createTime_end: '2026-02-01',
    });
    expect(rangeParams('createTime', '', '2026-02-01')).toEqual({ createTime_end: '2026-02-01' });
  });
});

describe('parseQueryValue (server rules, reference §3)', () => {
  it.each([
    ['>= 5', { rule: 'ge', value: '5' }],
    ['>=5', { rule: 'ge', value: '5' }],
    ['<= 5', { rule: 'le', value: '5' }],
    ['<=5', { rule: 'le', value: '5' }],
    ['> 5', { rule: 'gt', value: '5' }],
    ['<5', { rule: 'lt', value: '5' }],
    ['!= x', { rule: 'ne', value: 'x' }],
    ['ne x', { rule: 'ne', value: 'x' }],
    ['ge 3', { rule: 'ge', value: '3' }],
    ['*', { rule: 'eq', value: '*' }],
    ['*ab*', { rule: 'like', value: 'ab' }],
    ['**', { rule: 'like', value: '' }],
    ['*ab', { rule: 'left_like', value: 'ab' }],
    ['ab*', { rule: 'right_like', value: 'ab' }],
    [',a,b,', { rule: 'like_any', value: ['a', 'b'] }],
    ['a,b', { rule: 'in', value: ['a', 'b'] }],
    ['a,b,', { rule: 'in', value: ['a', 'b'] }],
    ['!x', { rule: 'ne', value: 'x' }],
    ['a++b', { rule: 'eq', value: 'a,b' }],
    ['plain', { rule: 'eq', value: 'plain' }],
    ["x' or '1'='1", { rule: 'eq', value: "x' or '1'='1" }],
    ["1; drop table sys_user;--", { rule: 'eq', value: '1; drop table sys_user;--' }],
  ])('%j', (raw, expected) => {
    expect(parseQueryValue(raw)).toEqual(expected);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('advanced query model', () => {
  it('encodes and parses superQueryParams, dropping empty conditions', () => {
    const enc = encodeSuperQuery(
      [
        { field: 'username', rule: 'like', val: '张', type: 'string' },
        { field: 'sex', rule: 'in', val: ['1', '2'] },
        { field: 'realname', rule: 'eq', val: '' },
      ],
      'or',
    );
    expect(enc.superQueryMatchType).toBe('or');
    expect(enc.superQueryParams).not.toContain('张');
    const back = parseSuperQuery(enc.superQueryParams);
    expect(back).toEqual([
      { field: 'username', rule: 'like', val: '张', type: 'string' },
      { field: 'sex', rule: 'in', val: '1,2' },
    ]);
  });

  it.each([
    ['not json', /JSON|Unexpected/],
    [JSON.stringify([{ field: 'a', rule: 'drop', val: '1' }]), /.+/],
    [JSON.stringify({ field: 'a' }), /.+/],
  ])('rejects malformed %s', (raw, err) => {
    expect(() => parseSuperQuery(raw)).toThrow(err);
  });

  it('keeps injection strings as plain values', () => {
    const raw = encodeURI(JSON.stringify([{ field: 'username', rule: 'eq', val: "a' or 1=1 --" }]));
    expect(parseSuperQuery(raw)[0].val).toBe("a' or 1=1 --");
  });

  it('keeps only the first value when leaving in', () => {
    expect(switchRule({ field: 'a', rule: 'in', val: ['x', 'y'] }, 'eq').val).toBe('x');
    expect(switchRule({ field: 'a', rule: 'in', val: 'x,y' }, 'like').val).toBe('x');
    expect(switchRule({ field: 'a', rule: 'eq', val: 'x,y' }, 'like').val).toBe('x,y');
    expect(superQueryStorageKey('/isystem/user')).toBe('JSuperQuerySaved_/isystem/user');
  });
});
