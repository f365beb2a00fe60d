import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRuleConditions } from '../../src/platform/query/data-rules.js';
import { applyConditions, applyFilters, applySort, paging, runPage, type Whitelist } from '../../src/platform/query/query-builder.js';

interface Row {
  id: string;
  username: string;
  realname: string;
  age: number;
  orgCode: string;
  createTime: string;
  tags: string;
}
let db: Kysely<any>;

const wl: Whitelist = {
  id: 'id',
  username: 'username',
  realname: 'realname',
  age: { column: 'age', type: 'number' },
  orgCode: 'orgCode',
  createTime: { column: 'createTime', type: 'datetime' },
  tags: { column: 'tags', sortable: false },
};

const rows: Row[] = [
  { id: '1', username: 'alice', realname: '张三', age: 20, orgCode: 'A01A01', createTime: '2026-01-01 08:00:00', tags: 'a,b' },
  { id: '2', username: 'bob_x', realname: '李四', age: 30, orgCode: 'A03A01', createTime: '2026-01-02 09:00:00', tags: 'b,c' },
  { id: '3', username: 'carol', realname: '王五', age: 40, orgCode: 'A03A02', createTime: '2026-01-03 23:30:00', tags: 'c' },
  { id: '4', username: 'bobby', realname: '50%_off', age: 50, orgCode: 'A05A01', createTime: '2026-01-04 10:00:00', tags: '' },
];

beforeAll(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }), plugins: [new CamelCasePlugin()] });
  await db.schema
    .createTable('t')
    .addColumn('id', 'varchar(10)')
    .addColumn('username', 'varchar(50)')
    .addColumn('realname', 'varchar(50)')
    .addColumn('age', 'integer')
    .addColumn('org_code', 'varchar(20)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('tags', 'varchar(50)')
    .execute();
  await db.insertInto('t').values(rows).execute();
});
afterAll(async () => {
  await db.destroy();
});

async function ids(params: Record<string, unknown>): Promise<string[]> {
  const qb = applySort(applyFilters(db.selectFrom('t').select('id'), params, wl), params, wl, { field: 'id', order: 'asc' });
  return (await qb.execute()).map((r) => r.id as string);
}

describe('list query builder', () => {
  it.each([
    [{ username: 'alice' }, ['1']],
    [{ username: '*ob*' }, ['2', '4']],
    [{ username: 'bob*' }, ['2', '4']],
    [{ username: '*ol' }, ['3']],
    [{ username: '!alice' }, ['2', '3', '4']],
    [{ username: 'alice,carol' }, ['1', '3']],
    [{ age: '>=30' }, ['2', '3', '4']],
    [{ age: '>= 30' }, ['2', '3', '4']],
    [{ age: '<=30' }, ['1', '2']],
    [{ age: '> 30' }, ['3', '4']],
    [{ age: 'lt 30' }, ['1']],
    [{ tags: ',a,c,' }, ['1', '2', '3']],
    [{ createTime_begin: '2026-01-02', createTime_end: '2026-01-03' }, ['2', '3']],
    [{ createTime_end: '2026-01-01 08:00:00' }, ['1']],
    [{ username_MultiString: 'bobby,carol' }, ['3', '4']],
    [{ unknownField: 'x', 'username; drop table t': '1' }, ['1', '2', '3', '4']],
    [{ realname: '*50%_*' }, ['4']],
    [{ realname: '*%*' }, ['4']],
    [{ username: '*_*' }, ['2']],
    [{ username: "alice' or '1'='1" }, []],
    [{ username: "*' or 1=1 --*" }, []],
    [{ pageNo: '2', column: 'id', order: 'asc', field: 'id,,username', _t: '1' }, ['1', '2', '3', '4']],
  ])('%j → %j', async (params, expected) => {
    expect(await ids(params)).toEqual(expected);
  });

  it('binds every value (injection strings never reach the SQL text)', () => {
    const evil = "x'); drop table t; --";
    const q = applyFilters(db.selectFrom('t').select('id'), { username: `*${evil}*`, realname: evil, orgCode: `${evil},y` }, wl).compile();
    expect(q.sql).not.toContain('drop');
    expect(q.parameters).toContain(evil);
  });

  it('answers 400 for a non-numeric value of a number field', async () => {
    await expect(ids({ age: 'abc' })).rejects.toMatchObject({ http: 400 });
    await expect(ids({ createTime_begin: "2026' or 1=1" })).rejects.toMatchObject({ http: 400 });
  });

  describe('advanced query', () => {
    const sq = (conds: unknown[], match = 'and') => ({
      superQueryParams: encodeURI(JSON.stringify(conds)),
      superQueryMatchType: match,
    });
    it.each([
      [sq([{ field: 'username', rule: 'like', val: 'ob' }]), ['2', '4']],
      [sq([{ field: 'username', rule: 'right_like', val: 'bo' }]), ['2', '4']],
      [sq([{ field: 'username', rule: 'left_like', val: 'ce' }]), ['1']],
      [sq([{ field: 'age', rule: 'gt', val: '30', dbType: 'int' }, { field: 'orgCode', rule: 'eq', val: 'A03A02' }]), ['3']],
      [sq([{ field: 'age', rule: 'le', val: 20, dbType: 'int' }, { field: 'orgCode', rule: 'eq', val: 'A03A02' }], 'or'), ['1', '3']],
      [sq([{ field: 'username', rule: 'in', val: 'alice,bobby' }]), ['1', '4']],
      [sq([{ field: 'username', rule: 'ne', val: 'alice' }, { field: 'age', rule: 'lt', val: '45' }]), ['2', '3']],
      [sq([{ field: 'createTime', rule: 'ge', val: '2026-01-03', type: 'date' }]), ['3', '4']],
      [sq([{ field: 'password', rule: 'eq', val: 'x' }, { field: 'age', rule: 'eq', val: '20' }]), ['1']],
      [sq([{ field: 'username', rule: 'eq', val: "' or 1=1 --" }]), []],
      [{ ...sq([{ field: 'age', rule: 'ge', val: '40' }], 'or'), username: 'carol' }, ['3']],
    ])('%j', async (params, expected) => {
      expect(await ids(params)).toEqual(expected);
    });

    it('rejects malformed JSON and unknown rules with 400', async () => {
      await expect(ids({ superQueryParams: '%7Bbad' })).rejects.toMatchObject({ http: 400 });
      await expect(ids(sq([{ field: 'age', rule: 'exec', val: '1' }]))).rejects.toMatchObject({ http: 400 });
    });
  });

  describe('sorting', () => {
    it('sorts by whitelisted columns, strips _dictText, supports a,b', async () => {
      expect(await ids({ column: 'age', order: 'desc' })).toEqual(['4', '3', '2', '1']);
      expect(await ids({ column: 'username_dictText', order: 'ASC' })).toEqual(['1', '2', '4', '3']);
      expect(await ids({ column: 'orgCode,age', order: 'asc' })).toEqual(['1', '2', '3', '4']);
    });
    it.each(['password', 'id; drop table t', 'age desc, (select 1)', 'tags', "username'--"])('rejects %s', async (col) => {
      await expect(ids({ column: col, order: 'asc' })).rejects.toMatchObject({
        code: 500,
        message: expect.stringContaining('请注意，将要排序的列字段不存在：'),
      });
    });
    it('a lenient default sorts by itself where the column cannot be sorted by', async () => {
      const lenient = async (params: Record<string, unknown>) =>
        (await applySort(db.selectFrom('t').select('id'), params, wl, { field: 'age', order: 'desc', lenient: true }).execute()).map((r) => r.id);
      expect(await lenient({ column: 'password', order: 'asc' })).toEqual(['4', '3', '2', '1']);
      expect(await lenient({ column: 'age,tags', order: 'asc' })).toEqual(['4', '3', '2', '1']);
      expect(await lenient({ column: 'age', order: 'asc' })).toEqual(['1', '2', '3', '4']);
    });
  });

  it('pages with the MyBatis shape', async () => {
    const p = paging({ pageNo: '2', pageSize: '3' });
    const base = applyFilters(db.selectFrom('t'), {}, wl);
    const r = await runPage(base, (qb) => qb.select(['id']).orderBy('id'), p);
    expect(r).toEqual({ records: [{ id: '4' }], total: 4, size: 3, current: 2, pages: 2 });
    expect(paging({ pageNo: '-1', pageSize: 'x' })).toEqual({ pageNo: 1, pageSize: 10 });
    expect(paging({ pageSize: '999999' }, 500).pageSize).toBe(500);
  });

  it('applies data rules through the same whitelist (raw SQL rules ignored)', async () => {
    const vars = { username: 'alice', realname: '张三', orgCode: 'A03A01', orgCodes: ['A03A01', 'A03A02'], tenantId: 0 };
    const conds = dataRuleConditions(
      [
        { ruleColumn: 'org_code', ruleConditions: 'RIGHT_LIKE', ruleValue: 'A03' },
        { ruleColumn: 'age', ruleConditions: '>=', ruleValue: '30' },
        { ruleColumn: 'password', ruleConditions: '=', ruleValue: 'x' },
        { ruleColumn: 'id', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1 or 1=1' },
      ],
      vars,
      wl,
    );
    expect(conds).toHaveLength(2);
    const r = await applyConditions(db.selectFrom('t').select('id'), conds, wl).orderBy('id').execute();
    expect(r.map((x) => x.id)).toEqual(['2', '3']);
    const mine = dataRuleConditions([{ ruleColumn: 'orgCode', ruleConditions: 'IN', ruleValue: '#{sys_multi_org_code}' }], vars, wl);
    const r2 = await applyConditions(db.selectFrom('t').select('id'), mine, wl).orderBy('id').execute();
    expect(r2.map((x) => x.id)).toEqual(['2', '3']);
    const own = dataRuleConditions([{ ruleColumn: 'username', ruleConditions: '=', ruleValue: '#{sys_user_code}' }], vars, wl);
    expect((await applyConditions(db.selectFrom('t').select('id'), own, wl).execute()).map((x) => x.id)).toEqual(['1']);
  });
});
