/**
 * Planning a migration: for one running instance, where every waiting position — an open task with its token,
 * a branch waiting at a join, a token at an intermediate timer — lands on the target version, which
 * countersign states and timer jobs move with it, and every reason the instance cannot move (kinds, sub-
 * process scopes, countersign kinds, joins, people rules, merged paths). The plan is read only;
 * migration.service.ts carries it out.
 */
import type { WfMigrationMove } from '@go/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { FlowNode, ProcessModel } from './bpmn.js';
import type { UserBrief } from './directory.js';
import { errorText, type DefMeta, type WorkflowEngine } from './engine.js';
import { evaluateValue, isExpression } from './expression.js';
import { MigrationQueries, type RunningInstance } from './migration.queries.js';
import type { WfToken } from './workflow.tables.js';

export const KIND_TEXT: Record<string, string> = {
  start: '开始事件',
  user: '用户任务',
  end: '结束事件',
  exclusive: '排他网关',
  parallel: '并行网关',
  inclusive: '包容网关',
  pass: '任务',
  sub: '子流程',
  call: '调用活动',
  boundary: '边界事件',
  catch: '定时中间事件',
};
/** Node kinds a position can wait at, and so the kinds a mapping may name. */
export const MAPPABLE = new Set(['user', 'parallel', 'inclusive', 'catch']);

export const label = (n: Pick<FlowNode, 'id' | 'name'>) => `「${n.name || n.id}」(${n.id})`;
export const sameScopes = (a: FlowNode, b: FlowNode) => a.scopes.join('/') === b.scopes.join('/');
export const miName = (nodeId: string) => `mi:${nodeId}`.slice(0, 100);

export interface Versions {
  source: DefMeta;
  target: DefMeta;
  sourceModel: ProcessModel;
  targetModel: ProcessModel;
  mapping: Record<string, string>;
  problems: string[];
}

/** What moves, worked out for one instance against the current rows. */
export interface Plan {
  inst: RunningInstance;
  reasons: string[];
  moves: (WfMigrationMove & { tokenId: string | null; resolved: UserBrief[] | null })[];
  tokens: { token: WfToken; target: string }[];
  /** countersign states to rename (`mi:<source>` → `mi:<target>`) */
  miRenames: [string, string][];
  /** timer jobs to write: boundary timers and due dates new at the target, kept or dropped ones */
  jobs: {
    keep: { id: string; nodeId: string; elementId: string | null }[];
    drop: string[];
    add: {
      type: 'timer' | 'due';
      nodeId: string;
      elementId: string | null;
      taskId: string | null;
      dueTime: number;
    }[];
  };
}

/** Works out where every waiting position of an instance lands on the target version, or why it cannot. */
export class MigrationPlanner {
  constructor(
    private readonly engine: WorkflowEngine,
    private readonly q: MigrationQueries,
  ) {}

  /** The people rules of a user task, as text: the node's rules, else its BPMN assignment, and its initiator opt-out. */
  private async peopleRules(db: Database, procDefId: string, node: FlowNode): Promise<string> {
    const rules = (await this.q.rules(db, procDefId, node.id))
      .map((r) => `${r.type}:${r.relateId ?? ''}`)
      .sort();
    const settings = await this.engine.nodeSettings(db, procDefId, node.id);
    const a = node.assignment;
    const bpmn =
      rules.length || !a
        ? null
        : {
            assignee: a.assignee ?? null,
            users: [...a.candidateUsers].sort(),
            groups: [...a.candidateGroups].sort(),
          };
    return JSON.stringify({ rules, bpmn, allowInitiator: settings.allowInitiator === 1 });
  }

  /** Admin settings over the BPMN marker: is a node a countersign, and which kind. */
  private async multiMode(
    db: Database,
    procDefId: string,
    node: FlowNode,
  ): Promise<'' | 'parallel' | 'sequential'> {
    const mode = (await this.engine.nodeSettings(db, procDefId, node.id)).multiMode ?? '';
    if (mode === 'parallel' || mode === 'sequential') return mode;
    return node.multi ? (node.multi.sequential ? 'sequential' : 'parallel') : '';
  }

  /** A task's name at the target node (an expression name evaluated over the variables, as a new task gets it). */
  private taskName(node: FlowNode, vars: Record<string, unknown>, current: string | null): string {
    if (!isExpression(node.name)) return node.name || node.id;
    try {
      return (String(evaluateValue(node.name, vars) ?? '').trim() || node.id).slice(0, 200);
    } catch {
      // a name over countersign counters (loopCounter…) keeps what the task was called
      return current ?? node.id;
    }
  }

  /**
   * Where every position of an instance lands, or why it cannot (Camunda 7's execution-time validation in
   * this engine's terms): every waiting position needs a target of the same kind in the same sub-process;
   * a call activity waiting for its called process cannot move; a countersign moves only to a countersign
   * of the same kind, and a plain task never to a countersign; a branch waiting at a join needs a gateway of
   * the same kind that has its incoming flow; two positions never merge into one node; a moved task whose
   * target node has other people rules needs someone to go to.
   */
  async plan(db: Database, inst: RunningInstance, v: Versions): Promise<Plan> {
    const plan: Plan = {
      inst,
      reasons: [],
      moves: [],
      tokens: [],
      miRenames: [],
      jobs: { keep: [], drop: [], add: [] },
    };
    const reason = (text: string) => {
      if (!plan.reasons.includes(text)) plan.reasons.push(text);
      return text;
    };
    if (inst.parentId) reason('该实例是调用活动启动的子流程，随调用它的流程运行，不能单独迁移');
    if ((v.target.businessTable ?? '') !== inst.tableName && !inst.parentId)
      reason(`版本${v.target.version}的表单类型与该申请不同，不能迁移`);
    const { tokens, tasks, variables, jobs } = await this.q.state(db, inst.id);
    const vars = { ...variables.form, ...variables.vars };
    const names = await this.engine.dir.realnames(
      [...new Set(tasks.flatMap((x) => [...x.candidates, ...(x.assignee ? [x.assignee] : [])]))],
      db,
    );
    const person = (username: string) => ({ username, realname: names.get(username) ?? username });
    const byTarget = new Map<string, Set<string>>();
    const doneNodes = new Set<string>();

    for (const token of tokens) {
      const sn = v.sourceModel.nodes.get(token.nodeId);
      const targetId = v.mapping[token.nodeId] ?? token.nodeId;
      const tn = v.targetModel.nodes.get(targetId);
      const task = tasks.find((x) => x.tokenId === token.id) ?? null;
      const kind: WfMigrationMove['kind'] =
        token.state === 'join'
          ? 'join'
          : token.state === 'wait'
            ? 'timer'
            : token.state === 'call'
              ? 'call'
              : 'task';
      const people = task ? (task.assignee ? [task.assignee] : task.candidates).map(person) : [];
      const move: Plan['moves'][number] = {
        kind,
        taskId: task?.id ?? null,
        tokenId: token.id,
        sourceNodeId: token.nodeId,
        sourceNodeName: task?.name ?? sn?.name ?? token.nodeId,
        targetNodeId: null,
        targetNodeName: null,
        users: people,
        targetUsers: [],
        people: null,
        reason: null,
        resolved: null,
      };
      plan.moves.push(move);
      const srcLabel = sn ? label(sn) : `「${token.nodeId}」`;
      if (!sn) {
        move.reason = reason(`节点${srcLabel}在版本${v.source.version}中不存在，实例状态异常`);
        continue;
      }
      if (kind === 'call') {
        move.reason = reason(
          `调用活动${srcLabel}正在等待被调用的流程结束，调用活动不能迁移，请在其结束后再迁移`,
        );
        continue;
      }
      if (!tn) {
        move.reason = reason(`节点${srcLabel}在版本${v.target.version}中不存在，请指定映射`);
        continue;
      }
      const want = kind === 'task' ? 'user' : kind === 'timer' ? 'catch' : sn.kind;
      if (tn.kind !== want || (kind === 'timer' && !tn.timer)) {
        move.reason = reason(
          `目标节点${label(tn)}是${KIND_TEXT[tn.kind] ?? tn.kind}，${srcLabel}只能迁移到${KIND_TEXT[want]}`,
        );
        continue;
      }
      if (!sameScopes(sn, tn)) {
        move.reason = reason(`${srcLabel}与目标节点${label(tn)}不在同一个子流程中，迁移不能改变所在的子流程`);
        continue;
      }
      move.targetNodeId = tn.id;
      move.targetNodeName = kind === 'task' ? this.taskName(tn, vars, task?.name ?? null) : tn.name || tn.id;
      plan.tokens.push({ token, target: tn.id });
      const merged = byTarget.get(tn.id) ?? new Set<string>();
      merged.add(sn.id);
      byTarget.set(tn.id, merged);

      if (kind === 'join') {
        if (tn.incoming.length < sn.incoming.length)
          move.reason = reason(`目标网关${label(tn)}的流入连线比${srcLabel}少，等待中的分支可能无法汇聚`);
        else if (token.viaFlow && !tn.incoming.some((f) => f.id === token.viaFlow)) {
          move.reason = reason(
            `汇聚网关${srcLabel}有经连线「${token.viaFlow}」到达、正在等待的分支，目标网关${label(tn)}没有这条流入连线`,
          );
        }
        continue;
      }
      if (kind === 'timer') {
        // the waiting timer keeps its due time (as Camunda keeps a migrated timer's job)
        const job = jobs.find((j) => j.taskId === token.id);
        if (job) plan.jobs.keep.push({ id: job.id, nodeId: tn.id, elementId: tn.id });
        continue;
      }
      // an open user task
      if (!task) {
        move.reason = reason(`节点${srcLabel}没有待办任务，实例状态异常`);
        continue;
      }
      const miState = variables.mi.has(sn.id);
      const sourceMulti = await this.multiMode(db, v.source.id, sn);
      const targetMulti = await this.multiMode(db, v.target.id, tn);
      if (miState && sourceMulti && sourceMulti !== targetMulti) {
        move.reason = reason(
          targetMulti
            ? `会签节点${srcLabel}是${sourceMulti === 'parallel' ? '并行' : '依次'}会签，目标节点${label(tn)}是${targetMulti === 'parallel' ? '并行' : '依次'}会签，会签类型必须相同`
            : `会签节点${srcLabel}正在会签，目标节点${label(tn)}不是会签节点，会签进度无法保留`,
        );
        continue;
      }
      if (miState && !sourceMulti && targetMulti) {
        move.reason = reason(`节点${srcLabel}正在加签，目标节点${label(tn)}是会签节点，加签进度无法保留`);
        continue;
      }
      if (!miState && targetMulti) {
        move.reason = reason(
          `节点${srcLabel}不是会签，目标节点${label(tn)}是会签节点：进行中的任务不能变成会签`,
        );
        continue;
      }
      if (miState && sn.id !== tn.id && !plan.miRenames.some(([from]) => from === sn.id))
        plan.miRenames.push([sn.id, tn.id]);
      // people: kept when the target has the same rules (a countersign keeps each signer's task), else the target's people
      const same =
        miState ||
        (await this.peopleRules(db, v.source.id, sn)) === (await this.peopleRules(db, v.target.id, tn));
      if (same) {
        move.people = 'kept';
        move.targetUsers = people;
      } else {
        try {
          let users = await this.engine.nodePeople(db, v.target.id, tn.id, inst.starter, vars);
          if (!users.length) {
            const settings = await this.engine.nodeSettings(db, v.target.id, tn.id);
            if (settings.emptyPolicy === 'admin')
              users = await this.engine.withoutInitiator(
                db,
                v.target.id,
                tn.id,
                inst.starter,
                await this.engine.dir.admins(db),
              );
          }
          if (!users.length) {
            move.reason = reason(
              `目标节点${label(tn)}没有找到审批人，请先在版本${v.target.version}的节点设置中为其配置审批人`,
            );
            continue;
          }
          move.people = 'resolved';
          move.resolved = users;
          move.targetUsers = users.map((x) => ({ username: x.username, realname: x.realname }));
        } catch (err) {
          move.reason = reason(err instanceof AppError ? err.message : errorText(err));
          continue;
        }
      }
      // timers of the node (once per node): a boundary timer of the same id is kept (its due time too), one the
      // target lacks is removed, one new at the target starts now; a due date likewise per task
      try {
        if (!doneNodes.has(sn.id)) {
          doneNodes.add(sn.id);
          const mine = jobs.filter(
            (j) => j.type === 'timer' && j.nodeId === sn.id && j.elementId && j.elementId !== j.nodeId,
          );
          for (const j of mine) {
            const b = v.targetModel.nodes.get(j.elementId!);
            if (b && b.attachedTo === tn.id && b.timer)
              plan.jobs.keep.push({ id: j.id, nodeId: tn.id, elementId: b.id });
            else plan.jobs.drop.push(j.id);
          }
          for (const bId of tn.boundaries ?? []) {
            if (mine.some((j) => j.elementId === bId)) continue;
            const b = v.targetModel.nodes.get(bId)!;
            if (!b.timer) continue;
            plan.jobs.add.push({
              type: 'timer',
              nodeId: tn.id,
              elementId: b.id,
              taskId: null,
              dueTime: this.engine.timerDue(b.timer, vars, `边界事件「${b.name}」的定时`),
            });
          }
        }
        const due = jobs.find((j) => j.type === 'due' && j.taskId === task.id);
        if (due && tn.due) plan.jobs.keep.push({ id: due.id, nodeId: tn.id, elementId: null });
        else if (due) plan.jobs.drop.push(due.id);
        else if (tn.due)
          plan.jobs.add.push({
            type: 'due',
            nodeId: tn.id,
            elementId: null,
            taskId: task.id,
            dueTime: this.engine.timerDue(tn.due.spec, vars, `用户任务「${tn.name}」的办理期限`),
          });
      } catch (err) {
        move.reason = reason(err instanceof AppError ? err.message : errorText(err));
      }
    }
    for (const [target, sources] of byTarget) {
      if (sources.size < 2) continue;
      const tn = v.targetModel.nodes.get(target)!;
      const list = [...sources].map((s) => label(v.sourceModel.nodes.get(s)!)).join('和');
      reason(`${list}会迁移到同一个节点${label(tn)}，两条路径不能合并为一个节点`);
    }
    if (!tokens.length) reason('该实例没有等待中的节点，无法迁移');
    return plan;
  }
}

export const MISSING = '流程实例不存在、已结束或不在该版本中';
