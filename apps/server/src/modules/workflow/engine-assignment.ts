/**
 * Assignment resolution: who may get a task of a node — the node's settings and rules (kept a few seconds per
 * app instance), else the BPMN assignment (assignee, candidate users and groups, expressions) — the rule that
 * the applicant never approves their own application unless the node allows it, and the users a request names.
 */
import type { Database } from '../../platform/db/database.js';
import { businessError } from '../../platform/http/errors.js';
import { MODELER_INITIATOR, type FlowNode } from './bpmn.js';
import type { UserBrief } from './directory.js';
import { evaluateValue, isExpression } from './expression.js';
import type { WfNode, WfTask } from './workflow.tables.js';
import { WF_TEXT, splitUsers, toList } from './engine-shared.js';
import { EngineHistory } from './engine-history.js';

/**
 * Node settings and rules change rarely (the admin screen); each instance keeps them a few seconds.
 * The instance that saves a change forgets its copy at once; other instances within NODE_CACHE_MS.
 */
const NODE_CACHE_MS = 5000;
const settingsCache = new Map<string, { at: number; value: WfNode }>();
const rulesCache = new Map<string, { at: number; value: { type: number; relateId: string | null }[] }>();

export function forgetNodeCache(): void {
  settingsCache.clear();
  rulesCache.clear();
}

export abstract class EngineAssignment extends EngineHistory {
  async nodeSettings(db: Database, procDefId: string, nodeId: string): Promise<WfNode> {
    const key = `${procDefId}\u0000${nodeId}`;
    const hit = settingsCache.get(key);
    if (hit && hit.at > Date.now() - NODE_CACHE_MS) return hit.value;
    const row = await db
      .selectFrom('wfNode')
      .selectAll()
      .where('procDefId', '=', procDefId)
      .where('nodeId', '=', nodeId)
      .executeTakeFirst();
    const value = row ?? this.defaultSettings(procDefId, nodeId);
    settingsCache.set(key, { at: Date.now(), value });
    return value;
  }

  protected defaultSettings(procDefId: string, nodeId: string): WfNode {
    return (
      {
        id: '',
        procDefId,
        nodeId,
        name: null,
        type: 1,
        sortOrder: 0,
        emptyPolicy: 'admin',
        repeatPolicy: 'again',
        chooseMark: 0,
        commentRequired: 0,
        multiMode: '',
        passRatio: 100,
        decisionFields: null,
        allowInitiator: 0,
      }
    );
  }

  /**
   * Candidate users of a user task (no policies applied): the node's rules when it has any, else the
   * BPMN assignment (assignee, candidateUsers, candidateGroups as role codes, humanPerformer/potentialOwner,
   * expressions over the variables such as `${initiator}`).
   */
  async nodeCandidates(db: Database, procDefId: string, nodeId: string, starter: string, vars: Record<string, unknown>): Promise<UserBrief[]> {
    const rules = await this.nodeRules(db, procDefId, nodeId);
    if (rules.length) return this.dir.candidates(rules, { starter, vars }, db);
    const node = (await this.model({ id: procDefId }, db)).nodes.get(nodeId);
    const a = node?.assignment;
    if (!node || !a) return [];
    const values = (texts: string[], what: string) => texts.flatMap((t) => this.assignmentValues(node, t, vars, what, starter));
    const assignees = a.assignee ? values([a.assignee], '处理人') : [];
    const users = [...assignees, ...values(a.candidateUsers, '候选人')];
    const groups = values(a.candidateGroups, '候选组');
    const out = new Map<string, UserBrief>();
    for (const u of users.length ? await this.dir.byUsernames([...new Set(users)], db) : []) out.set(u.username, u);
    if (a.assignee) {
      // an assignee that names nobody of the directory never falls back to somebody else: the command stops
      const unknown = assignees.filter((x) => !out.has(x));
      if (!assignees.length || unknown.length) {
        throw businessError(
          `用户任务「${node.name}」(${node.id})的处理人「${a.assignee}」${assignees.length ? `是「${unknown.join('、')}」，不是系统中的用户` : '没有得到任何用户'}，流程无法继续，请联系管理员检查流程定义`,
        );
      }
    }
    for (const u of groups.length ? await this.dir.roleMembers([...new Set(groups)], db) : []) if (!out.has(u.username)) out.set(u.username, u);
    return [...out.values()];
  }

  protected async nodeRules(db: Database, procDefId: string, nodeId: string): Promise<{ type: number; relateId: string | null }[]> {
    const key = `${procDefId}\u0000${nodeId}`;
    const cached = rulesCache.get(key);
    if (cached && cached.at > Date.now() - NODE_CACHE_MS) return cached.value;
    const rules = await db
      .selectFrom('wfNodeRule')
      .select(['type', 'relateId'])
      .where('procDefId', '=', procDefId)
      .where('nodeId', '=', nodeId)
      .orderBy('id')
      .execute();
    rulesCache.set(key, { at: Date.now(), value: rules });
    return rules;
  }

  /**
   * May the applicant be among a node's people? Only when the node opted out of the initiator rule
   * (`allowInitiator`, e.g. a 重新提交 step) or its people are explicitly the initiator: a rule of type 3,
   * or — without rules — a BPMN assignment that is the initiator variable (`${initiator}`, or the start
   * event's `activiti:initiator` variable such as `${applyUserId}`).
   */
  async initiatorAllowed(db: Database, procDefId: string, nodeId: string): Promise<boolean> {
    const settings = await this.nodeSettings(db, procDefId, nodeId);
    if (settings.allowInitiator === 1) return true;
    const rules = await this.nodeRules(db, procDefId, nodeId);
    if (rules.length) return rules.some((r) => r.type === 3);
    const model = await this.model({ id: procDefId }, db);
    const a = model.nodes.get(nodeId)?.assignment;
    if (!a) return false;
    const names = new Set(['initiator', ...(model.initiatorVar ? [model.initiatorVar] : [])]);
    return [...(a.assignee ? [a.assignee] : []), ...a.candidateUsers].some((text) => {
      if (text.trim() === MODELER_INITIATOR) return true;
      const m = /^\s*[$#]\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\s*$/.exec(text);
      return !!m && names.has(m[1]);
    });
  }

  /** `users` without the applicant, unless the node allows the initiator (see `initiatorAllowed`). */
  async withoutInitiator(db: Database, procDefId: string, nodeId: string, starter: string, users: UserBrief[]): Promise<UserBrief[]> {
    if (!users.some((u) => u.username === starter)) return users;
    if (await this.initiatorAllowed(db, procDefId, nodeId)) return users;
    return users.filter((u) => u.username !== starter);
  }

  /** The people of a node as tasks get them: its candidates without the applicant (unless the node allows them). */
  async nodePeople(db: Database, procDefId: string, nodeId: string, starter: string, vars: Record<string, unknown>): Promise<UserBrief[]> {
    return this.withoutInitiator(db, procDefId, nodeId, starter, await this.nodeCandidates(db, procDefId, nodeId, starter, vars));
  }

  /** Refuses handing a task of `instStarter`'s application to the applicant (delegate, transfer, add-sign, reassign). */
  protected async refuseInitiator(db: Database, task: WfTask, starter: string, usernames: string[], message: string): Promise<void> {
    if (!usernames.includes(starter)) return;
    if (await this.initiatorAllowed(db, task.procDefId, task.nodeId)) return;
    throw businessError(message);
  }

  /**
   * One assignment text: a literal name, `$INITIATOR` (the Flowable modeler's "the user who started"), or an
   * expression — whole or composite (`kermit_${loopCounter}`) — giving a name, a comma-separated list or an array.
   */
  protected assignmentValues(node: FlowNode, text: string, vars: Record<string, unknown>, what: string, starter: string): string[] {
    if (text.trim() === MODELER_INITIATOR) return [starter];
    if (!isExpression(text)) return [text];
    let v: unknown;
    try {
      v = evaluateValue(text, vars);
    } catch (err) {
      throw this.expressionFailure(err, `用户任务「${node.name}」的${what}表达式 ${text}`);
    }
    return toList(v).map((x) => String(x).trim()).filter(Boolean);
  }

  protected async chosenUsers(trx: Database, assignees: string | undefined): Promise<UserBrief[] | null> {
    const names = splitUsers(assignees);
    if (!names.length) return null;
    const users = await this.dir.byUsernames(names, trx);
    if (users.length !== names.length) throw businessError(WF_TEXT.UNKNOWN_USER);
    return users;
  }

  protected async usersNamed(trx: Database, refs: string[], self?: string): Promise<UserBrief[]> {
    const names = [...new Set(refs.map((x) => x.trim()).filter(Boolean))];
    if (!names.length) throw businessError(WF_TEXT.NEED_APPROVER);
    const out: UserBrief[] = [];
    for (const n of names) {
      const u = await this.dir.find(n, trx);
      if (!u) throw businessError(WF_TEXT.UNKNOWN_USER);
      if (self && u.username === self) throw businessError('不能选择自己');
      if (!out.some((x) => x.username === u.username)) out.push(u);
    }
    return out;
  }
}
