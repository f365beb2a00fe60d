import type { CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { WF_TEXT, type WorkflowEngine } from './engine.js';
import type { FormRegistry, FormType } from './form-registry.js';

/**
 * Applications (`/actBusiness/*`): the form row of a registered form type plus its business link.
 * Drafts are edited freely; a rejected or withdrawn application may be edited and submitted again.
 */
export class ApplicationService {
  constructor(
    private readonly db: Database,
    private readonly forms: FormRegistry,
    private readonly engine: WorkflowEngine,
  ) {}

  private formOf(tableName: string | undefined): FormType {
    const form = this.forms.get(tableName);
    if (!form) throw businessError(WF_TEXT.NO_FORM);
    return form;
  }

  private validate(form: FormType, data: Record<string, unknown>): Record<string, unknown> {
    const parsed = form.schema.safeParse(data);
    if (!parsed.success) {
      const msg = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
      throw new AppError('BAD_REQUEST', msg);
    }
    return parsed.data;
  }

  /** Saves a draft: the form row and a business link with status/result 0/0. */
  async add(user: CurrentUser, input: { tableName: string; procDefId?: string; data: Record<string, unknown> }, db: Database = this.db) {
    const form = this.formOf(input.tableName);
    const data = this.validate(form, input.data);
    let procDefId = input.procDefId ?? null;
    if (!procDefId) {
      const def = await db
        .selectFrom('wfDefinition')
        .select('id')
        .where('businessTable', '=', form.tableName)
        .where('latest', '=', 1)
        .orderBy('status', 'desc')
        .executeTakeFirst();
      procDefId = def?.id ?? null;
    }
    const run = async (trx: Database) => {
      const { id: tableId, title } = await form.create(trx, { username: user.username, realname: user.realname, orgCode: user.orgCode }, data);
      const id = newId();
      const t = now();
      await trx
        .insertInto('wfBusiness')
        .values({
          id,
          procDefId,
          procInstId: null,
          userId: user.username,
          title,
          tableName: form.tableName,
          tableId,
          status: 0,
          result: 0,
          applyTime: null,
          sysOrgCode: user.orgCode,
          delFlag: 0,
          createBy: user.username,
          createTime: t,
          updateBy: null,
          updateTime: null,
        })
        .execute();
      return { id, tableId, title, tableName: form.tableName, procDefId };
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  }

  private async own(user: CurrentUser, id: string) {
    const b = await this.db.selectFrom('wfBusiness').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!b) throw businessError('申请不存在');
    if (b.userId !== user.username) throw businessError(WF_TEXT.NOT_YOURS);
    return b;
  }

  /** Edits the form of a draft (or of a rejected/withdrawn application before it is submitted again). */
  async edit(user: CurrentUser, input: { id: string; data: Record<string, unknown> }) {
    const b = await this.own(user, input.id);
    if (b.status === 1 || (b.status === 2 && b.result === 2)) throw businessError('审批中或已通过的申请不能修改');
    const form = this.formOf(b.tableName);
    const data = this.validate(form, input.data);
    await this.db.transaction().execute(async (trx) => {
      const { title } = await form.update(trx, b.tableId, data, user.username);
      await trx.updateTable('wfBusiness').set({ title, updateBy: user.username, updateTime: now() }).where('id', '=', b.id).execute();
    });
  }

  /**
   * The form of an application. Visible to the applicant and to anyone who takes part in its process
   * (`participates` decides that for the caller).
   */
  async getForm(input: { id?: string; tableId?: string; tableName?: string }, canSee: (b: { userId: string; procInstId: string | null }) => Promise<boolean>) {
    let q = this.db.selectFrom('wfBusiness').selectAll().where('delFlag', '=', 0);
    if (input.id) q = q.where('id', '=', input.id);
    else if (input.tableId) q = q.where('tableId', '=', input.tableId);
    else throw new AppError('BAD_REQUEST', '缺少申请id');
    if (input.tableName) q = q.where('tableName', '=', input.tableName);
    const b = await q.executeTakeFirst();
    if (!b || !(await canSee(b))) throw businessError('申请不存在');
    const form = this.formOf(b.tableName);
    const data = await form.load(this.db, b.tableId);
    return {
      ...data,
      businessId: b.id,
      tableId: b.tableId,
      tableName: b.tableName,
      routeName: form.routeName,
      procDefId: b.procDefId,
      procInstId: b.procInstId,
      status: b.status,
      result: b.result,
      title: b.title,
      applyTime: b.applyTime,
    };
  }

  /** Deletes drafts only. */
  async removeDrafts(user: CurrentUser, ids: string[]) {
    const rows: Awaited<ReturnType<ApplicationService['own']>>[] = [];
    for (const id of ids) rows.push(await this.own(user, id));
    if (rows.some((r) => r.status !== 0)) throw businessError('只能删除草稿状态的申请');
    await this.db.transaction().execute(async (trx) => {
      for (const r of rows) {
        await this.formOf(r.tableName).remove(trx, r.tableId);
        await trx.updateTable('wfBusiness').set({ delFlag: 1, updateBy: user.username, updateTime: now() }).where('id', '=', r.id).execute();
      }
    });
  }

  async apply(user: CurrentUser, input: { id: string; procDefId?: string; assignees?: string; priority?: number; variables?: Record<string, unknown>; formProperties?: Record<string, unknown> }) {
    return this.engine.apply({ username: user.username, realname: user.realname }, input);
  }

  async cancel(user: CurrentUser, input: { id: string; procInstId?: string; reason?: string }) {
    let id = input.id;
    if (!id && input.procInstId) {
      const b = await this.db.selectFrom('wfBusiness').select('id').where('procInstId', '=', input.procInstId).executeTakeFirst();
      id = b?.id ?? '';
    }
    await this.engine.cancel({ username: user.username, realname: user.realname }, { id, reason: input.reason });
  }
}
