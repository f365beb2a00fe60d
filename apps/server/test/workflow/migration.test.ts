import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowOf } from '../../src/modules/workflow/workflow.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, deploy, Flow, u } from './wf-helpers.js';

type Preview = {
  problems: string[];
  unmapped: { id: string; name: string; instances: number }[];
  targetNodes: { id: string; name: string; multi: string }[];
  instances: {
    procInstId: string;
    migratable: boolean;
    reasons: string[];
    moves: {
      kind: string;
      sourceNodeId: string;
      targetNodeId: string | null;
      targetNodeName: string | null;
      people: string | null;
      targetUsers: { username: string }[];
      reason: string | null;
    }[];
  }[];
};
type Result = { procInstId: string; success: boolean; message: string };

/** v1: 部门审批 (a) → 财务审批 (b) → end. */
const V1 = (key: string) =>
  bpmn(
    key,
    [
      ['start', 'start'],
      ['a', 'user', '部门审批'],
      ['b', 'user', '财务审批'],
      ['end', 'end'],
    ],
    [
      ['f1', 'start', 'a'],
      ['f2', 'a', 'b'],
      ['f3', 'b', 'end'],
    ],
  );
/** v2: the first node renamed (a2 部门经理审批), and after 财务审批 a new 总经理审批 (c). */
const V2 = (key: string) =>
  bpmn(
    key,
    [
      ['start', 'start'],
      ['a2', 'user', '部门经理审批'],
      ['b', 'user', '财务审批'],
      ['c', 'user', '总经理审批'],
      ['end', 'end'],
    ],
    [
      ['f1', 'start', 'a2'],
      ['f2', 'a2', 'b'],
      ['f3', 'b', 'c'],
      ['f4', 'c', 'end'],
    ],
  );

/** A countersign (会签) node between start and end. */
const CS = (key: string) =>
  bpmn(
    key,
    [
      ['start', 'start'],
      ['cs', 'user', '会签'],
      ['end', 'end'],
    ],
    [
      ['f1', 'start', 'cs'],
      ['f2', 'cs', 'end'],
    ],
  );

/** Two parallel branches joined; `into` names the flows into the join, `after` adds a task after it. */
const JOIN = (key: string, into: [string, string], after = false) =>
  bpmn(
    key,
    [
      ['start', 'start'],
      ['fork', 'and'],
      ['p1', 'user', '分支一'],
      ['p2', 'user', '分支二'],
      ['join', 'and'],
      ...(after ? ([['x', 'user', '汇总审批']] as [string, 'user', string][]) : []),
      ['end', 'end'],
    ],
    [
      ['f0', 'start', 'fork'],
      ['f1', 'fork', 'p1'],
      ['f2', 'fork', 'p2'],
      [into[0], 'p1', 'join'],
      [into[1], 'p2', 'join'],
      ...(after
        ? ([
            ['fx', 'join', 'x'],
            ['fe', 'x', 'end'],
          ] as [string, string, string][])
        : ([['fe', 'join', 'end']] as [string, string, string][])),
    ],
  );

describe.each(dbKinds)('[WORKFLOW] migrating running instances to another version on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
  });
  /** Version 1 of a new process key (applications start on the newest version, so v2 is deployed after they started). */
  const deployV1 = async () => {
    const key = `t_migrate_${++n}`;
    const v1 = await deploy(t, await f.token('admin'), V1(key), { a: u('machao'), b: u('liuyang') });
    return {
      key,
      v1,
      deployV2: async () =>
        deploy(t, await f.token('admin'), V2(key), { a2: u('wangfang'), b: u('liuyang'), c: u('zhangwei') }),
    };
  };
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  const preview = async (body: Record<string, unknown>) => {
    const r = await f.call('admin', 'POST', '/activiti_process/migration/preview', body);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result as Preview;
  };
  const execute = async (body: Record<string, unknown>) => {
    const r = await f.call('admin', 'POST', '/activiti_process/migration/execute', body);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result as Result[];
  };
  const defOf = async (procInstId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('wfInstance')
        .select('procDefId')
        .where('id', '=', procInstId)
        .executeTakeFirstOrThrow()
    ).procDefId;
  const history = async (procInstId: string) =>
    (await f.call('admin', 'GET', `/actTask/historicFlow/${procInstId}`)).body.result.list as {
      type: string;
      typeText: string;
      realname: string;
      comment: string;
      detail: Record<string, unknown> | null;
    }[];
  const messages = async (username: string, procInstTitle: string) => {
    const r = await f.call(
      username,
      'GET',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=200&msgCategory=2',
    );
    expect(r.body.success, r.body.message).toBe(true);
    return (r.body.result.records as { titile: string; msgContent: string }[]).filter(
      (m) => m.titile === `流程迁移：${procInstTitle}`,
    );
  };
  const titleOf = async (procInstId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('wfInstance')
        .select('title')
        .where('id', '=', procInstId)
        .executeTakeFirstOrThrow()
    ).title!;

  it('needs the migration permission', async () => {
    const { v1, deployV2 } = await deployV1();
    const v2 = await deployV2();
    const r = await f.call('machao', 'POST', '/activiti_process/migration/preview', {
      sourceProcDefId: v1,
      targetProcDefId: v2,
      all: true,
    });
    expect(r.status).toBe(403);
    const bad = await f.call('admin', 'POST', '/activiti_process/migration/preview', {
      sourceProcDefId: v1,
      targetProcDefId: v2,
    });
    expect(bad.status).toBe(400);
  });

  it('preview: a node of the same id lands on itself with its people kept; a renamed node without mapping is refused with the reason', async () => {
    const { v1, deployV2 } = await deployV1();
    const atA = await f.start('zhulin', 100, v1);
    const atB = await f.start('zhulin', 100, v1);
    await f.passOk('machao', atB.procInstId, 'a');
    const v2 = await deployV2();
    const p = await preview({
      sourceProcDefId: v1,
      targetProcDefId: v2,
      procInstIds: [atA.procInstId, atB.procInstId],
    });
    expect(p.problems).toEqual([]);
    expect(p.targetNodes.map((n) => n.id).sort()).toEqual(['a2', 'b', 'c']);
    const a = p.instances.find((i) => i.procInstId === atA.procInstId)!;
    expect(a.migratable).toBe(false);
    expect(a.reasons).toEqual(['节点「部门审批」(a)在版本2中不存在，请指定映射']);
    expect(a.moves[0]).toMatchObject({ sourceNodeId: 'a', targetNodeId: null });
    expect(p.unmapped).toEqual([{ id: 'a', name: '部门审批', instances: 1 }]);
    const b = p.instances.find((i) => i.procInstId === atB.procInstId)!;
    expect(b.migratable).toBe(true);
    expect(b.moves).toEqual([
      expect.objectContaining({
        kind: 'task',
        sourceNodeId: 'b',
        targetNodeId: 'b',
        targetNodeName: '财务审批',
        people: 'kept',
        reason: null,
      }),
    ]);
    expect(b.moves[0].targetUsers.map((x) => x.username)).toEqual(['liuyang']);
    // the preview changes nothing
    expect(await defOf(atB.procInstId)).toBe(v1);

    // executing without a mapping moves the one that can, refuses the other with the same reason
    const r = await execute({
      sourceProcDefId: v1,
      targetProcDefId: v2,
      procInstIds: [atA.procInstId, atB.procInstId],
    });
    expect(r.find((x) => x.procInstId === atA.procInstId)).toMatchObject({
      success: false,
      message: '节点「部门审批」(a)在版本2中不存在，请指定映射',
    });
    expect(r.find((x) => x.procInstId === atB.procInstId)).toMatchObject({
      success: true,
      message: '已迁移到版本2',
    });
    expect(await defOf(atA.procInstId)).toBe(v1);
    expect(await defOf(atB.procInstId)).toBe(v2);

    // the moved task completes on the v2 path: after 财务审批 comes 总经理审批 (v1 ended there)
    await f.passOk('liuyang', atB.procInstId, 'b');
    expect(await f.open(atB.procInstId)).toEqual(['c:zhangwei']);
    await f.passOk('zhangwei', atB.procInstId, 'c');
    expect(await f.state(atB.id)).toEqual([2, 2]);
    const h = await history(atB.procInstId);
    const m = h.find((x) => x.type === 'migrate')!;
    expect(m).toMatchObject({
      typeText: '迁移到版本2',
      realname: '管理员',
      comment: '从版本1迁移到版本2：「财务审批」',
    });
    expect(m.detail).toMatchObject({
      fromProcDefId: v1,
      toProcDefId: v2,
      fromVersion: 1,
      toVersion: 2,
      moves: [{ from: 'b', to: 'b', people: 'kept', before: ['liuyang'], after: ['liuyang'] }],
    });
    // history is kept: the v1 steps stay, in order, before the migration
    expect(h.map((x) => x.type)).toEqual(['apply', 'pass', 'migrate', 'pass', 'pass', 'end']);
  });

  it("with a mapping the renamed node takes the task: the target node's people get it, history and notices tell who and what", async () => {
    const { v1, deployV2 } = await deployV1();
    const { id, procInstId } = await f.start('zhulin', 100, v1);
    const v2 = await deployV2();
    const body = {
      sourceProcDefId: v1,
      targetProcDefId: v2,
      procInstIds: [procInstId],
      mapping: { a: 'a2' },
    };
    const p = await preview(body);
    expect(p.instances[0]).toMatchObject({ migratable: true, reasons: [] });
    expect(p.instances[0].moves[0]).toMatchObject({
      sourceNodeId: 'a',
      targetNodeId: 'a2',
      targetNodeName: '部门经理审批',
      people: 'resolved',
    });
    expect(p.instances[0].moves[0].targetUsers.map((x) => x.username)).toEqual(['wangfang']);
    const r = await execute(body);
    expect(r).toEqual([expect.objectContaining({ procInstId, success: true })]);
    expect(await f.open(procInstId)).toEqual(['a2:wangfang']);
    expect(await f.tokens(procInstId)).toEqual(['active@a2']);
    const task = await t.app.ctx.db
      .selectFrom('wfTask')
      .selectAll()
      .where('instId', '=', procInstId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ nodeId: 'a2', name: '部门经理审批', procDefId: v2 });
    // the application's status names the new node
    const form = await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${id}`);
    expect(form.body.result.procDefId).toBe(v2);
    const title = await titleOf(procInstId);
    const gained = await messages('wangfang', title);
    expect(gained).toHaveLength(1);
    expect(gained[0].msgContent).toContain('您的待办「部门审批」现为「部门经理审批」');
    const lost = await messages('machao', title);
    expect(lost).toHaveLength(1);
    expect(lost[0].msgContent).toContain('改由王芳审批');
    // the old approver can no longer act; the new one continues on v2
    const denied = await f.call('machao', 'POST', '/actTask/pass', { id: task.id, comment: '同意', type: 0 });
    expect(denied.body.message).toBe('您不是该任务的审批人，无权处理');
    await f.signOk('wangfang', procInstId, 'a2');
    expect(await f.open(procInstId)).toEqual(['b:liuyang']);
    const h = await history(procInstId);
    expect(h.find((x) => x.type === 'migrate')).toMatchObject({
      comment: '从版本1迁移到版本2：「部门审批」→「部门经理审批」',
    });
    // the applicant sees the history (流程历史) with the migration in it
    const mine = await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`);
    expect((mine.body.result.list as { typeText: string }[]).map((x) => x.typeText)).toContain('迁移到版本2');
  });

  it('a mapping that names a missing node or another kind of node refuses the whole migration', async () => {
    const { v1, deployV2 } = await deployV1();
    const { procInstId } = await f.start('zhulin', 100, v1);
    const v2 = await deployV2();
    const p = await preview({
      sourceProcDefId: v1,
      targetProcDefId: v2,
      procInstIds: [procInstId],
      mapping: { a: 'nope', b: 'end' },
    });
    expect(p.problems).toEqual([
      '映射的目标节点「nope」在版本2中不存在',
      '用户任务「财务审批」(b)不能映射到结束事件「end」(end)：节点类型必须相同',
    ]);
    expect(p.instances[0].migratable).toBe(false);
    const r = await f.call('admin', 'POST', '/activiti_process/migration/execute', {
      sourceProcDefId: v1,
      targetProcDefId: v2,
      procInstIds: [procInstId],
      mapping: { a: 'nope' },
    });
    expect(r.body).toMatchObject({ success: false, message: '映射的目标节点「nope」在版本2中不存在' });
    const same = await f.call('admin', 'POST', '/activiti_process/migration/preview', {
      sourceProcDefId: v1,
      targetProcDefId: v1,
      all: true,
    });
    expect(same.body.message).toBe('目标版本与当前版本相同，请选择其他版本');
  });

  it('a countersign moves only to a countersign of the same kind, keeping who already signed', async () => {
    const admin = await f.token('admin');
    const cs = (multiMode: string) =>
      deploy(t, admin, CS('t_migrate_cs'), { cs: { ...u('machao,lina'), multiMode } });
    const c1 = await cs('parallel');
    const { id, procInstId } = await f.start('zhulin', 100, c1);
    await f.signOk('machao', procInstId, 'cs');
    const plain = await cs('');
    const seq = await cs('sequential');
    const c4 = await cs('parallel');
    expect(await f.open(procInstId)).toEqual(['cs:lina']);
    const toPlain = await preview({ sourceProcDefId: c1, targetProcDefId: plain, procInstIds: [procInstId] });
    expect(toPlain.instances[0].reasons).toEqual([
      '会签节点「会签」(cs)正在会签，目标节点「会签」(cs)不是会签节点，会签进度无法保留',
    ]);
    const toSeq = await preview({ sourceProcDefId: c1, targetProcDefId: seq, procInstIds: [procInstId] });
    expect(toSeq.instances[0].reasons).toEqual([
      '会签节点「会签」(cs)是并行会签，目标节点「会签」(cs)是依次会签，会签类型必须相同',
    ]);
    const refused = await execute({ sourceProcDefId: c1, targetProcDefId: plain, procInstIds: [procInstId] });
    expect(refused[0].success).toBe(false);
    expect(await defOf(procInstId)).toBe(c1);

    const r = await execute({ sourceProcDefId: c1, targetProcDefId: c4, procInstIds: [procInstId] });
    expect(r[0]).toMatchObject({ success: true });
    expect(await f.open(procInstId)).toEqual(['cs:lina']);
    // the countersign state came along: lina's signature completes the node (machao signed on v1)
    await f.signOk('lina', procInstId, 'cs');
    expect(await f.state(id)).toEqual([2, 2]);

    // a plain task never becomes a countersign
    const plain2 = await cs('');
    const p = await f.start('zhulin', 100, plain2);
    const c6 = await cs('parallel');
    const up = await preview({ sourceProcDefId: plain2, targetProcDefId: c6, procInstIds: [p.procInstId] });
    expect(up.instances[0].reasons).toEqual([
      '节点「会签」(cs)不是会签，目标节点「会签」(cs)是会签节点：进行中的任务不能变成会签',
    ]);
  });

  it('a branch waiting at a parallel join moves when the target join has its incoming flow; otherwise it is refused', async () => {
    const admin = await f.token('admin');
    const j1 = await deploy(t, admin, JOIN('t_migrate_join', ['j1', 'j2']), {
      p1: u('machao'),
      p2: u('liuyang'),
    });
    const { id, procInstId } = await f.start('zhulin', 100, j1);
    await f.signOk('machao', procInstId, 'p1');
    const renamed = await deploy(t, admin, JOIN('t_migrate_join', ['k1', 'k2']), {
      p1: u('machao'),
      p2: u('liuyang'),
    });
    const longer = await deploy(t, admin, JOIN('t_migrate_join', ['j1', 'j2'], true), {
      p1: u('machao'),
      p2: u('liuyang'),
      x: u('zhangwei'),
    });
    expect(await f.tokens(procInstId)).toEqual(['active@p2', 'join@join']);
    const bad = await preview({ sourceProcDefId: j1, targetProcDefId: renamed, procInstIds: [procInstId] });
    expect(bad.instances[0].reasons).toEqual([
      '汇聚网关「join」(join)有经连线「j1」到达、正在等待的分支，目标网关「join」(join)没有这条流入连线',
    ]);
    expect(bad.instances[0].moves.map((m) => m.kind).sort()).toEqual(['join', 'task']);
    const r = await execute({ sourceProcDefId: j1, targetProcDefId: longer, procInstIds: [procInstId] });
    expect(r[0]).toMatchObject({ success: true });
    await f.signOk('liuyang', procInstId, 'p2');
    // the join fires with the branch that waited since v1, and v2's new step follows
    expect(await f.open(procInstId)).toEqual(['x:zhangwei']);
    await f.signOk('zhangwei', procInstId, 'x');
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('all of a version: only running instances of that version are taken', async () => {
    const admin = await f.token('admin');
    const k1 = await deploy(t, admin, V1('t_migrate_all'), { a: u('machao'), b: u('liuyang') });
    const runs = [
      await f.start('zhulin', 100, k1),
      await f.start('dongjian', 100, k1),
      await f.start('zhulin', 100, k1),
    ];
    const ended = await f.start('zhulin', 100, k1);
    await f.passOk('machao', ended.procInstId, 'a');
    await f.passOk('liuyang', ended.procInstId, 'b');
    const k2 = await deploy(t, admin, V1('t_migrate_all'), { a: u('machao'), b: u('liuyang') });
    const p = await preview({ sourceProcDefId: k1, targetProcDefId: k2, all: true });
    expect(p.instances.map((i) => i.procInstId).sort()).toEqual(runs.map((x) => x.procInstId).sort());
    const r = await execute({ sourceProcDefId: k1, targetProcDefId: k2, all: true });
    expect(r.every((x) => x.success)).toBe(true);
    for (const x of runs) expect(await defOf(x.procInstId)).toBe(k2);
    expect(await defOf(ended.procInstId)).toBe(k1);
    // people rules are the same (carried over): the task keeps its approver
    for (const x of runs) expect(await f.open(x.procInstId)).toEqual(['a:machao']);
  });

  it('due dates follow the target node: kept when it has one, removed when it has none, started when it is new', async () => {
    const engine = workflowOf(t.app.ctx).engine;
    const clock = Date.UTC(2026, 10, 2, 1, 0, 0);
    const before = engine.clock;
    engine.clock = () => clock;
    try {
      const admin = await f.token('admin');
      const withDue = (due: string | null) =>
        V1('t_migrate_due')
          .replace('xmlns:xsi=', 'xmlns:activiti="http://activiti.org/bpmn" xmlns:xsi=')
          .replace(
            '<userTask id="b" name="财务审批"/>',
            `<userTask id="b" name="财务审批"${due ? ` activiti:dueDate="${due}"` : ''}/>`,
          );
      const d1 = await deploy(t, admin, withDue('P1D'), { a: u('machao'), b: u('liuyang') });
      const { procInstId } = await f.start('zhulin', 100, d1);
      await f.passOk('machao', procInstId, 'a');
      const dues = async () =>
        (
          await t.app.ctx.db
            .selectFrom('wfJob')
            .select(['type', 'nodeId', 'dueTime'])
            .where('instId', '=', procInstId)
            .execute()
        ).map((j) => `${j.type}@${j.nodeId}:${(j.dueTime - clock) / 86_400_000}d`);
      expect(await dues()).toEqual(['due@b:1d']);
      const d2 = await deploy(t, admin, withDue('P5D'), { a: u('machao'), b: u('liuyang') });
      expect(
        (await execute({ sourceProcDefId: d1, targetProcDefId: d2, procInstIds: [procInstId] }))[0].success,
      ).toBe(true);
      // the task keeps its due date (as Camunda keeps a migrated task's properties)
      expect(await dues()).toEqual(['due@b:1d']);
      const d3 = await deploy(t, admin, withDue(null), { a: u('machao'), b: u('liuyang') });
      expect(
        (await execute({ sourceProcDefId: d2, targetProcDefId: d3, procInstIds: [procInstId] }))[0].success,
      ).toBe(true);
      expect(await dues()).toEqual([]);
      const d4 = await deploy(t, admin, withDue('P3D'), { a: u('machao'), b: u('liuyang') });
      expect(
        (await execute({ sourceProcDefId: d3, targetProcDefId: d4, procInstIds: [procInstId] }))[0].success,
      ).toBe(true);
      expect(await dues()).toEqual(['due@b:3d']);
      await f.passOk('liuyang', procInstId, 'b');
      expect(await dues()).toEqual([]);
    } finally {
      engine.clock = before;
    }
  });

  it('a pass racing a migration: one wins before the other, never half', async () => {
    for (let round = 0; round < 4; round++) {
      const { v1, deployV2 } = await deployV1();
      const { procInstId } = await f.start('zhulin', 100, v1);
      await f.passOk('machao', procInstId, 'a');
      const v2 = await deployV2();
      const taskId = await f.taskId(procInstId, 'b');
      const [pass, mig] = await Promise.all([
        f.call('liuyang', 'POST', '/actTask/pass', { id: taskId, comment: '同意', type: 0 }),
        f.call('admin', 'POST', '/activiti_process/migration/execute', {
          sourceProcDefId: v1,
          targetProcDefId: v2,
          procInstIds: [procInstId],
        }),
      ]);
      expect(pass.body.success, pass.body.message).toBe(true);
      const item = (mig.body.result as Result[])[0];
      const inst = await t.app.ctx.db
        .selectFrom('wfInstance')
        .selectAll()
        .where('id', '=', procInstId)
        .executeTakeFirstOrThrow();
      if (item.success) {
        // migrated first: the pass ran on v2 and reached 总经理审批
        expect(inst).toMatchObject({ procDefId: v2, state: 'running' });
        expect(await f.open(procInstId)).toEqual(['c:zhangwei']);
      } else {
        // passed first on v1 (which ends after 财务审批): nothing left to migrate
        expect(item.message).toBe('流程实例不存在、已结束或不在该版本中');
        expect(inst).toMatchObject({ procDefId: v1, state: 'passed' });
      }
    }
    await assertConsistent(t);
  });
});
