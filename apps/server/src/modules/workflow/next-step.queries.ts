/**
 * The next step as the submit and approve dialogs preview it: what follows a node (following gateway
 * conditions on the form data, a parallel gateway's branches, the end), the people of a node filtered by the
 * claimed company, how each user task is signed (the rule lives in signing.ts), the approvers of the claimed
 * company a pass sends when it names none, and who approved a node before (returning to it).
 */
import { companyOf, GROUP_COMPANY } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { businessError } from '../../platform/http/errors.js';
import type { FlowNode } from './bpmn.js';
import type { UserBrief } from './directory.js';
import type { WorkflowEngine } from './engine.js';
import type { FormRegistry } from './form-registry.js';
import { signInfoOf, type SignInfo } from './signing.js';

export interface NextNodeInput {
  procDefId?: string;
  currActId?: string;
  procInstId?: string;
  claimOrgCodeValue?: string;
  /** form row id, to evaluate gateway conditions before the process starts */
  tableId?: string;
}

export type NextUser = {
  id: string;
  username: string;
  realname: string;
  mainOrgCode: string;
};

export type NextNodeResult = Partial<SignInfo> & {
  id: string | null;
  type: number;
  title: string;
  users: NextUser[];
  chooseMark: number;
  usersMark: number;
  z_type: string;
  /** for a parallel gateway: the user tasks of every branch */
  branches?: ({ id: string; title: string; users: NextUser[] } & SignInfo)[];
};

function toNextUser(u: UserBrief): NextUser {
  return { id: u.id, username: u.username, realname: u.realname, mainOrgCode: u.orgCode };
}

/** The next step of an application or a task, and the people of a node, as the dialogs preview them. */
export class NextStepQueries {
  constructor(
    private readonly db: Database,
    private readonly engine: WorkflowEngine,
    private readonly forms: FormRegistry,
  ) {}

  /**
   * The next node's approvers of the claimed company (getNextNode with `claimOrgCodeValue`), as a comma list,
   * when the pass names none: undefined when the next node is not one user task, nobody of that company is
   * among its approvers (the node's own approvers then apply), or the claim is group level (no filter).
   */
  async companyApprovers(username: string, taskId: string, claim: string): Promise<string | undefined> {
    if (claim.startsWith('A01')) return undefined;
    try {
      const task = await this.db.selectFrom('wfTask').select(['instId', 'nodeId']).where('id', '=', taskId).where('status', '=', 0).executeTakeFirst();
      if (!task) return undefined;
      const next = await this.nextNode(username, { procInstId: task.instId, currActId: task.nodeId, claimOrgCodeValue: claim });
      if (next.type !== 1 && next.type !== 3) return undefined;
      const users = next.users.map((u) => u.username).filter(Boolean);
      return users.length ? users.join(',') : undefined;
    } catch {
      return undefined;
    }
  }

  private filterCompany(users: UserBrief[], claimOrgCodeValue?: string): UserBrief[] {
    const company = companyOf(claimOrgCodeValue);
    if (!company || company === GROUP_COMPANY) return users;
    return users.filter((u) => u.orgCode.startsWith(company));
  }

  /**
   * `/activiti_process/getNextNode`: what follows `currActId` (the start when blank), following gateway
   * conditions on the form data; users filtered by company via `claimOrgCodeValue` (A01: no filter).
   */
  async nextNode(username: string, input: NextNodeInput): Promise<NextNodeResult> {
    let procDefId = input.procDefId ?? '';
    let starter = username;
    let vars: Record<string, unknown> = {};
    let tableName = '';
    if (input.procInstId) {
      const inst = await this.db.selectFrom('wfInstance').selectAll().where('id', '=', input.procInstId).executeTakeFirst();
      if (!inst) throw businessError('流程实例不存在');
      procDefId = inst.procDefId;
      starter = inst.starter;
      const v = await this.db.selectFrom('wfVariable').select('value').where('instId', '=', inst.id).where('name', '=', 'form').executeTakeFirst();
      vars = v?.value ? (JSON.parse(v.value) as Record<string, unknown>) : {};
      const b = await this.db.selectFrom('wfBusiness').select(['tableName', 'tableId']).where('id', '=', inst.businessId).executeTakeFirst();
      tableName = b?.tableName ?? '';
      const form = this.forms.get(tableName);
      const fresh = b && form ? await form.load(this.db, b.tableId) : undefined;
      if (fresh) vars = { ...vars, ...fresh };
    }
    if (!procDefId) throw businessError('流程定义不存在');
    const def = await this.engine.definition(this.db, procDefId);
    tableName = tableName || def.businessTable || '';
    const form = this.forms.get(tableName);
    if (!input.procInstId && input.tableId && form) {
      const business = await this.db.selectFrom('wfBusiness').select(['userId']).where('tableId', '=', input.tableId).executeTakeFirst();
      if (business) starter = business.userId;
      vars = { ...((await form.load(this.db, input.tableId)) ?? {}), tableId: input.tableId, initiator: starter };
    }
    const model = await this.engine.model(def);
    // before the instance exists, the applicant is the initiator and the start event's initiator variable (as at apply)
    if (!input.procInstId) vars = { ...vars, initiator: starter, ...(model.initiatorVar ? { [model.initiatorVar]: starter } : {}) };
    const from = model.nodes.get(input.currActId || model.startId);
    if (!from) throw businessError('流程节点不存在');
    const endUser: NextUser = { id: '', username: '', realname: form?.endLabel ?? '流程结束', mainOrgCode: '' };
    const z_type = tableName;

    const usersOf = async (n: FlowNode) =>
      this.filterCompany(await this.engine.nodePeople(this.db, def.id, n.id, starter, vars), input.claimOrgCodeValue).map(toNextUser);
    const chooseOf = async (n: FlowNode) => (await this.engine.nodeSettings(this.db, def.id, n.id)).chooseMark;
    const signOf = async (n: FlowNode) => signInfoOf(n, await this.engine.nodeSettings(this.db, def.id, n.id));

    let flows: { target: string }[];
    try {
      flows = this.engine.selectFlows(from, vars);
    } catch {
      flows = from.outgoing.slice(0, 1);
    }
    if (!flows.length) {
      // a node without any outgoing flow ends its path when left (implicit end, docs/workflow.md "End events")
      if (!from.outgoing.length && from.kind !== 'start') {
        return { id: from.id, type: 2, title: endUser.realname, users: [endUser], chooseMark: 0, usersMark: 0, z_type };
      }
      throw businessError('当前节点没有后续节点');
    }
    let first = model.nodes.get(flows[0].target)!;
    // an embedded sub-process is entered at its start event
    for (let i = 0; i < 10 && first.kind === 'sub' && first.innerStart; i++) {
      const inner = model.nodes.get(first.innerStart)!;
      first = model.nodes.get(inner.outgoing[0]?.target ?? inner.id)!;
    }
    if (first.kind === 'user') {
      const users = await usersOf(first);
      return { id: first.id, type: 1, title: first.name, users, chooseMark: await chooseOf(first), usersMark: users.length ? 1 : 0, z_type, ...(await signOf(first)) };
    }
    if (first.kind === 'end') return { id: first.id, type: 2, title: first.name, users: [endUser], chooseMark: 0, usersMark: 0, z_type };
    if (first.kind === 'parallel') {
      const branches = [];
      for (const f of first.outgoing) {
        const n = model.nodes.get(f.target)!;
        if (n.kind === 'user') branches.push({ id: n.id, title: n.name, users: await usersOf(n), ...(await signOf(n)) });
      }
      return { id: first.id, type: 4, title: first.name, users: [], chooseMark: 0, usersMark: 0, z_type, branches };
    }
    // Exclusive gateway (and pass-through elements): follow the conditions to the node that is reached.
    let cur: FlowNode = first;
    for (let i = 0; i < 50 && cur.kind !== 'user' && cur.kind !== 'end' && cur.kind !== 'parallel'; i++) {
      let next: { target: string }[];
      try {
        next = this.engine.selectFlows(cur, vars);
      } catch {
        next = [];
      }
      if (!next.length && !cur.outgoing.length) return { id: cur.id, type: 3, title: endUser.realname, users: [endUser], chooseMark: 0, usersMark: 0, z_type };
      if (!next.length) return { id: first.id, type: 3, title: first.name, users: [], chooseMark: 0, usersMark: 0, z_type };
      cur = model.nodes.get(next[0].target)!;
      if (cur.kind === 'sub' && cur.innerStart) cur = model.nodes.get(cur.innerStart)!;
    }
    if (cur.kind === 'end') return { id: cur.id, type: 3, title: cur.name, users: [endUser], chooseMark: 0, usersMark: 0, z_type };
    if (cur.kind === 'user') {
      const users = await usersOf(cur);
      return { id: cur.id, type: 3, title: cur.name, users, chooseMark: await chooseOf(cur), usersMark: users.length ? 1 : 0, z_type, ...(await signOf(cur)) };
    }
    return { id: cur.id, type: 3, title: cur.name, users: [], chooseMark: 0, usersMark: 0, z_type };
  }

  /** `/activiti_process/getNode/{nodeId}`: a node's configured approvers. */
  async nodeUsers(username: string, nodeId: string, input: { procDefId?: string; procInstId?: string; claimOrgCodeValue?: string }) {
    let procDefId = input.procDefId ?? '';
    let starter = username;
    let vars: Record<string, unknown> = {};
    if (input.procInstId) {
      const inst = await this.db.selectFrom('wfInstance').selectAll().where('id', '=', input.procInstId).executeTakeFirst();
      if (inst) {
        procDefId = inst.procDefId;
        starter = inst.starter;
        const v = await this.db.selectFrom('wfVariable').select('value').where('instId', '=', inst.id).where('name', '=', 'form').executeTakeFirst();
        vars = v?.value ? (JSON.parse(v.value) as Record<string, unknown>) : {};
      }
    }
    if (!procDefId) {
      const hit = await this.db
        .selectFrom('wfNode')
        .innerJoin('wfDefinition', 'wfDefinition.id', 'wfNode.procDefId')
        .select('wfNode.procDefId')
        .where('wfNode.nodeId', '=', nodeId)
        .where('wfDefinition.latest', '=', 1)
        .executeTakeFirst();
      procDefId = hit?.procDefId ?? '';
    }
    if (!procDefId) throw businessError('流程节点不存在');
    const def = await this.engine.definition(this.db, procDefId);
    const node = (await this.engine.model(def)).nodes.get(nodeId);
    if (!node) throw businessError('流程节点不存在');
    const users = this.filterCompany(await this.engine.nodePeople(this.db, def.id, nodeId, starter, vars), input.claimOrgCodeValue);
    const sign = node.kind === 'user' ? signInfoOf(node, await this.engine.nodeSettings(this.db, def.id, nodeId)) : {};
    return { id: node.id, title: node.name, type: node.type, users: users.map(toNextUser), ...sign };
  }

  /** Who approved a node of an instance before (pre-filled approvers when returning to it). */
  async backNodeUsers(procInstId: string, nodeId: string) {
    const rows = await this.db
      .selectFrom('wfTask')
      .select('executor')
      .where('instId', '=', procInstId)
      .where('nodeId', '=', nodeId)
      .where('status', '=', 1)
      .where('outcome', 'in', ['pass', 'auto'])
      .orderBy('endTime', 'desc')
      .execute();
    const names = [...new Set(rows.map((r) => r.executor).filter((x): x is string => !!x))];
    return (await this.engine.dir.byUsernames(names)).map(toNextUser);
  }
}
