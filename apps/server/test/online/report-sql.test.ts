import { describe, expect, it } from 'vitest';
import { checkSelect, paramNames, render, tokenize } from '../../src/modules/online/report/report-sql.js';

const allow = (t: string) => ['hy_user', 'fm_expense'].includes(t);

describe('report SQL: templates become bound statements', () => {
  it('binds placeholders outside and inside string literals for each dialect', () => {
    const pieces = tokenize("select realname from hy_user where sex = ${sex} and realname like '%${name}%' -- ${ignored}\n and org_code = #{sys_org_code}");
    expect(paramNames(pieces)).toEqual(['sex', 'name']);
    const vals = { sex: '1', name: "x' or '1'='1", sys_org_code: 'A03' } as Record<string, string>;
    const pg = render(pieces, 'postgres', (p) => vals[p.name]);
    expect(pg.sql.replace(/\s+/g, ' ')).toBe("select realname from hy_user where sex = $1 and realname like ('%' || $2::text || '%') and org_code = $3");
    expect(pg.values).toEqual(['1', "x' or '1'='1", 'A03']);
    expect(render(pieces, 'mysql', (p) => vals[p.name]).sql).toContain("like CONCAT('%', ?, '%')");
    expect(render(pieces, 'sqlite', (p) => vals[p.name]).sql).toContain("like ('%' || ? || '%')");
  });

  it('keeps doubled quotes and quoted identifiers as they are', () => {
    const r = render(tokenize(`select "realname" as "名 字", 'it''s' from hy_user`), 'postgres', () => null);
    expect(r.sql).toBe(`select "realname" as "名 字", 'it''s' from hy_user`);
    expect(r.values).toEqual([]);
  });

  it('accepts a single SELECT or WITH … SELECT over allowed tables', () => {
    expect(checkSelect(tokenize('with a as (select id from hy_user) select count(*) n from a'), 'postgres', allow).tables).toEqual(['hy_user']);
    expect(checkSelect(tokenize("select realname, coalesce(sex, '') s from hy_user where id = ${id}"), 'sqlite', allow).tables).toEqual(['hy_user']);
    expect(checkSelect(tokenize('select realname from hy_user where sex = ${s}'), 'mysql', allow).tables).toEqual(['hy_user']);
  });

  it.each([
    ['stacked statement', 'select 1 from hy_user; delete from hy_user', /一条查询/],
    ['write', 'delete from hy_user', /SELECT/],
    ['update', "update hy_user set realname = 'x'", /SELECT/],
    ['select into', 'select * into t2 from hy_user', /INTO/],
    ['pg_sleep', 'select pg_sleep(5) from hy_user', /pg_sleep/],
    ['sleep in a union', 'select realname from hy_user union select sleep(5) from fm_expense', /sleep/],
    ['unlisted table', 'select password from sys_user', /sys_user/],
    ['unlisted table in a subquery', 'select (select password from sys_user limit 1) p from hy_user', /sys_user/],
    ['other schema', 'select * from pg_catalog.pg_user', /pg_catalog/],
    ['information schema', 'select * from information_schema.tables', /information_schema/],
    ['recursive cte', 'with recursive c(x) as (select 1 union all select x + 1 from c) select x from c', /递归/],
    ['file read', "select pg_read_file('/etc/passwd') from hy_user", /pg_read_file/],
    ['unclosed string', "select 'abc from hy_user", /没有闭合/],
    ['backslash', "select 'a\\' from hy_user", /反斜杠/],
    ['bad placeholder', 'select ${a b} from hy_user', /参数名/],
  ])('refuses %s', (_label, sql, message) => {
    expect(() => checkSelect(tokenize(sql), 'postgres', allow)).toThrow(message);
  });
});
