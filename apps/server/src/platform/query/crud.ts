/**
 * Standard list/detail/add/edit/delete endpoints for a simple table, built on the list query builder:
 * `GET <base>/list`, `GET <base>/queryById`, `POST <base>/add`, `PUT|POST <base>/edit`,
 * `DELETE <base>/delete?id=`, `DELETE <base>/deleteBatch?ids=`. Permission codes are
 * `<perm>:list|add|edit|delete`; lists and details are company-scoped when the table has an org column.
 */
import { recordChanges } from '../audit/audit.js';
import { binaryResponse, envelope, messageResponse, pageResponse } from '@go/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { GROUP_COMPANY, isGroupLevel, perm, type Access, type CurrentUser } from '../access/access.js';
import { inCompanyScope, scopeToCompany } from '../access/scope.js';
import type { Database } from '../db/database.js';
import { newId } from '../db/ids.js';
import type { DB } from '../db/schema.js';
import { now } from '../db/time.js';
import type { Api } from '../http/api.js';
import { ok } from '../http/envelope.js';
import { businessError } from '../http/errors.js';
import { attachmentHeader, streamXlsx, XLSX_MIME, type ExportColumn } from '../excel/excel.js';
import { withDictText, type Translator } from './present.js';
import { applyFilters, applySort, paging, runPage, type Params, type SortDefault, type Whitelist } from './query-builder.js';

export const idQuery = z.object({ id: z.string().min(1).max(64) });
export const idsQuery = z.object({ ids: z.string().min(1).max(20000) });

/** Splits `a,b,` into ids (the stock client sends a trailing comma). */
export function splitIds(ids: string): string[] {
  return ids
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 1000);
}

/**
 * The list query of a generic list or export: the filters of the whitelist, `column`/`order`, paging and
 * the advanced query, all read by the query builder (which ignores unknown keys).
 */
export const crudListQuery = z.looseObject({
  pageNo: z.string().max(10).optional(),
  pageSize: z.string().max(10).optional(),
  column: z.string().max(200).optional(),
  order: z.string().max(10).optional(),
  superQueryParams: z.string().max(20000).optional(),
  superQueryMatchType: z.string().max(10).optional(),
  selections: z.string().max(20000).optional(),
});

/** The default row of a generic list/detail: an id and whatever columns the spec selects. */
export const crudRow = z.looseObject({ id: z.string() });
/** The default row of a table with a numeric key (tenants). */
export const crudNumericRow = z.looseObject({ id: z.number() });

/** A table of the database schema (`DB`, extended by each module's `*.tables.ts`). */
export type CrudTable = keyof DB & string;

type Row = Record<string, unknown>;

export interface CrudSpec {
  base: string;
  table: CrudTable;
  /**
   * The record the list and detail answer (their response schemas): `z.looseObject({...})` with the fields
   * the clients read, after `present` and `<field>_dictText`. Default: `{ id: string }` (`{ id: number }`
   * with `numericId`), other columns passing through.
   */
  row?: z.ZodType;
  tag: string;
  perm: string;
  whitelist: Whitelist;
  /** columns returned by list and detail (never secrets) */
  columns: string[];
  defaultSort?: SortDefault;
  /** org-code column for company scoping (set from the creator on add) */
  orgColumn?: string;
  /** rows of the group company (A01) are shared: every company reads them, only A01 writes them */
  sharedGroupRows?: boolean;
  dictFields?: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  addSchema: z.ZodObject<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  editSchema: z.ZodObject<any>;
  /** single-column uniqueness checked before insert/update */
  unique?: { field: string; message: string }[];
  /** numeric primary key (tenants) */
  numericId?: boolean;
  /** audit columns create_by/create_time/update_by/update_time exist (default true) */
  audit?: boolean;
  /** adjusts (or refuses) the values before a write */
  prepare?: (data: Row, user: CurrentUser, existing: Row | null) => Promise<Row> | Row;
  /** shapes a row for the client */
  present?: (row: Row) => Row;
  listAccess?: Access;
  translate: Translator;
  /** a `del_flag` column: lists, details and edits see only rows with 0 (logically deleted rows are hidden) */
  softDeleteColumn?: string;
  /** which routes to register (default all but export) */
  only?: ('list' | 'queryById' | 'add' | 'edit' | 'delete' | 'deleteBatch')[];
  /** columns of `<base>/exportXls` (permission `<perm>:export`); no export route without them */
  exportColumns?: ExportColumn[];
  /**
   * The audit trail (docs/audit.md): adds, edits and deletes write their field changes as this record type in
   * the same transaction; `name` is the column people know a row by (shown in the administrator's search).
   */
  changeLog?: { type: string; name: string };
}

export class CrudService {
  /**
   * The tables and columns of a spec are runtime lists (whitelist, `columns`, `orgColumn`), so queries run
   * on the untyped view of the database; callers pass the typed `Database` and a table of its schema.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly db: Kysely<any>;
  /** The record schema of list and detail answers. */
  readonly row: z.ZodType;

  constructor(
    db: Database,
    readonly spec: CrudSpec,
  ) {
    this.db = db;
    this.row = spec.row ?? (spec.numericId ? crudNumericRow : crudRow);
  }

  private scoped(user: CurrentUser) {
    let qb = this.db.selectFrom(this.spec.table);
    if (this.spec.softDeleteColumn) qb = qb.where(this.spec.softDeleteColumn, '=', 0);
    const col = this.spec.orgColumn;
    if (!col) return qb;
    if (this.spec.sharedGroupRows && !isGroupLevel(user)) {
      return qb.where((eb) => eb.or([eb(col, 'like', `${user.company}%`), eb(col, 'like', `${GROUP_COMPANY}%`)]));
    }
    qb = scopeToCompany(qb, user, col);
    return qb;
  }

  private present(rows: Row[]): Promise<Row[]> {
    const shaped = this.spec.present ? rows.map(this.spec.present) : rows;
    return withDictText(shaped, this.spec.dictFields ?? {}, this.spec.translate);
  }

  /**
   * The filtered rows (with `selections` = chosen ids) as a streamed .xlsx, read in batches of 2000 as the
   * workbook writer asks for them. Without a client sort, in the default order by id or newest first, the
   * batches are keyset reads on the id (snowflake ids grow with creation time); a client sort pages with
   * OFFSET, ordered by the sort and the id.
   */
  exportStream(user: CurrentUser, params: Params, title: string, realname: string) {
    let base = applyFilters(this.scoped(user), params, this.spec.whitelist);
    const selections = typeof params.selections === 'string' ? splitIds(params.selections) : [];
    if (selections.length) base = base.where('id', 'in', selections.map((i) => this.key(i)));
    const ordered = applySort(base.select(this.spec.columns), params, this.spec.whitelist, this.spec.defaultSort).orderBy('id');
    const present = (rows: Row[]) => this.present(rows);
    const custom = typeof params.column === 'string' && params.column !== '';
    const def = this.spec.defaultSort;
    const keyset: 'asc' | 'desc' | null =
      custom || !this.spec.columns.includes('id')
        ? null
        : !def || def.field === 'id'
          ? (def?.order ?? 'asc')
          : def.field === 'createTime' && def.order === 'desc'
            ? 'desc'
            : null;
    const selected = base.select(this.spec.columns);
    async function* rows() {
      if (keyset) {
        let last: unknown = undefined;
        for (;;) {
          let q = selected;
          if (last !== undefined) q = q.where('id', keyset === 'desc' ? '<' : '>', last);
          const batch = (await q.orderBy('id', keyset).limit(2000).execute()) as Row[];
          for (const r of await present(batch)) yield r;
          if (batch.length < 2000) break;
          last = batch[batch.length - 1].id;
        }
        return;
      }
      for (let offset = 0; ; offset += 2000) {
        const batch = (await ordered.limit(2000).offset(offset).execute()) as Row[];
        for (const r of await present(batch)) yield r;
        if (batch.length < 2000) break;
      }
    }
    return streamXlsx({ title, subTitle: `导出人:${realname}`, columns: this.spec.exportColumns ?? [], rows: rows() });
  }

  async list(user: CurrentUser, params: Params) {
    const base = applyFilters(this.scoped(user), params, this.spec.whitelist);
    const p = paging(params);
    const pg = await runPage<typeof base, Row>(
      base,
      (qb) => applySort(qb.select(this.spec.columns), params, this.spec.whitelist, this.spec.defaultSort),
      p,
    );
    return { ...pg, records: await this.present(pg.records) };
  }

  private key(id: string): string | number {
    return this.spec.numericId ? Number(id) : id;
  }

  async find(user: CurrentUser, id: string): Promise<Row | null> {
    if (this.spec.numericId && !Number.isFinite(Number(id))) return null;
    const row = (await this.scoped(user).selectAll().where('id', '=', this.key(id)).executeTakeFirst()) as Row | undefined;
    return row ?? null;
  }

  async detail(user: CurrentUser, id: string): Promise<Row> {
    const row = await this.find(user, id);
    if (!row) throw businessError('未找到对应数据');
    const picked: Row = {};
    for (const c of this.spec.columns) picked[c] = row[c];
    return (await this.present([picked]))[0];
  }

  private async checkUnique(data: Row, exceptId: string | number | null): Promise<void> {
    for (const u of this.spec.unique ?? []) {
      const v = data[u.field];
      if (v === undefined || v === null || v === '') continue;
      let qb = this.db.selectFrom(this.spec.table).select('id').where(u.field, '=', v);
      if (exceptId !== null) qb = qb.where('id', '<>', exceptId);
      if (await qb.executeTakeFirst()) throw businessError(u.message);
    }
  }

  async add(user: CurrentUser, input: Row): Promise<Row> {
    let data: Row = { ...input };
    delete data.id;
    if (this.spec.prepare) data = await this.spec.prepare(data, user, null);
    await this.checkUnique(data, null);
    const audit = this.spec.audit !== false;
    const id = this.spec.numericId ? (input.id as number | undefined) ?? (await this.nextNumericId()) : newId();
    const row: Row = { ...data, id };
    if (this.spec.orgColumn && !row[this.spec.orgColumn]) row[this.spec.orgColumn] = user.orgCode;
    if (audit) Object.assign(row, { createBy: user.username, createTime: now() });
    const trail = this.spec.changeLog;
    if (!trail) {
      await this.db.insertInto(this.spec.table).values(row).execute();
      return row;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto(this.spec.table).values(row).execute();
      await recordChanges(trx as unknown as Database, this.changeTarget(row), null, row);
    });
    return row;
  }

  private async nextNumericId(): Promise<number> {
    const r = (await this.db
      .selectFrom(this.spec.table)
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst()) as { m: number | null } | undefined;
    return Number(r?.m ?? 0) + 1;
  }

  async edit(user: CurrentUser, input: Row): Promise<void> {
    const id = String(input.id ?? '');
    const existing = await this.find(user, id);
    if (!existing || (this.spec.orgColumn && !inCompanyScope(user, existing[this.spec.orgColumn] as string))) {
      throw businessError('未找到对应数据');
    }
    let data: Row = { ...input };
    delete data.id;
    if (this.spec.prepare) data = await this.spec.prepare(data, user, existing);
    await this.checkUnique(data, this.key(id));
    if (this.spec.orgColumn) delete data[this.spec.orgColumn];
    if (this.spec.audit !== false) Object.assign(data, { updateBy: user.username, updateTime: now() });
    if (Object.keys(data).length === 0) return;
    if (!this.spec.changeLog) {
      await this.db.updateTable(this.spec.table).set(data).where('id', '=', this.key(id)).execute();
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable(this.spec.table).set(data).where('id', '=', this.key(id)).execute();
      await recordChanges(trx as unknown as Database, this.changeTarget({ ...existing, ...data }), existing, data);
    });
  }

  /** The audit trail's record of a row (its type, id, name and company). */
  private changeTarget(row: Row) {
    const t = this.spec.changeLog!;
    const org = this.spec.orgColumn ? (row[this.spec.orgColumn] as string | null) : null;
    return { type: t.type, id: String(row.id), name: row[t.name] === undefined || row[t.name] === null ? null : String(row[t.name]), orgCode: org ?? undefined };
  }

  async remove(user: CurrentUser, ids: string[]): Promise<void> {
    if (ids.length === 0) throw businessError('未找到对应数据');
    const keys = ids.map((i) => this.key(i));
    if (this.spec.orgColumn) {
      const rows = (await this.db
        .selectFrom(this.spec.table)
        .select(['id', this.spec.orgColumn])
        .where('id', 'in', keys)
        .execute()) as Row[];
      if (rows.length !== ids.length) throw businessError('未找到对应数据');
      for (const r of rows) if (!inCompanyScope(user, r[this.spec.orgColumn] as string)) throw businessError('未找到对应数据');
    }
    if (!this.spec.changeLog) {
      await this.db.deleteFrom(this.spec.table).where('id', 'in', keys).execute();
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      const rows = (await trx.selectFrom(this.spec.table).selectAll().where('id', 'in', keys).execute()) as Row[];
      await trx.deleteFrom(this.spec.table).where('id', 'in', keys).execute();
      for (const r of rows) await recordChanges(trx as unknown as Database, this.changeTarget(r), r, null);
    });
  }
}

/** Registers the standard routes of a CrudService; list and detail answer the spec's `row`. */
export async function crudRoutes(app: Api, svc: CrudService, only?: CrudSpec['only']): Promise<void> {
  const s = svc.spec;
  const pick = only ?? s.only;
  const want = (r: NonNullable<CrudSpec['only']>[number]) => !pick || pick.includes(r);
  const tags = [s.tag];
  if (want('list')) {
    app.get(
      `${s.base}/list`,
      {
        config: { access: s.listAccess ?? perm(`${s.perm}:list`) },
        schema: { tags, summary: `${s.tag}列表`, querystring: crudListQuery, response: { 200: pageResponse(svc.row) } },
      },
      async (req) => ok(await svc.list(req.user!, req.query), '查询成功'),
    );
  }
  if (want('queryById')) {
    app.get(
      `${s.base}/queryById`,
      {
        config: { access: s.listAccess ?? perm(`${s.perm}:list`) },
        schema: { tags, summary: `${s.tag}详情`, querystring: idQuery, response: { 200: envelope(svc.row) } },
      },
      async (req) => ok(await svc.detail(req.user!, req.query.id)),
    );
  }
  if (want('add')) {
    app.post(
      `${s.base}/add`,
      { config: { access: perm(`${s.perm}:add`) }, schema: { tags, summary: `添加${s.tag}`, body: s.addSchema, response: { 200: messageResponse } } },
      async (req) => {
        await svc.add(req.user!, req.body);
        return ok(null, '添加成功！');
      },
    );
  }
  if (want('edit')) {
    app.route({
      method: ['PUT', 'POST'],
      url: `${s.base}/edit`,
      config: { access: perm(`${s.perm}:edit`) },
      schema: { tags, summary: `编辑${s.tag}`, body: s.editSchema, response: { 200: messageResponse } },
      handler: async (req) => {
        await svc.edit(req.user!, req.body);
        return ok(null, '编辑成功!');
      },
    });
  }
  if (want('delete')) {
    app.delete(
      `${s.base}/delete`,
      { config: { access: perm(`${s.perm}:delete`) }, schema: { tags, summary: `删除${s.tag}`, querystring: idQuery, response: { 200: messageResponse } } },
      async (req) => {
        await svc.remove(req.user!, [req.query.id]);
        return ok(null, '删除成功!');
      },
    );
  }
  if (s.exportColumns && !only) {
    app.get(
      `${s.base}/exportXls`,
      {
        config: { access: perm(`${s.perm}:export`), oplog: { content: `导出${s.tag}`, type: 6 } },
        schema: { tags, summary: `导出${s.tag}（.xlsx）`, querystring: crudListQuery, response: { 200: binaryResponse } },
      },
      async (req, reply) => {
        const stream = svc.exportStream(req.user!, req.query, `${s.tag}列表数据`, req.user!.realname);
        reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${s.tag}列表.xlsx`));
        return reply.send(stream);
      },
    );
  }
  if (want('deleteBatch')) {
    app.delete(
      `${s.base}/deleteBatch`,
      { config: { access: perm(`${s.perm}:delete`) }, schema: { tags, summary: `批量删除${s.tag}`, querystring: idsQuery, response: { 200: messageResponse } } },
      async (req) => {
        await svc.remove(req.user!, splitIds(req.query.ids));
        return ok(null, '批量删除成功!');
      },
    );
  }
}
