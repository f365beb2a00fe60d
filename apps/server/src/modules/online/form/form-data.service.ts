import { isCgformDictField, onlineChangeType, validateCgformValue, type CgformColumn, type CgformDbType } from '@go/contract';
import { CamelCasePlugin, sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { CurrentUser } from '../../../platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../../../platform/access/scope.js';
import { recordChanges } from '../../../platform/audit/audit.js';
import type { AppContext } from '../../../platform/context.js';
import type { Database } from '../../../platform/db/database.js';
import type { DB } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import { applyFilters, applySort, paging, runPage, type FieldSpec, type Params, type Whitelist } from '../../../platform/query/query-builder.js';
import type { DictLookup } from '../report/report.service.js';
import { parseSnapshot, splitSubTables, type FormDesignService, type LoadedForm } from './form.service.js';
import type { OnlCgformField } from './form.tables.js';

type Row = Record<string, unknown>;
type Dyn = Record<string, Row>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQB = SelectQueryBuilder<any, any, any>;

export type DictOption = {
  value: string;
  text: string;
  label: string;
};

/** A form ready to serve rows: synchronised, with its sub tables. */
export interface RuntimeForm extends LoadedForm {
  subs: (LoadedForm & { fk: OnlCgformField })[];
}

const SYSTEM_SORTABLE: Record<string, FieldSpec> = {
  id: { column: 'id', filterable: false },
  create_time: { column: 'create_time', type: 'datetime' },
  create_by: { column: 'create_by' },
  sys_org_code: { column: 'sys_org_code' },
};

function fieldType(t: string): FieldSpec['type'] {
  if (t === 'int' || t === 'double' || t === 'decimal') return 'number';
  if (t === 'date') return 'date';
  if (t === 'datetime') return 'datetime';
  return 'string';
}

/** A value as the column stores it: numbers for numeric columns, trimmed text otherwise, null for empty. */
function stored(f: OnlCgformField, v: unknown): string | number | null {
  if (v === undefined || v === null || v === '') return null;
  const t = f.dbType as CgformDbType;
  if (t === 'int' || t === 'double' || t === 'decimal') return Number(String(v).trim());
  return String(v);
}

const MAX_EXPORT_ROWS = 100000;

const camel = new CamelCasePlugin();

/** A row's fields as its change trail stores them: the designed fields, password fields as ******. */
function trailValues(fields: OnlCgformField[], row: Row): Row {
  const out: Row = {};
  for (const f of fields) {
    if (!(f.dbFieldName in row)) continue;
    const v = row[f.dbFieldName];
    out[f.dbFieldName] = f.fieldShowType === 'password' && v !== null && v !== undefined && v !== '' ? '******' : v;
  }
  return out;
}

/** Sub-table rows as one value of the main row's trail: their designed fields without the key, in order. */
function trailRows(s: RuntimeForm['subs'][number], rows: Row[]): string | null {
  const fields = s.fields.filter((f) => f.id !== s.fk.id);
  const full = (r: Row) => Object.fromEntries(fields.map((f) => [f.dbFieldName, r[f.dbFieldName] ?? null]));
  return rows.length ? JSON.stringify(rows.map((r) => trailValues(fields, full(r)))) : null;
}

/**
 * Writes a row's change trail (docs/audit.md) in the transaction of the write: record type
 * `online:<table>` (one per form), the designed fields, and each sub table sent as a field of the main row.
 */
async function recordRow(trx: Transaction<DB & Dyn>, form: RuntimeForm, id: string, orgCode: unknown, before: Row | null, after: Row | null): Promise<void> {
  const h = form.head;
  const text = h.treeFieldname ?? form.fields[0]?.dbFieldName;
  const named = text ? (after?.[text] ?? before?.[text]) : null;
  await recordChanges(
    // the trail's table is a product table: its rows go through the camelCase mapping of the product's own queries
    trx.withPlugin(camel) as unknown as Database,
    { type: onlineChangeType(h.tableName, h.id), id, name: named === null || named === undefined ? null : String(named), orgCode: typeof orgCode === 'string' ? orgCode : null },
    before,
    after,
    { fields: [...form.fields.map((f) => f.dbFieldName), ...form.subs.map((s) => s.head.tableName)] },
  );
}

/**
 * The generated pages' calls (`/online/cgform/api`, `{code}` = head id): columns, query items, rows with
 * dictionary texts, one row with its sub-table rows, add/edit/delete in one transaction, import and export.
 * Identifiers come only from synchronised field definitions; every value is bound.
 */
export class FormDataService {
  constructor(
    private readonly ctx: AppContext,
    private readonly design: FormDesignService,
    private readonly dicts: DictLookup,
  ) {}

  /** Plugin-free, for tables that exist only at run time. */
  private get dyn(): Kysely<DB & Dyn> {
    return this.ctx.db.withoutPlugins().withTables<Dyn>();
  }

  async form(code: string): Promise<RuntimeForm> {
    const main = await this.design.load(code);
    if (main.head.isDbSynch !== 'Y') throw businessError('表单未同步数据库，请先同步');
    const subs: RuntimeForm['subs'] = [];
    if (main.head.tableType === 2)
      for (const name of splitSubTables(main.head.subTableStr)) {
        const s = await this.design.byTableName(name);
        if (!s || s.head.isDbSynch !== 'Y') continue;
        const fk = s.fields.find((f) => f.mainTable === main.head.tableName && f.mainField);
        const subSynced = new Set((parseSnapshot(s.head.syncedFields) ?? []).map((f) => f.dbFieldName));
        if (fk && subSynced.has(fk.dbFieldName)) subs.push({ ...s, fields: s.fields.filter((f) => subSynced.has(f.dbFieldName)), fk });
      }
    // Only columns as synchronised are read or written: a field added in the designer but not yet synced is left out.
    const synced = new Set((parseSnapshot(main.head.syncedFields) ?? []).map((f) => f.dbFieldName));
    return { ...main, fields: main.fields.filter((f) => synced.has(f.dbFieldName)), subs };
  }

  private whitelist(form: LoadedForm): Whitelist {
    const wl: Whitelist = { ...SYSTEM_SORTABLE };
    for (const f of form.fields) wl[f.dbFieldName] = { column: f.dbFieldName, type: fieldType(f.dbType) };
    return wl;
  }

  // ---- dictionaries ----

  async options(f: OnlCgformField, values?: string[]): Promise<DictOption[]> {
    if (!isCgformDictField(f)) return [];
    if (f.dictTable && f.dictField && f.dictText) {
      await this.design.checkDictTable(f.dictTable);
      let qb = this.dyn
        .selectFrom(f.dictTable)
        .select([sql<string>`${sql.ref(f.dictField)}`.as('value'), sql<string>`${sql.ref(f.dictText)}`.as('text')]);
      if (values) qb = qb.where(sql.ref(f.dictField), 'in', values.length ? values.slice(0, 1000) : ['']);
      const rows = await qb.limit(1000).execute();
      return rows.map((r) => ({ value: String(r.value ?? ''), text: String(r.text ?? ''), label: String(r.text ?? '') }));
    }
    if (f.dictField) return ((await this.dicts.items(f.dictField)) ?? []).map((o) => ({ value: o.value, text: o.text, label: o.text }));
    return [];
  }

  private async withDictText(form: LoadedForm, rows: Row[]): Promise<Row[]> {
    for (const f of form.fields) {
      if (!isCgformDictField(f)) continue;
      const values = [...new Set(rows.flatMap((r) => String(r[f.dbFieldName] ?? '').split(',')).filter(Boolean))];
      if (!values.length) continue;
      const map = new Map((await this.options(f, values)).map((o) => [o.value, o.text]));
      for (const r of rows) {
        const v = r[f.dbFieldName];
        if (v === null || v === undefined || v === '') continue;
        r[`${f.dbFieldName}_dictText`] = String(v)
          .split(',')
          .map((x) => map.get(x) ?? x)
          .join(',');
      }
    }
    return rows;
  }

  // ---- describing ----

  async columns(code: string) {
    const form = await this.form(code);
    const h = form.head;
    const columns: CgformColumn[] = [];
    const dictOptions: Record<string, DictOption[]> = {};
    for (const f of form.fields.filter((x) => x.isShowList === 1)) {
      const c: CgformColumn = { title: f.dbFieldTxt, dataIndex: f.dbFieldName, align: 'center', sorter: true };
      if (isCgformDictField(f)) {
        c.customRender = f.dbFieldName;
        dictOptions[f.dbFieldName] = await this.options(f);
      }
      if (f.dbType === 'string' || f.dbType === 'text') c.showLength = f.dbType === 'text' ? 30 : undefined;
      if (c.showLength === undefined) delete c.showLength;
      columns.push(c);
    }
    for (const f of form.fields) if (isCgformDictField(f) && !dictOptions[f.dbFieldName]) dictOptions[f.dbFieldName] = await this.options(f);
    return {
      code: h.id,
      formTemplate: h.formTemplate ?? '1',
      description: h.tableTxt,
      currentTableName: h.tableName,
      tableType: h.tableType,
      paginationFlag: 'Y',
      checkboxFlag: 'Y',
      scrollFlag: 1,
      columns,
      hideColumns: [],
      dictOptions,
      cgButtonList: [],
      fieldHrefSlots: [],
      enhanceJs: '',
      foreignKeys: form.subs.map((s) => ({ table: s.head.tableName, field: s.fk.dbFieldName, mainField: s.fk.mainField })),
      pidField: h.isTree === 'Y' ? h.treeParentIdField : undefined,
      hasChildrenField: h.isTree === 'Y' ? 'has_child' : undefined,
      textField: h.isTree === 'Y' ? (h.treeFieldname ?? undefined) : undefined,
      isDesForm: 'N',
      desFormCode: '',
      relationType: h.relationType,
      // Beyond the stock reply: what the generated form page needs to draw the form and the sub-table grids.
      formFields: form.fields.filter((f) => f.isShowForm === 1).map(publicField),
      subTables: await Promise.all(
        form.subs.map(async (s) => {
          const opts: Record<string, DictOption[]> = {};
          for (const f of s.fields) if (isCgformDictField(f)) opts[f.dbFieldName] = await this.options(f);
          return {
            id: s.head.id,
            tableName: s.head.tableName,
            tableTxt: s.head.tableTxt,
            relationType: s.head.relationType,
            foreignKey: s.fk.dbFieldName,
            fields: s.fields.filter((f) => f.isShowForm === 1 && f.id !== s.fk.id).map(publicField),
            dictOptions: opts,
          };
        }),
      ),
    };
  }

  async queryInfo(code: string) {
    const form = await this.form(code);
    const out = [];
    for (const f of form.fields.filter((x) => x.isQuery === 1)) {
      out.push({
        field: f.dbFieldName,
        label: f.dbFieldTxt,
        mode: f.queryMode === 'group' ? 'group' : 'single',
        view: isCgformDictField(f) ? (f.fieldShowType === 'radio' || f.fieldShowType === 'checkbox' ? f.fieldShowType : 'list') : f.fieldShowType,
        type: f.dbType,
        dictCode: !isCgformDictField(f) ? undefined : f.dictTable ? `${f.dictTable},${f.dictText},${f.dictField}` : (f.dictField ?? undefined),
        dictTable: f.dictTable ?? undefined,
        dictText: f.dictText ?? undefined,
        dictField: f.dictField ?? undefined,
        dictOptions: isCgformDictField(f) ? await this.options(f) : undefined,
      });
    }
    return out;
  }

  // ---- rows ----

  private base(user: CurrentUser, form: LoadedForm, params: Params): AnyQB {
    const wl = this.whitelist(form);
    const qb = scopeToCompany(this.dyn.selectFrom(form.head.tableName), user, 'sys_org_code');
    return applyFilters(qb, params, wl);
  }

  /** getData: the §3 list parameters on the form's fields; a tree table lists one level (`pid`, default the roots). */
  async data(user: CurrentUser, code: string, params: Params) {
    const form = await this.form(code);
    const h = form.head;
    let qb = this.base(user, form, params);
    if (h.isTree === 'Y' && h.treeParentIdField) {
      const pidField = h.treeParentIdField;
      const searching = form.fields.some((f) => f.dbFieldName !== pidField && params[f.dbFieldName] !== undefined && params[f.dbFieldName] !== '');
      // Children of a node: `pid` (stock) or the pid field itself (the list page's tree mode).
      const given = params.pid ?? params[pidField];
      const pid = typeof given === 'string' && given ? given : null;
      if (pid || !searching) {
        const col = sql.ref(h.treeParentIdField);
        qb = pid ? qb.where(col, '=', pid) : qb.where((eb) => eb.or([eb(col, 'is', null), eb(col, '=', ''), eb(col, '=', '0')]));
      }
    }
    const p = paging(params, 1000);
    const pg = await runPage<AnyQB, Row>(qb, (b) => applySort(b.selectAll(), params, this.whitelist(form), { field: 'create_time', order: 'desc' }).orderBy('id', 'desc'), p);
    return { ...pg, records: await this.withDictText(form, pg.records) };
  }

  private async row(user: CurrentUser, form: LoadedForm, id: string): Promise<Row> {
    const r: Row | undefined = await this.dyn.selectFrom(form.head.tableName).selectAll().where('id', '=', id).executeTakeFirst();
    if (!r || !inCompanyScope(user, typeof r.sys_org_code === 'string' ? r.sys_org_code : null)) throw businessError('未找到对应数据');
    return r;
  }

  /** form/{code}/{id}: the row with dictionary texts, and for a main table its sub-table rows under each sub table's name. */
  async get(user: CurrentUser, code: string, id: string): Promise<Row> {
    const form = await this.form(code);
    const [r] = await this.withDictText(form, [await this.row(user, form, id)]);
    for (const s of form.subs) {
      const key = r[s.fk.mainField ?? 'id'];
      const rows: Row[] = await this.dyn
        .selectFrom(s.head.tableName)
        .selectAll()
        .where(s.fk.dbFieldName, '=', key === null || key === undefined ? '' : String(key))
        .orderBy('create_time')
        .orderBy('id')
        .execute();
      r[s.head.tableName] = await this.withDictText(s, rows);
    }
    return r;
  }

  /** Checks a row against the field definitions; the first problem as the Chinese message (HTTP 400). */
  private values(fields: OnlCgformField[], body: Row, skip?: string): Row {
    const out: Row = {};
    for (const f of fields) {
      if (f.dbFieldName === skip) continue;
      const v = body[f.dbFieldName];
      const err = validateCgformValue(
        { dbFieldTxt: f.dbFieldTxt, dbType: f.dbType as CgformDbType, dbLength: f.dbLength, dbPointLength: f.dbPointLength, dbIsNull: f.dbIsNull, fieldValidType: f.fieldValidType },
        Array.isArray(v) ? v.join(',') : v,
      );
      if (err) throw new AppError('BAD_REQUEST', err);
      if (v !== undefined) out[f.dbFieldName] = stored(f, Array.isArray(v) ? v.join(',') : v);
    }
    return out;
  }

  private subRows(s: RuntimeForm['subs'][number], body: Row): Row[] | undefined {
    const list = body[s.head.tableName];
    if (list === undefined) return undefined;
    if (!Array.isArray(list)) throw new AppError('BAD_REQUEST', `${s.head.tableTxt}数据格式不正确`);
    if (list.length > 1000) throw new AppError('BAD_REQUEST', `${s.head.tableTxt}不能超过1000行`);
    if (s.head.relationType === 1 && list.length > 1) throw new AppError('BAD_REQUEST', `${s.head.tableTxt}只能有一行（一对一）`);
    return list.map((x, i) => {
      if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new AppError('BAD_REQUEST', `${s.head.tableTxt}第${i + 1}行数据格式不正确`);
      try {
        return this.values(s.fields, Object.fromEntries(Object.entries(x)), s.fk.dbFieldName);
      } catch (e) {
        if (e instanceof AppError) throw new AppError('BAD_REQUEST', `${s.head.tableTxt}第${i + 1}行：${e.message}`);
        throw e;
      }
    });
  }

  /** Validation only (import with validateStatus 0). */
  async check(form: LoadedForm, body: Row): Promise<void> {
    this.values(form.fields, body);
  }

  /** POST form/{code}: a new row (and its sub-table rows) in one transaction; returns the new id. */
  async add(user: CurrentUser, code: string, body: Row): Promise<string> {
    const form = await this.form(code);
    return this.insert(user, form, body);
  }

  async insert(user: CurrentUser, form: RuntimeForm, body: Row, extra: Row = {}): Promise<string> {
    const h = form.head;
    const values = { ...this.values(form.fields, body), ...extra };
    const subs = form.subs.map((s) => ({ s, rows: this.subRows(s, body) }));
    const id = newId();
    const t = now();
    const pidField = h.isTree === 'Y' ? h.treeParentIdField : null;
    const pid = pidField ? values[pidField] : null;
    await this.dyn.transaction().execute(async (trx) => {
      if (pidField) {
        if (pid !== null && pid !== undefined && pid !== '' && pid !== '0') {
          const parent: Row | undefined = await trx.selectFrom(h.tableName).select(['id', 'sys_org_code']).where('id', '=', String(pid)).executeTakeFirst();
          if (!parent || !inCompanyScope(user, typeof parent.sys_org_code === 'string' ? parent.sys_org_code : null)) throw businessError('父节点不存在');
          await trx.updateTable(h.tableName).set({ has_child: '1' }).where('id', '=', String(pid)).execute();
        } else values[pidField] = '0';
        values.has_child = '0';
      }
      await trx
        .insertInto(h.tableName)
        .values({ ...values, id, sys_org_code: user.orgCode, create_by: user.username, create_time: t })
        .execute();
      for (const { s, rows } of subs) {
        if (!rows) continue;
        const key = s.fk.mainField && s.fk.mainField !== 'id' ? values[s.fk.mainField] : id;
        for (const r of rows)
          await trx
            .insertInto(s.head.tableName)
            .values({ ...r, id: newId(), [s.fk.dbFieldName]: key === undefined ? null : key, sys_org_code: user.orgCode, create_by: user.username, create_time: t })
            .execute();
      }
      const after: Row = trailValues(form.fields, values);
      for (const { s, rows } of subs) if (rows) after[s.head.tableName] = trailRows(s, rows);
      await recordRow(trx, form, id, user.orgCode, null, after);
    });
    return id;
  }

  /** PUT form/{code}: the row's fields; a sub table sent in the body replaces that sub table's rows. */
  async edit(user: CurrentUser, code: string, body: Row): Promise<void> {
    const form = await this.form(code);
    const h = form.head;
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw new AppError('BAD_REQUEST', '缺少id');
    const current = await this.row(user, form, id);
    const values = this.values(form.fields, { ...current, ...body });
    if (h.isTree === 'Y' && h.treeParentIdField) {
      const pid = values[h.treeParentIdField];
      if (pid === id) throw businessError('父节点不能是自己');
      if (pid === null || pid === '') values[h.treeParentIdField] = '0';
    }
    const subs = form.subs.map((s) => ({ s, rows: this.subRows(s, body) }));
    const t = now();
    await this.dyn.transaction().execute(async (trx) => {
      await trx
        .updateTable(h.tableName)
        .set({ ...values, update_by: user.username, update_time: t })
        .where('id', '=', id)
        .execute();
      const before: Row = trailValues(form.fields, current);
      const after: Row = trailValues(form.fields, values);
      for (const { s, rows } of subs) {
        if (!rows) continue;
        const keyValue = s.fk.mainField && s.fk.mainField !== 'id' ? values[s.fk.mainField] : id;
        const key = keyValue === null || keyValue === undefined ? '' : String(keyValue);
        const oldKey = s.fk.mainField && s.fk.mainField !== 'id' ? current[s.fk.mainField] : id;
        const old: Row[] = await trx
          .selectFrom(s.head.tableName)
          .selectAll()
          .where(s.fk.dbFieldName, '=', oldKey === null || oldKey === undefined ? '' : String(oldKey))
          .orderBy('create_time')
          .orderBy('id')
          .execute();
        before[s.head.tableName] = trailRows(s, old);
        after[s.head.tableName] = trailRows(s, rows);
        await trx.deleteFrom(s.head.tableName).where(s.fk.dbFieldName, '=', key).execute();
        for (const r of rows)
          await trx
            .insertInto(s.head.tableName)
            .values({ ...r, id: newId(), [s.fk.dbFieldName]: key, sys_org_code: current.sys_org_code ?? user.orgCode, create_by: user.username, create_time: t })
            .execute();
      }
      await recordRow(trx, form, id, current.sys_org_code, before, after);
    });
  }

  /** DELETE form/{code}/{ids}: rows of the user's companies, with their sub-table rows; a tree node with children is refused. */
  async remove(user: CurrentUser, code: string, ids: string[]): Promise<void> {
    const form = await this.form(code);
    const h = form.head;
    const rows = await Promise.all(ids.map((id) => this.row(user, form, id)));
    await this.dyn.transaction().execute(async (trx) => {
      for (const r of rows) {
        const id = String(r.id);
        if (h.isTree === 'Y' && h.treeParentIdField) {
          const child = await trx.selectFrom(h.tableName).select('id').where(h.treeParentIdField, '=', id).executeTakeFirst();
          if (child && !ids.includes(String(child.id))) throw businessError('请先删除子节点');
        }
        const before: Row = trailValues(form.fields, r);
        for (const s of form.subs) {
          const key = s.fk.mainField && s.fk.mainField !== 'id' ? r[s.fk.mainField] : id;
          const where = key === null || key === undefined ? '' : String(key);
          before[s.head.tableName] = trailRows(s, await trx.selectFrom(s.head.tableName).selectAll().where(s.fk.dbFieldName, '=', where).orderBy('create_time').orderBy('id').execute());
          await trx.deleteFrom(s.head.tableName).where(s.fk.dbFieldName, '=', where).execute();
        }
        await trx.deleteFrom(h.tableName).where('id', '=', id).execute();
        await recordRow(trx, form, id, r.sys_org_code, before, null);
        if (h.isTree === 'Y' && h.treeParentIdField) {
          const pid = r[h.treeParentIdField];
          if (typeof pid === 'string' && pid && pid !== '0') {
            const left = await trx.selectFrom(h.tableName).select('id').where(h.treeParentIdField, '=', pid).executeTakeFirst();
            if (!left) await trx.updateTable(h.tableName).set({ has_child: '0' }).where('id', '=', pid).execute();
          }
        }
      }
    });
  }

  // ---- export ----

  async *exportRows(user: CurrentUser, form: LoadedForm, params: Params): AsyncGenerator<Row> {
    const wl = this.whitelist(form);
    let offset = 0;
    const size = 1000;
    while (offset < MAX_EXPORT_ROWS) {
      const qb = applySort(this.base(user, form, params).selectAll(), params, wl, { field: 'create_time', order: 'desc' }).orderBy('id', 'desc');
      const rows: Row[] = await qb.limit(size).offset(offset).execute();
      yield* await this.withDictText(form, rows);
      if (rows.length < size) return;
      offset += size;
    }
  }

  /** Import decoding: a `_dictText` cell back to its value (text or value accepted). */
  async decode(form: LoadedForm, field: string, text: string): Promise<string | null> {
    const f = form.fields.find((x) => x.dbFieldName === field);
    if (!f) return text;
    const opts = await this.options(f);
    return opts.find((o) => o.text === text || o.value === text)?.value ?? null;
  }
}

function publicField(f: OnlCgformField) {
  return {
    dbFieldName: f.dbFieldName,
    dbFieldTxt: f.dbFieldTxt,
    dbType: f.dbType,
    dbLength: f.dbLength,
    dbPointLength: f.dbPointLength,
    dbIsNull: f.dbIsNull,
    fieldValidType: f.fieldValidType,
    fieldShowType: f.fieldShowType,
    dictField: f.dictField,
    dictTable: f.dictTable,
    dictText: f.dictText,
    orderNum: f.orderNum,
  };
}
