import type SQLite from 'better-sqlite3';
import { sql, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowOf } from '../../src/modules/workflow/workflow.module.js';
import type { DbHandle } from '../../src/platform/db/database.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const USERS = 400;
const TASKS = 20_000;
const BIG_TABLES = ['wf_task', 'wf_task_candidate', 'wf_instance', 'wf_business', 'sys_user'];

interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgPlan[];
}

const indexes = (n: PgPlan, out: string[] = []): string[] => {
  if (n['Index Name']) out.push(n['Index Name']);
  for (const c of n.Plans ?? []) indexes(c, out);
  return out;
};

const seqScans = (n: PgPlan, out: string[] = []): string[] => {
  if (n['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(n['Relation Name'] ?? '')) out.push(n['Relation Name']!);
  for (const c of n.Plans ?? []) seqScans(c, out);
  return out;
};

/**
 * The to-do list over 20,000 open tasks of 400 users: its one statement reads a user's tasks from indexes
 * (no full scan of the task, candidate, instance, application or user tables in either shape, with and
 * without a name search), and the page, its order, its exact total and the assignees are those of a plain
 * reading of every open task of the user — with delegated tasks, shared tasks, closed tasks whose
 * candidate row is still open and candidates without a user row.
 */
describe.each(dbKinds)('[WORKFLOW] to-do list at scale on %s', (kind) => {
  let t: TestApp;
  let handle: DbHandle;
  const me = 'tp_u0001';

  beforeAll(async () => {
    t = await createTestApp(kind);
    handle = t.app.dbHandle;
    const db = t.app.ctx.db;
    const def = await db.selectFrom('wfDefinition').select(['id']).where('businessTable', '=', 'fm_expense').where('latest', '=', 1).executeTakeFirstOrThrow();
    const pad = (e: string) => (kind === 'sqlite' ? `printf('%04d', ${e})` : `lpad((${e})::text, 4, '0')`);
    const time = (e: string) =>
      kind === 'sqlite'
        ? `strftime('%Y-%m-%d %H:%M:%S', 1700000000 + (${e}) * 60, 'unixepoch')`
        : `to_char(to_timestamp(1700000000 + (${e}) * 60) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
    const fill = async (table: string, cols: Record<string, string>, n: number) => {
      const names = Object.keys(cols).join(', ');
      const exprs = Object.values(cols).join(', ');
      await sql
        .raw(
          kind === 'sqlite'
            ? `WITH RECURSIVE s(g) AS (SELECT 0 UNION ALL SELECT g + 1 FROM s WHERE g < ${n - 1}) INSERT INTO ${table} (${names}) SELECT ${exprs} FROM s`
            : `INSERT INTO ${table} (${names}) SELECT ${exprs} FROM generate_series(0, ${n - 1}) AS s(g)`,
        )
        .execute(db);
    };
    const user = (e: string) => `'tp_u' || ${pad(e)}`;
    await fill('sys_user', { id: `'tpu' || g`, username: user('g'), realname: `'待办用户' || g`, password: `'x'`, salt: `'x'`, status: '1', del_flag: '0' }, USERS);
    await fill(
      'wf_business',
      {
        id: `'tpb' || g`,
        proc_def_id: `'${def.id}'`,
        proc_inst_id: `'tpi' || g`,
        user_id: user('(g * 7 + 3) % 400'),
        title: `CASE WHEN g % 7 = 0 THEN '差旅报销' ELSE '办公采购' END || g`,
        table_name: `'fm_expense'`,
        table_id: `'tpf' || g`,
        status: '1',
        result: '1',
        del_flag: '0',
        create_time: time('g'),
      },
      TASKS,
    );
    await fill(
      'wf_instance',
      { id: `'tpi' || g`, proc_def_id: `'${def.id}'`, business_id: `'tpb' || g`, starter: user('(g * 7 + 3) % 400'), title: `'申请' || g`, state: `'running'`, version: '1', priority: 'g % 3', start_time: time('g') },
      TASKS,
    );
    // Task g: one candidate, tp_u{g % 400}; two tasks in a hundred are already closed (their candidate row closed too).
    await fill(
      'wf_task',
      { id: `'tpt' || g`, inst_id: `'tpi' || g`, proc_def_id: `'${def.id}'`, node_id: `'a'`, name: `'一审'`, priority: 'g % 3', status: 'CASE WHEN g % 50 = 49 THEN 1 ELSE 0 END', create_time: time('g % 5000') },
      TASKS,
    );
    await fill('wf_task_candidate', { id: `'tpc' || g`, task_id: `'tpt' || g`, inst_id: `'tpi' || g`, username: user('g % 400'), open: 'CASE WHEN g % 50 = 49 THEN 0 ELSE 1 END' }, TASKS);
    // Shared tasks (a second candidate, and one without a user row), a closed task whose candidate row is
    // still open, an open task whose candidate row is closed, and two tasks delegated to me.
    const extra = (id: string, taskId: string, username: string, open = 1) => ({ id, taskId, instId: 'tpi1', username, open });
    await db
      .insertInto('wfTaskCandidate')
      .values([extra('tpx1', 'tpt401', 'tp_u0002'), extra('tpx2', 'tpt801', 'tp_u0002'), extra('tpx3', 'tpt401', 'ghost'), extra('tpx4', 'tpt1249', me), extra('tpx5', 'tpt2', me, 0)])
      .execute();
    await db
      .updateTable('wfTask')
      .set({ assignee: me, owner: 'tp_u0003' })
      .where('id', 'in', ['tpt3', 'tpt4'])
      .execute();
    await db.updateTable('wfTaskCandidate').set({ open: 0 }).where('taskId', 'in', ['tpt3', 'tpt4']).execute();
    if (kind === 'postgres') for (const tb of BIG_TABLES) await sql.raw(`VACUUM ANALYZE ${tb}`).execute(db);
    else await sql`ANALYZE`.execute(db);
  }, 180_000);
  afterAll(async () => t?.close());

  /** Every open task of the user, read plainly, in the to-do order (priority, newest, id; all descending). */
  const reference = async (username: string, name?: string) => {
    const db = t.app.ctx.db;
    const cand = await db.selectFrom('wfTaskCandidate').select('taskId').where('username', '=', username).where('open', '=', 1).execute();
    const own = await db.selectFrom('wfTask').select('id').where('assignee', '=', username).where('status', '=', 0).execute();
    const ids = [...new Set([...cand.map((c) => c.taskId), ...own.map((o) => o.id)])];
    const rows = await db
      .selectFrom('wfTask as t')
      .innerJoin('wfInstance as i', 'i.id', 't.instId')
      .innerJoin('wfDefinition as d', 'd.id', 't.procDefId')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .select(['t.id', 't.priority', 't.createTime', 't.name', 'd.name as processName', 'b.title'])
      .where('t.id', 'in', ids)
      .where('t.status', '=', 0)
      .execute();
    const hit = (s: string | null) => !name || (s ?? '').includes(name);
    return rows
      .filter((r) => hit(r.processName) || hit(r.name) || hit(r.title))
      .sort((a, b) => b.priority - a.priority || (b.createTime ?? '').localeCompare(a.createTime ?? '') || b.id.localeCompare(a.id));
  };

  it('pages, order and exact total are those of a plain reading of the user’s open tasks', async () => {
    const q = workflowOf(t.app.ctx).queries;
    for (const [username, name] of [[me, undefined], ['tp_u0002', undefined], ['tp_u0398', undefined], [me, '差旅报销']] as const) {
      const all = await reference(username, name);
      expect(all.length).toBeGreaterThan(5);
      for (const pageIndex of [1, 2, Math.ceil(all.length / 10) + 1]) {
        const page = await q.todoList(username, { name, pageIndex, pageSize: 10 });
        expect(page.total).toBe(all.length);
        expect(page.records.map((r) => r.id)).toEqual(all.slice((pageIndex - 1) * 10, pageIndex * 10).map((r) => r.id));
      }
    }
    const ids = (await q.todoList(me, { pageSize: 500 })).records.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['tpt3', 'tpt4', 'tpt401', 'tpt801']));
    expect(ids).not.toContain('tpt1249'); // closed, though its candidate row is open
    expect(ids).not.toContain('tpt2'); // open, not mine (my candidate row is closed)
  });

  it('assignees: the open candidates with a user row, or the delegate', async () => {
    const r = await t.call(await t.login('admin'), 'POST', '/actTask/todoList', { pageSize: 500 });
    expect(r.body.success).toBe(true);
    const mine = (await workflowOf(t.app.ctx).queries.todoList(me, { pageSize: 500 })).records;
    const byId = new Map(mine.map((x) => [x.id, x]));
    expect(byId.get('tpt401')!.assignees.map((a) => a.username)).toEqual([me, 'tp_u0002']);
    expect(byId.get('tpt401')!.assignees[1]).toMatchObject({ id: 'tpu2', realname: '待办用户2', z_realname: '待办用户2' });
    expect(byId.get('tpt1')!.assignees.map((a) => a.username)).toEqual([me]);
    expect(byId.get('tpt3')!).toMatchObject({ owner: '待办用户3', assignees: [{ id: '', username: me, realname: '待办用户1' }] });
  });

  it.each([
    ['no search', undefined],
    ['name search', '差旅'],
  ])('%s: the statement reads no big table in full', async (_label, name) => {
    const c: CompiledQuery = workflowOf(t.app.ctx).queries.todoPageQuery(me, name, 1, 10);
    if (handle.native?.kind === 'sqlite') {
      const native: SQLite.Database = handle.native.sqlite;
      const plan = native.prepare(`EXPLAIN QUERY PLAN ${c.sql}`).all(...(c.parameters as unknown[])) as { detail: string }[];
      const scans = plan.map((p) => p.detail).filter((d) => /^SCAN (t|i|b|c|u|wf_\w+|sys_user)\b/.test(d));
      expect(scans).toEqual([]);
      expect(plan.map((p) => p.detail)).toContain('SEARCH wf_task_candidate USING COVERING INDEX idx_wf_task_candidate_user_open (username=? AND open=?)');
      if (!name) expect(plan.map((p) => p.detail)).toContain('SEARCH t USING COVERING INDEX idx_wf_task_open (id=?)');
    } else if (handle.native?.kind === 'postgres') {
      const pool: pg.Pool = handle.native.pool;
      const res = await pool.query(`EXPLAIN (FORMAT JSON) ${c.sql}`, c.parameters as unknown[]);
      const root = (res.rows[0]['QUERY PLAN'] as { Plan: PgPlan }[])[0].Plan;
      expect(seqScans(root)).toEqual([]);
      expect(indexes(root)).toEqual(expect.arrayContaining(['idx_wf_task_candidate_user_open', ...(name ? [] : ['idx_wf_task_open'])]));
    }
  });
});
