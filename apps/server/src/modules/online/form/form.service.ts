import { CGFORM_RESERVED_PREFIXES, CGFORM_SYSTEM_COLUMNS, isCgformDictField, POPUP_CONFIG_ERROR, popupFields, type CgformDbType, type CgformSave } from '@go/contract';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../../platform/access/access.js';
import type { AppContext } from '../../../platform/context.js';
import type { DB } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import { businessError } from '../../../platform/http/errors.js';
import { likeContains } from '../../../platform/query/like.js';
import { runPage } from '../../../platform/query/query-builder.js';
import { checkTableName, nameTaken, orgIndexName, planTable, tableColumns, tableExists, type ColumnDef, type DdlStep } from './form-ddl.js';
import type { OnlCgformField, OnlCgformHead } from './form.tables.js';

export const FORM_PERMS = {
  /** The designer: heads, fields, synchronisation, menus. */
  design: 'online:form:design',
  /** Reading and writing the rows of every generated form (list, form, import, export). */
  data: 'online:form:data',
} as const;

export const FORM_MENU_PARENT_URL = '/online';
export const formMenuUrl = (headId: string) => `/online/cgformList/${headId}`;

export interface LoadedForm {
  head: OnlCgformHead;
  fields: OnlCgformField[];
}

const DB_TYPES: readonly CgformDbType[] = ['string', 'int', 'double', 'decimal', 'date', 'datetime', 'text'];
const asDbType = (v: string): CgformDbType => DB_TYPES.find((t) => t === v) ?? 'string';

export const toColumnDef = (f: Pick<OnlCgformField, 'dbFieldName' | 'dbType' | 'dbLength' | 'dbPointLength'>): ColumnDef => ({
  dbFieldName: f.dbFieldName,
  dbType: asDbType(f.dbType),
  dbLength: f.dbLength,
  dbPointLength: f.dbPointLength,
});

export function parseSnapshot(s: string | null): ColumnDef[] | null {
  if (!s) return null;
  try {
    const v: unknown = JSON.parse(s);
    if (!Array.isArray(v)) return null;
    return v.flatMap((x: unknown) => {
      if (typeof x !== 'object' || x === null) return [];
      const o = Object.fromEntries(Object.entries(x));
      return typeof o.dbFieldName === 'string' && typeof o.dbType === 'string'
        ? [{ dbFieldName: o.dbFieldName, dbType: asDbType(o.dbType), dbLength: Number(o.dbLength) || 0, dbPointLength: Number(o.dbPointLength) || 0 }]
        : [];
    });
  } catch {
    return null;
  }
}

export const splitSubTables = (s: string | null) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The online form designer: table heads and fields (onl_cgform_head / onl_cgform_field), the
 * synchronisation of a design to a real table (preview, refusal of destructive changes without
 * confirmation) and the menu entry of a form. docs/online.md.
 */
export class FormDesignService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  /** The plugin-free instance for generated tables (their columns keep their snake_case names). */
  get raw(): Kysely<DB> {
    return this.ctx.db.withoutPlugins();
  }

  async list(q: { tableName?: string; tableTxt?: string; tableType?: number; pageNo: number; pageSize: number }) {
    let qb = this.db.selectFrom('onlCgformHead');
    if (q.tableName) qb = qb.where(likeContains('table_name', q.tableName));
    if (q.tableTxt) qb = qb.where(likeContains('table_txt', q.tableTxt));
    if (q.tableType) qb = qb.where('tableType', '=', q.tableType);
    const pg = await runPage<typeof qb, OnlCgformHead>(qb, (b) => b.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc'), { pageNo: q.pageNo, pageSize: q.pageSize });
    const records = pg.records;
    const menus = await this.db
      .selectFrom('sysPermission')
      .select('url')
      .where('url', 'in', records.length ? records.map((r) => formMenuUrl(r.id)) : ['-'])
      .where('delFlag', '=', 0)
      .execute();
    const withMenu = new Set(menus.map((m) => m.url));
    return { ...pg, records: records.map(({ syncedFields: _s, ...r }) => ({ ...r, hasMenu: withMenu.has(formMenuUrl(r.id)) })) };
  }

  async head(id: string): Promise<OnlCgformHead> {
    const h = await this.db.selectFrom('onlCgformHead').selectAll().where('id', '=', id).executeTakeFirst();
    if (!h) throw businessError('实体不存在');
    return h;
  }

  async fields(headId: string): Promise<OnlCgformField[]> {
    return this.db.selectFrom('onlCgformField').selectAll().where('cgformHeadId', '=', headId).orderBy('orderNum').orderBy('dbFieldName').execute();
  }

  async load(id: string): Promise<LoadedForm> {
    const head = await this.head(id);
    return { head, fields: await this.fields(id) };
  }

  async byTableName(tableName: string): Promise<LoadedForm | null> {
    const head = await this.db.selectFrom('onlCgformHead').selectAll().where('tableName', '=', tableName).executeTakeFirst();
    return head ? { head, fields: await this.fields(head.id) } : null;
  }

  /** Table names a designer may not take: the product's own tables and any other table already in the database. */
  private async checkNewTableName(name: string, headId: string | null): Promise<void> {
    checkTableName(name);
    const other = await this.db.selectFrom('onlCgformHead').select('id').where('tableName', '=', name).executeTakeFirst();
    if (other && other.id !== headId) throw businessError(`表名 ${name} 已被其他表单使用`);
    if (!other && (await nameTaken(this.raw, this.ctx.dbKind, name))) throw businessError(`表 ${name} 已存在于数据库中，不能使用`);
  }

  /**
   * Synchronisation only creates a table where the database has nothing of that name, and only alters a
   * table it created: one whose columns are exactly the generated ones and those of the last synchronisation.
   */
  private async checkSyncTarget(name: string, exists: boolean, previous: ColumnDef[] | null): Promise<void> {
    const kind = this.ctx.dbKind;
    if (!exists || !previous) {
      if (await nameTaken(this.raw, kind, name)) throw businessError(`表 ${name} 已存在于数据库中，不能使用`);
      if (await nameTaken(this.raw, kind, orgIndexName(name))) throw businessError(`索引 ${orgIndexName(name)} 已存在于数据库中，请换一个表名`);
      return;
    }
    const actual = new Set(await tableColumns(this.raw, kind, name));
    const expected = new Set<string>([...CGFORM_SYSTEM_COLUMNS.filter((c) => c !== 'has_child'), ...previous.map((f) => f.dbFieldName)]);
    actual.delete('has_child');
    const same = actual.size === expected.size && [...expected].every((c) => actual.has(c));
    if (!same) throw businessError(`表 ${name} 不是在线表单创建的表，不能同步`);
  }

  /** addAll / editAll: the head and its whole field list. A synchronised table keeps its name. */
  async save(user: CurrentUser, input: CgformSave, edit: boolean): Promise<string> {
    const h = input.head;
    let existing: OnlCgformHead | null = null;
    if (edit) {
      if (!h.id) throw businessError('实体不存在');
      existing = await this.head(h.id);
      if (existing.tableName !== h.tableName && existing.isDbSynch === 'Y' || existing.tableName !== h.tableName && existing.syncedFields)
        throw businessError('已同步的表不能修改表名');
    }
    await this.checkNewTableName(h.tableName, existing?.id ?? null);
    for (const sub of splitSubTables(h.subTableStr)) {
      checkTableName(sub);
      if (sub === h.tableName) throw businessError('附表不能是主表自己');
    }
    for (const f of input.fields) {
      if (f.fieldShowType === 'popup') await this.checkPopup(f, input.fields.map((x) => x.dbFieldName));
      else if (f.dictTable && isCgformDictField(f)) await this.checkDictTable(f.dictTable);
      if (h.tableType === 3 && f.mainTable) {
        const main = await this.byTableName(f.mainTable);
        if (main && f.mainField && f.mainField !== 'id' && !main.fields.some((m) => m.dbFieldName === f.mainField))
          throw businessError(`主表 ${f.mainTable} 没有字段 ${f.mainField}`);
      }
    }
    const t = now();
    const id = existing?.id ?? newId();
    const values = {
      tableName: h.tableName,
      tableTxt: h.tableTxt,
      tableType: h.tableType,
      isTree: h.isTree,
      treeParentIdField: h.isTree === 'Y' ? h.treeParentIdField : null,
      treeFieldname: h.isTree === 'Y' ? h.treeFieldname : null,
      subTableStr: h.tableType === 2 ? h.subTableStr : null,
      relationType: h.relationType,
      tabOrderNum: h.tabOrderNum,
      formTemplate: h.formTemplate,
    };
    const changed = existing
      ? JSON.stringify(input.fields.map(toColumnDef)) !== JSON.stringify((await this.fields(id)).map(toColumnDef)) || existing.isTree !== h.isTree
      : true;
    await this.db.transaction().execute(async (trx) => {
      if (existing) {
        await trx
          .updateTable('onlCgformHead')
          .set({ ...values, updateBy: user.username, updateTime: t, ...(changed ? { isDbSynch: 'N', tableVersion: existing.tableVersion + 1 } : {}) })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('onlCgformField').where('cgformHeadId', '=', id).execute();
      } else {
        await trx
          .insertInto('onlCgformHead')
          .values({ id, ...values, isDbSynch: 'N', tableVersion: 1, syncedFields: null, sysOrgCode: user.orgCode, createBy: user.username, createTime: t, updateBy: null, updateTime: null })
          .execute();
      }
      for (const [i, f] of input.fields.entries()) {
        await trx
          .insertInto('onlCgformField')
          .values({
            id: newId(),
            cgformHeadId: id,
            dbFieldName: f.dbFieldName,
            dbFieldTxt: f.dbFieldTxt,
            dbType: f.dbType,
            dbLength: f.dbType === 'string' ? f.dbLength || 255 : f.dbType === 'decimal' ? f.dbLength || 10 : f.dbLength,
            dbPointLength: f.dbType === 'decimal' ? f.dbPointLength : 0,
            dbIsNull: f.dbIsNull,
            fieldValidType: f.fieldValidType,
            dictField: f.dictField,
            dictTable: f.dictTable,
            dictText: f.dictText,
            fieldShowType: f.fieldShowType,
            isShowList: f.isShowList,
            isShowForm: f.isShowForm,
            isQuery: f.isQuery,
            queryMode: f.queryMode,
            mainTable: h.tableType === 3 ? f.mainTable : null,
            mainField: h.tableType === 3 ? f.mainField : null,
            orderNum: f.orderNum || i + 1,
            createBy: user.username,
            createTime: t,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      }
    });
    return id;
  }

  /** A dictionary table must be one reports may read (在线报表 allow-list) or another online form's table. */
  /**
   * A popup field (docs/online.md, "Design"): the report exists, every report column it copies is one of the report's columns,
   * and every field it fills is a field of this form; anything else is `弹窗配置错误`.
   */
  async checkPopup(f: { dbFieldTxt: string; dictTable: string | null; dictField: string | null; dictText: string | null }, formFields: string[]): Promise<void> {
    const cfg = popupFields(f.dictTable, f.dictField, f.dictText);
    if (!cfg) throw businessError(`${f.dbFieldTxt}：${POPUP_CONFIG_ERROR}`);
    const head = await this.db.selectFrom('onlCgreportHead').select('id').where('code', '=', f.dictTable!).executeTakeFirst();
    if (!head) throw businessError(`${f.dbFieldTxt}：${POPUP_CONFIG_ERROR}，报表 ${f.dictTable} 不存在`);
    const items = new Set((await this.db.selectFrom('onlCgreportItem').select('fieldName').where('cgrheadId', '=', head.id).execute()).map((i) => i.fieldName));
    const missing = cfg.org.find((o) => !items.has(o));
    if (missing) throw businessError(`${f.dbFieldTxt}：${POPUP_CONFIG_ERROR}，报表没有字段 ${missing}`);
    const unknown = cfg.dest.find((d) => !formFields.includes(d));
    if (unknown) throw businessError(`${f.dbFieldTxt}：${POPUP_CONFIG_ERROR}，表单没有字段 ${unknown}`);
  }

  async checkDictTable(table: string): Promise<void> {
    const prefix = CGFORM_RESERVED_PREFIXES.find((p) => table.startsWith(p) && p !== 'sys_');
    const allowed = await this.db.selectFrom('onlReportTable').select('id').where('dbSource', '=', '').where('tableName', '=', table).executeTakeFirst();
    const form = await this.db.selectFrom('onlCgformHead').select('id').where('tableName', '=', table).where('isDbSynch', '=', 'Y').executeTakeFirst();
    if (prefix || (!allowed && !form)) throw businessError(`字典表 ${table} 不在可查询的表中`);
  }

  /** Removes designs (not their tables: data is never dropped by a delete; the table stays until removed by hand). */
  async remove(ids: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('onlCgformField').where('cgformHeadId', 'in', ids).execute();
      await trx.deleteFrom('onlCgformHead').where('id', 'in', ids).execute();
    });
  }

  // ---- synchronisation ----

  /** The heads one synchronisation covers: the form, and for a main table its sub tables that are designed. */
  private async syncSet(id: string): Promise<LoadedForm[]> {
    const main = await this.load(id);
    const out = [main];
    if (main.head.tableType === 2)
      for (const sub of splitSubTables(main.head.subTableStr)) {
        const s = await this.byTableName(sub);
        if (s) out.push(s);
      }
    return out;
  }

  async plan(id: string): Promise<{ forms: LoadedForm[]; steps: DdlStep[] }> {
    const forms = await this.syncSet(id);
    const steps: DdlStep[] = [];
    for (const f of forms) {
      checkTableName(f.head.tableName);
      const exists = await tableExists(this.raw, this.ctx.dbKind, f.head.tableName);
      const previous = parseSnapshot(f.head.syncedFields);
      await this.checkSyncTarget(f.head.tableName, exists, previous);
      steps.push(...planTable(this.raw, this.ctx.dbKind, { tableName: f.head.tableName, isTree: f.head.isTree === 'Y', fields: f.fields.map(toColumnDef) }, previous, exists));
    }
    return { forms, steps };
  }

  /** The DDL preview: every statement, and which of them lose data. */
  async preview(id: string) {
    const { steps } = await this.plan(id);
    return {
      steps: steps.map((s) => ({ table: s.table, kind: s.kind, column: s.column, destructive: s.destructive, sql: s.sql })),
      sql: steps.flatMap((s) => s.sql.map((x) => `${x};`)).join('\n'),
      destructive: steps.some((s) => s.destructive),
    };
  }

  /** doDbSynch: runs the plan in one transaction (both databases run DDL transactionally). */
  async synchronise(user: CurrentUser, id: string, confirm: boolean): Promise<{ steps: number }> {
    const { forms, steps } = await this.plan(id);
    const destructive = steps.filter((s) => s.destructive);
    if (destructive.length && !confirm) {
      const what = destructive.map((s) => `${s.kind === 'drop' ? '删除字段' : '修改字段类型或缩短长度'} ${s.table}.${s.column}`).join('；');
      throw businessError(`以下变更会丢失数据，请确认后再同步：${what}`, { destructive: true });
    }
    const t = now();
    await this.raw.transaction().execute(async (trx) => {
      for (const s of steps) await s.run(trx);
    });
    for (const f of forms)
      await this.db
        .updateTable('onlCgformHead')
        .set({ isDbSynch: 'Y', syncedFields: JSON.stringify(f.fields.map(toColumnDef)), updateBy: user.username, updateTime: t })
        .where('id', '=', f.head.id)
        .execute();
    return { steps: steps.length };
  }

  // ---- menu ----

  /** 生成菜单: a menu entry under 在线开发 opening the generated list, granted to admin and the designer's roles. */
  async genMenu(user: CurrentUser, id: string): Promise<void> {
    const { head } = await this.load(id);
    if (head.isDbSynch !== 'Y') throw businessError('请先同步数据库');
    if (head.tableType === 3) throw businessError('附表随主表录入，不能生成菜单');
    const url = formMenuUrl(id);
    const exists = await this.db.selectFrom('sysPermission').select('id').where('url', '=', url).where('delFlag', '=', 0).executeTakeFirst();
    if (exists) throw businessError('该表单的菜单已存在');
    const parent = await this.db.selectFrom('sysPermission').select('id').where('url', '=', FORM_MENU_PARENT_URL).where('delFlag', '=', 0).executeTakeFirst();
    const roles = await this.db
      .selectFrom('sysRole')
      .select('id')
      .where((eb) => eb.or([eb('roleCode', '=', 'admin'), eb('id', 'in', eb.selectFrom('sysUserRole').select('roleId').where('userId', '=', user.id))]))
      .execute();
    const menuId = newId();
    const t = now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysPermission')
        .values({
          id: menuId,
          parentId: parent?.id ?? null,
          name: head.tableTxt,
          url,
          component: 'online/FormAutoList',
          componentName: 'FormAutoList',
          redirect: null,
          menuType: parent ? 1 : 0,
          perms: null,
          permsType: '1',
          sortNo: 50,
          alwaysShow: 0,
          icon: 'form',
          isRoute: 1,
          isLeaf: 1,
          keepAlive: 0,
          hidden: 0,
          hideTab: 0,
          description: `在线表单 ${head.tableName}`,
          status: '1',
          delFlag: 0,
          ruleFlag: 0,
          internalOrExternal: 0,
          createBy: user.username,
          createTime: t,
        })
        .execute();
      if (parent) await trx.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent.id).execute();
      for (const r of roles)
        await trx.insertInto('sysRolePermission').values({ id: newId(), roleId: r.id, permissionId: menuId, dataRuleIds: null, operateDate: t, operateIp: null }).execute();
    });
    this.ctx.permissions.invalidate();
  }
}
