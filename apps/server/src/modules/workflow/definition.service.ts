import type { CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { likeContains } from '../../platform/query/like.js';
import { applyFilters, paging, runPage, type Whitelist } from '../../platform/query/query-builder.js';
import { BpmnError, MODELER_INITIATOR, parseBpmn, type DecisionField, type ProcessModel } from './bpmn.js';
import { Directory } from './directory.js';
import { forgetNodeCache } from './engine.js';
import { isExpression } from './expression.js';
import type { FormRegistry } from './form-registry.js';
import type { WfDefinition } from './workflow.tables.js';

export const EMPTY_POLICIES = ['admin', 'skip', 'cancel', 'error'] as const;
export const REPEAT_POLICIES = ['again', 'auto'] as const;

export interface NodeRuleInput {
  type: number;
  relateId?: string | null;
}

export interface NodeSettingsInput {
  procDefId: string;
  nodeId: string;
  rules: NodeRuleInput[];
  emptyPolicy?: (typeof EMPTY_POLICIES)[number];
  repeatPolicy?: (typeof REPEAT_POLICIES)[number];
  chooseMark?: number;
  commentRequired?: number;
  multiMode?: '' | 'parallel' | 'sequential';
  passRatio?: number;
  decisionFields?: DecisionField[];
  /** 1: the applicant may be among this node's people (opt-out of the initiator rule, e.g. 重新提交) */
  allowInitiator?: number;
}

const EMPTY_TEXT: Record<string, string> = { admin: '转给系统管理员', skip: '自动跳过', cancel: '取消申请', error: '提示未找到审批人' };

/** Definition list filters by value (`lcmc` and `lckey` are contains-searches of the name and the key). */
const DEFINITION_WHITELIST: Whitelist = {
  latest: { column: 'latest', type: 'number', sortable: false },
  status: { column: 'status', type: 'number', sortable: false },
};

/** Process definitions: deploy (new version), metadata, status, node rules. */
export class DefinitionService {
  private readonly dir: Directory;

  constructor(
    private readonly db: Database,
    private readonly forms: FormRegistry,
  ) {
    this.dir = new Directory(db);
  }

  private async parse(xml: string): Promise<ProcessModel> {
    try {
      return await parseBpmn(xml);
    } catch (err) {
      if (err instanceof BpmnError) throw businessError(err.message);
      throw err;
    }
  }

  /**
   * Deploys BPMN XML as the next version of its process key. Metadata (form type, start roles, category)
   * and the node rules of user tasks with the same id are carried over from the previous version; a new
   * version starts suspended unless its form type is set.
   */
  async deploy(
    user: Pick<CurrentUser, 'username'>,
    input: { xml: string; name?: string; description?: string; categoryId?: string; businessTable?: string; routeName?: string; roles?: string },
    db: Database = this.db,
  ): Promise<WfDefinition & { warnings: string[] }> {
    const model = await this.parse(input.xml);
    const warnings: string[] = [];
    const run = async (trx: Database) => {
      // a call activity must call a process that exists (itself, or one deployed before)
      for (const n of model.nodes.values()) {
        if (n.kind !== 'call' || !n.call || n.call.key === model.key) continue;
        const called = await trx.selectFrom('wfDefinition').select('id').where('processKey', '=', n.call.key).executeTakeFirst();
        if (!called) throw businessError(`调用活动「${n.name}」(${n.id})调用的流程「${n.call.key}」尚未部署，请先部署被调用的流程`);
      }
      const prev = await trx
        .selectFrom('wfDefinition')
        .selectAll()
        .where('processKey', '=', model.key)
        .orderBy('version', 'desc')
        .executeTakeFirst();
      const version = (prev?.version ?? 0) + 1;
      const businessTable = input.businessTable ?? prev?.businessTable ?? null;
      const form = this.forms.get(businessTable);
      if (businessTable && !form) throw businessError('表单类型不存在');
      const def: WfDefinition = {
        id: `${model.key}:${version}:${newId()}`,
        processKey: model.key,
        version,
        latest: 1,
        name: input.name?.trim() || model.name,
        description: input.description ?? prev?.description ?? null,
        categoryId: input.categoryId ?? prev?.categoryId ?? null,
        xml: input.xml,
        status: form ? 1 : 0,
        businessTable,
        routeName: input.routeName ?? prev?.routeName ?? form?.routeName ?? null,
        roles: input.roles ?? prev?.roles ?? null,
        createBy: user.username,
        createTime: now(),
        updateBy: null,
        updateTime: null,
      };
      await trx.updateTable('wfDefinition').set({ latest: 0 }).where('processKey', '=', model.key).execute();
      await trx.insertInto('wfDefinition').values(def).execute();
      let order = 0;
      for (const n of model.nodes.values()) {
        if (n.kind !== 'user') continue;
        const old = prev
          ? await trx.selectFrom('wfNode').selectAll().where('procDefId', '=', prev.id).where('nodeId', '=', n.id).executeTakeFirst()
          : undefined;
        await trx
          .insertInto('wfNode')
          .values({
            id: newId(),
            procDefId: def.id,
            nodeId: n.id,
            name: n.name,
            type: n.type,
            sortOrder: model.userTasks.indexOf(n) >= 0 ? model.userTasks.indexOf(n) : order,
            emptyPolicy: old?.emptyPolicy ?? 'admin',
            repeatPolicy: old?.repeatPolicy ?? 'again',
            chooseMark: old?.chooseMark ?? 0,
            commentRequired: old?.commentRequired ?? 0,
            // the BPMN multi-instance marker wins; else the previous version's countersign setting
            multiMode: n.multi ? (n.multi.sequential ? 'sequential' : 'parallel') : (old?.multiMode ?? ''),
            passRatio: old?.passRatio ?? 100,
            decisionFields: n.decisionFields?.length ? JSON.stringify(n.decisionFields) : (old?.decisionFields ?? null),
            allowInitiator: old?.allowInitiator ?? 0,
          })
          .execute();
        order++;
        const rules = prev ? await trx.selectFrom('wfNodeRule').selectAll().where('procDefId', '=', prev.id).where('nodeId', '=', n.id).execute() : [];
        for (const r of rules) {
          await trx.insertInto('wfNodeRule').values({ id: newId(), procDefId: def.id, nodeId: n.id, type: r.type, relateId: r.relateId }).execute();
        }
        const a = n.assignment;
        // A literal assignee that is nobody of the directory yet: deployed with a warning (the account may be
        // created before the first instance reaches the task); a task reaching it while it is still unknown stops
        // the command with a message, never handed to someone else.
        if (!rules.length && a?.assignee && a.assignee !== MODELER_INITIATOR && !isExpression(a.assignee) && !(await this.dir.byUsernames([a.assignee], trx)).length) {
          warnings.push(`用户任务「${n.name}」(${n.id})的处理人「${a.assignee}」还不是系统中的用户：流程到达该任务前请先创建该账号，否则流程将停在此处并提示`);
        }
        if (!rules.length && a && !a.assignee && !a.candidateUsers.length && !a.candidateGroups.length && !n.multi?.collection) {
          const policy = old?.emptyPolicy ?? 'admin';
          warnings.push(`用户任务「${n.name}」(${n.id})未指定审批人：请在节点设置中配置，否则按“${EMPTY_TEXT[policy] ?? policy}”处理`);
        }
      }
      return { ...def, warnings };
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  }

  private present(d: WfDefinition, withXml = false) {
    const form = this.forms.get(d.businessTable);
    const { xml, ...rest } = d;
    return {
      ...rest,
      ...(withXml ? { xml } : {}),
      isSuspended: d.status !== 1,
      status_dictText: d.status === 1 ? '激活' : '挂起',
      formLabel: form?.label ?? null,
    };
  }

  /** Admin list: `lcmc` name, `lckey` key, `zx` latest only, `status`. */
  async list(input: { lcmc?: string; lckey?: string; zx?: boolean; status?: number; pageNo?: number; pageSize?: number }) {
    let q = this.db.selectFrom('wfDefinition');
    q = applyFilters(q, { latest: input.zx ? 1 : undefined, status: input.status }, DEFINITION_WHITELIST);
    if (input.lcmc?.trim()) q = q.where(likeContains('name', input.lcmc.trim()));
    if (input.lckey?.trim()) q = q.where(likeContains('processKey', input.lckey.trim()));
    const found = await runPage<typeof q, WfDefinition>(
      q,
      (b) => b.selectAll().orderBy('processKey').orderBy('version', 'desc'),
      paging({ pageNo: input.pageNo, pageSize: input.pageSize === undefined ? undefined : Math.max(1, input.pageSize) }, 500),
    );
    return { ...found, records: found.records.map((r) => this.present(r)) };
  }

  /** Latest active definitions the user may start (roles blank = everyone). */
  async startable(username: string, tableName?: string) {
    let q = this.db.selectFrom('wfDefinition').selectAll().where('latest', '=', 1).where('status', '=', 1);
    if (tableName) q = q.where('businessTable', '=', tableName);
    const rows = await q.orderBy('name').execute();
    const mine = await this.dir.roleCodes(username);
    return rows
      .filter((r) => {
        const roles = (r.roles ?? '').split(',').map((s) => s.trim()).filter(Boolean);
        return !roles.length || roles.some((x) => mine.includes(x));
      })
      .map((r) => this.present(r));
  }

  async get(id: string) {
    const d = await this.db.selectFrom('wfDefinition').selectAll().where('id', '=', id).executeTakeFirst();
    if (!d) throw businessError('流程定义不存在');
    return this.present(d, true);
  }

  async versions(key: string) {
    const rows = await this.db.selectFrom('wfDefinition').selectAll().where('processKey', '=', key).orderBy('version', 'desc').execute();
    return rows.map((r) => this.present(r));
  }

  /** Sets the form type, start roles, category, name and description of a definition. */
  async updateInfo(
    user: Pick<CurrentUser, 'username'>,
    input: { id: string; name?: string; description?: string; categoryId?: string; businessTable?: string; routeName?: string; roles?: string },
  ) {
    const d = await this.db.selectFrom('wfDefinition').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!d) throw businessError('流程定义不存在');
    if (input.businessTable !== undefined && input.businessTable && !this.forms.get(input.businessTable)) throw businessError('表单类型不存在');
    const form = this.forms.get(input.businessTable ?? d.businessTable);
    await this.db
      .updateTable('wfDefinition')
      .set({
        name: input.name?.trim() || d.name,
        description: input.description ?? d.description,
        categoryId: input.categoryId ?? d.categoryId,
        businessTable: input.businessTable ?? d.businessTable,
        routeName: input.routeName ?? (input.businessTable ? form?.routeName : undefined) ?? d.routeName,
        roles: input.roles ?? d.roles,
        updateBy: user.username,
        updateTime: now(),
      })
      .where('id', '=', input.id)
      .execute();
    return this.get(input.id);
  }

  /** Activates (1) or suspends (0); activating needs a form type. */
  async setStatus(user: Pick<CurrentUser, 'username'>, id: string, status: 0 | 1) {
    const d = await this.db.selectFrom('wfDefinition').selectAll().where('id', '=', id).executeTakeFirst();
    if (!d) throw businessError('流程定义不存在');
    if (status === 1 && (!d.businessTable || !d.routeName)) throw businessError('请先设置流程的表单类型再激活');
    await this.db.updateTable('wfDefinition').set({ status, updateBy: user.username, updateTime: now() }).where('id', '=', id).execute();
  }

  /** Deletes definitions that no application uses. */
  async remove(ids: string[]) {
    for (const id of ids) {
      const used = await this.db.selectFrom('wfBusiness').select('id').where('procDefId', '=', id).executeTakeFirst();
      if (used) throw businessError('该流程已有申请使用，不能删除');
    }
    await this.db.transaction().execute(async (trx) => {
      for (const id of ids) {
        const d = await trx.selectFrom('wfDefinition').selectAll().where('id', '=', id).executeTakeFirst();
        if (!d) continue;
        await trx.deleteFrom('wfNodeRule').where('procDefId', '=', id).execute();
        await trx.deleteFrom('wfNode').where('procDefId', '=', id).execute();
        await trx.deleteFrom('wfDefinition').where('id', '=', id).execute();
        if (d.latest === 1) {
          const prev = await trx.selectFrom('wfDefinition').select('id').where('processKey', '=', d.processKey).orderBy('version', 'desc').executeTakeFirst();
          if (prev) await trx.updateTable('wfDefinition').set({ latest: 1 }).where('id', '=', prev.id).execute();
        }
      }
    });
  }

  /** Every node of a definition with its wire type; user tasks carry their rules and policies. */
  async nodes(procDefId: string) {
    const d = await this.db.selectFrom('wfDefinition').selectAll().where('id', '=', procDefId).executeTakeFirst();
    if (!d) throw businessError('流程定义不存在');
    const model = await this.parse(d.xml);
    const settings = await this.db.selectFrom('wfNode').selectAll().where('procDefId', '=', procDefId).execute();
    const rules = await this.db.selectFrom('wfNodeRule').selectAll().where('procDefId', '=', procDefId).orderBy('id').execute();
    const ordered = [
      model.nodes.get(model.startId)!,
      ...model.userTasks,
      ...[...model.nodes.values()].filter((n) => n.kind !== 'user' && n.id !== model.startId),
    ];
    return ordered.map((n) => {
      const s = settings.find((x) => x.nodeId === n.id);
      return {
        id: n.id,
        title: n.name,
        type: n.type,
        ...(n.kind === 'user'
          ? {
              rules: rules.filter((r) => r.nodeId === n.id).map((r) => ({ type: r.type, relateId: r.relateId })),
              emptyPolicy: s?.emptyPolicy ?? 'admin',
              repeatPolicy: s?.repeatPolicy ?? 'again',
              chooseMark: s?.chooseMark ?? 0,
              commentRequired: s?.commentRequired ?? 0,
              multiMode: s?.multiMode ?? '',
              passRatio: s?.passRatio ?? 100,
              decisionFields: s?.decisionFields ? (JSON.parse(s.decisionFields) as unknown[]) : [],
              allowInitiator: s?.allowInitiator ?? 0,
              bpmnAssignment: n.assignment ?? null,
            }
          : {}),
      };
    });
  }

  /** Replaces a user task's candidate rules and policies. */
  async editNode(input: NodeSettingsInput, db: Database = this.db) {
    const d = await db.selectFrom('wfDefinition').selectAll().where('id', '=', input.procDefId).executeTakeFirst();
    if (!d) throw businessError('流程定义不存在');
    const model = await this.parse(d.xml);
    const node = model.nodes.get(input.nodeId);
    if (!node || node.kind !== 'user') throw businessError('只能为用户任务节点设置审批人');
    for (const r of input.rules) {
      if (![3, 4].includes(r.type) && !r.relateId?.trim()) throw businessError('请选择审批人规则的对象');
    }
    const run = async (trx: Database) => {
      await trx.deleteFrom('wfNodeRule').where('procDefId', '=', d.id).where('nodeId', '=', node.id).execute();
      for (const r of input.rules) {
        await trx
          .insertInto('wfNodeRule')
          .values({ id: newId(), procDefId: d.id, nodeId: node.id, type: r.type, relateId: r.relateId?.trim() || null })
          .execute();
      }
      const existing = await trx.selectFrom('wfNode').select(['id', 'allowInitiator']).where('procDefId', '=', d.id).where('nodeId', '=', node.id).executeTakeFirst();
      const values = {
        emptyPolicy: input.emptyPolicy ?? 'admin',
        repeatPolicy: input.repeatPolicy ?? 'again',
        chooseMark: input.chooseMark ?? 0,
        commentRequired: input.commentRequired ?? 0,
        multiMode: input.multiMode ?? (node.multi ? (node.multi.sequential ? 'sequential' : 'parallel') : ''),
        passRatio: input.passRatio ?? 100,
        decisionFields: input.decisionFields?.length ? JSON.stringify(input.decisionFields) : node.decisionFields?.length ? JSON.stringify(node.decisionFields) : null,
        // an editor that does not send the flag keeps it
        allowInitiator: input.allowInitiator ?? existing?.allowInitiator ?? 0,
      };
      if (existing) await trx.updateTable('wfNode').set(values).where('id', '=', existing.id).execute();
      else await trx.insertInto('wfNode').values({ id: newId(), procDefId: d.id, nodeId: node.id, name: node.name, type: 1, sortOrder: 0, ...values }).execute();
    };
    await (db.isTransaction ? run(db) : db.transaction().execute(run));
    forgetNodeCache();
  }

  formTypes() {
    return this.forms.list().map((f) => ({
      tableName: f.tableName,
      routeName: f.routeName,
      label: f.label,
      endLabel: f.endLabel,
      passPath: f.passPath,
      commentRequired: f.commentRequired,
      fullScreen: f.fullScreen,
    }));
  }
}
