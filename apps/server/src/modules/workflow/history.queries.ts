/**
 * History of an instance: the timeline of its steps with their texts (`ACTION_TEXT`, `OUTCOME_TEXT`), the
 * tasks with their people, the node and flow states the diagram colours, the signatures, the called processes,
 * and whether a user took part in it (which opens the history and the copy action to them).
 */
import type { Database } from '../../platform/db/database.js';
import { parseDateTime } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import type { WorkflowEngine } from './engine.js';

export const ACTION_TEXT: Record<string, string> = {
  apply: '提交申请',
  pass: '审批通过',
  back: '审批驳回',
  return: '退回',
  delegate: '委托',
  cancel: '撤回',
  auto: '自动通过',
  skip: '自动跳过',
  end: '流程结束',
  veto: '会签不同意',
  fallback: '转给管理员',
  transfer: '转办',
  addsign: '加签',
  cc: '抄送',
  urge: '催办',
  terminate: '管理员终止',
  reassign: '重新分配',
  call: '调用子流程',
  callEnd: '子流程结束',
  start: '子流程开始',
  timer: '定时器触发',
  timeout: '超时处理',
  remind: '到期提醒',
  migrate: '迁移到新版本',
};

export const OUTCOME_TEXT: Record<string, string> = {
  pass: '审批通过',
  auto: '自动通过',
  back: '审批驳回',
  return: '退回',
  returned: '已退回',
  rejected: '审批驳回',
  canceled: '发起人撤回',
  skipped: '无需审批',
  timeout: '已超时',
};

/** The history of an instance as the history dialog and the application view read it. */
export class WorkflowHistory {
  constructor(
    private readonly db: Database,
    private readonly engine: WorkflowEngine,
  ) {}

  /** Whether the user took part in the instance (applicant, candidate, assignee, owner or executor). */
  async participates(procInstId: string, username: string): Promise<boolean> {
    const inst = await this.db.selectFrom('wfInstance').select('starter').where('id', '=', procInstId).executeTakeFirst();
    if (!inst) return false;
    if (inst.starter === username) return true;
    const cand = await this.db
      .selectFrom('wfTaskCandidate')
      .select('id')
      .where('instId', '=', procInstId)
      .where('username', '=', username)
      .executeTakeFirst();
    if (cand) return true;
    const t = await this.db
      .selectFrom('wfTask')
      .select('id')
      .where('instId', '=', procInstId)
      .where((eb) => eb.or([eb('executor', '=', username), eb('owner', '=', username), eb('assignee', '=', username)]))
      .executeTakeFirst();
    return !!t;
  }

  /** `/actTask/historicFlow/{procInstId}`: the timeline, the tasks, the node states and the BPMN XML. */
  async historicFlow(procInstId: string) {
    const inst = await this.db.selectFrom('wfInstance').selectAll().where('id', '=', procInstId).executeTakeFirst();
    if (!inst) throw businessError('流程实例不存在');
    const def = await this.engine.definition(this.db, inst.procDefId);
    const model = await this.engine.model(def);
    const business = await this.db.selectFrom('wfBusiness').selectAll().where('id', '=', inst.businessId).executeTakeFirst();
    const actions = await this.db.selectFrom('wfAction').selectAll().where('instId', '=', procInstId).orderBy('createTime').orderBy('id').execute();
    const tasks = await this.db.selectFrom('wfTask').selectAll().where('instId', '=', procInstId).orderBy('createTime').orderBy('id').execute();
    const cands = tasks.length
      ? await this.db.selectFrom('wfTaskCandidate').select(['taskId', 'username']).where('instId', '=', procInstId).execute()
      : [];
    const names = await this.engine.dir.realnames([
      ...cands.map((c) => c.username),
      ...tasks.flatMap((t) => [t.executor ?? '', t.owner ?? '', t.assignee ?? '']),
    ]);
    const rn = (u: string | null) => (u ? (names.get(u) ?? u) : null);
    const signs = await this.db.selectFrom('wfNodeSign').selectAll().where('instId', '=', procInstId).orderBy('signTime').orderBy('id').execute();

    const done = new Set<string>([model.startId]);
    for (const t of tasks) if (t.status === 1 && ['pass', 'auto'].includes(t.outcome ?? '')) done.add(t.nodeId);
    const current = [...new Set(tasks.filter((t) => t.status === 0).map((t) => t.nodeId))];
    // exactly the end events reached (the `end` entry lists every end a branch reached)
    for (const a of actions) {
      // a boundary timer that fired, a call activity entered
      if ((a.action === 'timer' || a.action === 'call') && a.nodeId) done.add(a.nodeId);
      if (a.action !== 'end') continue;
      if (a.nodeId) done.add(a.nodeId);
      const ends = a.detail ? (JSON.parse(a.detail) as { ends?: string[] }).ends : undefined;
      for (const e of ends ?? []) done.add(e);
    }
    // an embedded sub-process is entered once anything inside it was reached
    for (const id of [...done, ...current]) for (const sc of model.nodes.get(id)?.scopes ?? []) done.add(sc);
    // Gateways passed through: entered from a done node and leading to a done or current node.
    for (let changed = true; changed; ) {
      changed = false;
      for (const n of model.nodes.values()) {
        if (n.kind === 'sub' && n.innerStart && done.has(n.id) && !done.has(n.innerStart)) {
          done.add(n.innerStart);
          changed = true;
        }
        if (done.has(n.id) || n.kind === 'user' || n.kind === 'end') continue;
        if (n.incoming.some((f) => done.has(f.source)) && n.outgoing.some((f) => done.has(f.target) || current.includes(f.target))) {
          done.add(n.id);
          changed = true;
        }
      }
    }
    const flowsDone: string[] = [];
    for (const n of model.nodes.values()) for (const f of n.outgoing) if (done.has(f.source) && (done.has(f.target) || current.includes(f.target))) flowsDone.push(f.id);

    const duration = (a: string | null, b: string | null) => {
      if (!a || !b) return null;
      const ms = parseDateTime(b) - parseDateTime(a);
      return Number.isFinite(ms) ? ms : null;
    };
    return {
      procInstId: inst.id,
      procDefId: inst.procDefId,
      processName: def.name,
      title: inst.title,
      applyer: inst.starterName ?? inst.starter,
      state: inst.state,
      status: business?.status ?? null,
      result: business?.result ?? null,
      startTime: inst.startTime,
      endTime: inst.endTime,
      xml: await this.engine.xml(def.id),
      doneNodes: [...done],
      currentNodes: current,
      doneFlows: flowsDone,
      list: actions.map((a) => {
        const detail = a.detail ? (JSON.parse(a.detail) as Record<string, unknown>) : null;
        let typeText = ACTION_TEXT[a.action] ?? a.action;
        if (a.action === 'return' && detail?.targetName) typeText = `退回至「${String(detail.targetName)}」`;
        if (a.action === 'delegate' && detail?.toName) typeText = `委托给 ${String(detail.toName)}`;
        if (a.action === 'transfer' && detail?.toName) typeText = `转办给 ${String(detail.toName)}`;
        if (['addsign', 'cc', 'reassign'].includes(a.action) && Array.isArray(detail?.names)) typeText = `${ACTION_TEXT[a.action]} ${(detail.names as string[]).join('、')}`;
        if (a.action === 'migrate' && typeof detail?.toVersion === 'number') typeText = `迁移到版本${detail.toVersion}`;
        return {
          id: a.id,
          key: a.nodeId,
          name: a.nodeName,
          type: a.action,
          typeText,
          username: a.username,
          realname: a.realname ?? (a.username ? rn(a.username) : '系统'),
          comment: a.comment,
          detail,
          createTime: a.createTime,
        };
      }),
      tasks: tasks.map((t) => {
        const list = cands.filter((c) => c.taskId === t.id).map((c) => c.username);
        const people = [...new Set([...(t.assignee ? [t.assignee] : []), ...list])];
        return {
          id: t.id,
          key: t.nodeId,
          name: t.name,
          status: t.status,
          outcome: t.outcome,
          deleteReason: t.status === 0 ? '待审批' : (OUTCOME_TEXT[t.outcome ?? ''] ?? t.outcome),
          executor: t.executor,
          executorName: rn(t.executor),
          owner: rn(t.owner),
          comment: t.comment,
          createTime: t.createTime,
          endTime: t.endTime,
          duration: duration(t.createTime, t.endTime),
          assignees: people.map((u) => ({ username: u, realname: rn(u), isExecutor: u === t.executor })),
        };
      }),
      signs: signs.map((s) => ({ key: s.nodeId, name: s.nodeName, username: s.username, realname: s.realname, signTime: s.signTime, value: s.value })),
      // processes started by call activities of this instance (each has its own history), and the caller
      parentId: inst.parentId ?? null,
      subProcesses: await this.subProcesses(inst.id),
    };
  }

  private async subProcesses(procInstId: string) {
    const rows = await this.db
      .selectFrom('wfInstance as i')
      .innerJoin('wfDefinition as d', 'd.id', 'i.procDefId')
      .select(['i.id', 'i.procDefId', 'd.name', 'i.parentNodeId', 'i.state', 'i.startTime', 'i.endTime'])
      .where('i.parentId', '=', procInstId)
      .orderBy('i.startTime')
      .orderBy('i.id')
      .execute();
    return rows.map((r) => ({ procInstId: r.id, procDefId: r.procDefId, processName: r.name, callNode: r.parentNodeId, state: r.state, startTime: r.startTime, endTime: r.endTime }));
  }
}
