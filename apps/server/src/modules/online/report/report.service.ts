import { escapeLike, type ReportColumnsResult, type ReportDataResult, type ReportQueryInfo, type ReportSave } from '@go/contract';
import { GROUP_COMPANY, isGroupLevel, type CurrentUser } from '../../../platform/access/access.js';
import { inCompanyScope } from '../../../platform/access/scope.js';
import type { AppContext } from '../../../platform/context.js';
import type { DbHandle } from '../../../platform/db/database.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import { businessError } from '../../../platform/http/errors.js';
import { likeContains } from '../../../platform/query/like.js';
import { runPage } from '../../../platform/query/query-builder.js';
import { allowedDataSourceHosts } from '../../system/datasource/datasource-access.js';
import type { SecretBox } from '../../system/datasource/secret-box.js';
import type { OnlCgreportHead, OnlCgreportItem, OnlCgreportParam } from '../online.tables.js';
import { appTarget, dataSourceTarget, REPORT_LIMITS, type ReportTarget } from './report-runner.js';
import { checkSelect, paramNames, quoteIdent, render, tokenize, type Piece, type ReportDialect } from './report-sql.js';

export interface DictLookup {
  items(code: string): Promise<{ value: string; text: string }[] | null>;
}

/** Query-string values a report page sends: `self_<param>`, `<field>`, `<field>_begin/_end`, paging and sort. */
export type ReportQuery = Record<string, string | undefined>;

const SYSTEM_VARS: Record<string, (u: CurrentUser) => string> = {
  sys_user_code: (u) => u.username,
  sys_user_name: (u) => u.realname ?? u.username,
  sys_org_code: (u) => u.orgCode ?? '',
  sys_company_code: (u) => u.company ?? '',
  sys_date: () => now().slice(0, 10),
  sys_time: () => now(),
};

/**
 * Online reports: the designer (heads, columns, parameters, the tables reports may read) and the report
 * pages' calls. Report SQL is a template; every value reaches the database as a bound parameter inside
 * a read-only transaction with a statement timeout (report-runner.ts), and only a single SELECT over
 * allowed tables and functions is accepted (report-sql.ts).
 */
export class ReportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly handle: DbHandle,
    private readonly box: SecretBox,
    private readonly dicts: DictLookup,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  // ---- targets and the allow-list ----

  async target(dbSource: string | null | undefined): Promise<ReportTarget> {
    const code = (dbSource ?? '').trim();
    if (!code) return appTarget(this.handle);
    const ds = await this.db
      .selectFrom('sysDataSource')
      .select(['code', 'dbUrl', 'dbUsername', 'dbPassword'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!ds || !ds.dbUrl) throw businessError(`数据源 ${code} 不存在`);
    return dataSourceTarget(
      { code: ds.code, dbUrl: ds.dbUrl, dbUsername: ds.dbUsername, dbPassword: ds.dbPassword ? this.box.open(ds.dbPassword) : null },
      allowedDataSourceHosts(this.ctx.config),
      this.ctx.log,
    );
  }

  async allowedTables(dbSource: string | null | undefined): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('onlReportTable')
      .select('tableName')
      .where('dbSource', '=', (dbSource ?? '').trim())
      .execute();
    return new Set(rows.map((r) => r.tableName.toLowerCase()));
  }

  async listTables(dbSource: string | null | undefined) {
    return this.db
      .selectFrom('onlReportTable')
      .selectAll()
      .where('dbSource', '=', (dbSource ?? '').trim())
      .orderBy('tableName')
      .execute();
  }

  async allowTable(user: CurrentUser, dbSource: string | null | undefined, tableName: string): Promise<void> {
    const source = (dbSource ?? '').trim();
    const t = tableName.toLowerCase();
    const exists = await this.db
      .selectFrom('onlReportTable')
      .select('id')
      .where('dbSource', '=', source)
      .where('tableName', '=', t)
      .executeTakeFirst();
    if (exists) throw businessError('该表已在可查询列表中');
    if (source) await this.target(source);
    await this.db
      .insertInto('onlReportTable')
      .values({ id: newId(), dbSource: source, tableName: t, createBy: user.username, createTime: now() })
      .execute();
  }

  async disallowTable(id: string): Promise<void> {
    await this.db.deleteFrom('onlReportTable').where('id', '=', id).execute();
  }

  // ---- checking and dry runs ----

  private async prepare(cgrSql: string, dbSource: string | null | undefined): Promise<{ pieces: Piece[]; target: ReportTarget }> {
    const pieces = tokenize(cgrSql);
    const target = await this.target(dbSource);
    const allowed = await this.allowedTables(dbSource);
    checkSelect(pieces, target.dialect, (t) => allowed.has(t));
    for (const p of pieces) if (p.kind === 'sysvar' && !SYSTEM_VARS[p.name]) throw businessError(`未知的系统变量 #{${p.name}}`);
    return { pieces, target };
  }

  private valueOf(user: CurrentUser, params: Record<string, string>) {
    return (p: Extract<Piece, { kind: 'param' | 'sysvar' }>) =>
      p.kind === 'sysvar' ? SYSTEM_VARS[p.name](user) : (params[p.name] ?? '');
  }

  /** The stock designer's 解析SQL: columns from a dry run (no rows read) and the `${…}` parameters. */
  async parseSql(_user: CurrentUser, cgrSql: string, dbKey?: string | null) {
    const { pieces, target } = await this.prepare(cgrSql, dbKey);
    // Placeholders as NULL: no values are needed to learn the columns, and no rows are read.
    const inner = render(pieces, target.dialect);
    const [r] = await target.run([{ sql: `SELECT * FROM (${inner.sql}) rp WHERE 1 = 0`, values: [] }]);
    const fields = r.columns.map((c, i) => ({
      fieldName: c,
      fieldTxt: c,
      fieldType: 'String',
      isShow: 1,
      isSearch: 0,
      isTotal: 0,
      searchMode: 'single',
      orderNum: i + 1,
    }));
    const params = paramNames(pieces).map((name, i) => ({ paramName: name, paramTxt: name, paramValue: '', orderNum: i + 1 }));
    return { fields, params };
  }

  // ---- the designer ----

  /**
   * The designs a designer sees: their company's and the group company's (shared configuration, read-only to
   * other companies); group level sees every company's.
   */
  async list(user: CurrentUser, q: { code?: string; name?: string; pageNo: number; pageSize: number }) {
    let base = this.db.selectFrom('onlCgreportHead');
    if (!isGroupLevel(user)) {
      const company = /^[A-Z][0-9]{2}$/.test(user.company) ? user.company : null;
      base = base.where((eb) =>
        eb.or([
          eb('sysOrgCode', 'is', null),
          eb('sysOrgCode', 'like', `${GROUP_COMPANY}%`),
          ...(company ? [eb('sysOrgCode', 'like', `${company}%`)] : []),
        ]),
      );
    }
    if (q.code) base = base.where(likeContains('code', q.code.replace(/\*/g, '')));
    if (q.name) base = base.where(likeContains('name', q.name.replace(/\*/g, '')));
    return runPage<typeof base, OnlCgreportHead>(base, (b) => b.selectAll().orderBy('createTime', 'desc').orderBy('id'), { pageNo: q.pageNo, pageSize: q.pageSize });
  }

  async items(headId: string) {
    return this.db.selectFrom('onlCgreportItem').selectAll().where('cgrheadId', '=', headId).orderBy('orderNum').orderBy('fieldName').execute();
  }

  async params(headId: string) {
    return this.db.selectFrom('onlCgreportParam').selectAll().where('cgrheadId', '=', headId).orderBy('orderNum').orderBy('paramName').execute();
  }

  /** Add (no head id) or editAll (head id): the head, its columns and parameters in one transaction. */
  async save(user: CurrentUser, input: ReportSave, edit: boolean): Promise<string> {
    const h = input.head;
    if (edit && !h.id) throw businessError('缺少报表 id');
    if (edit) await this.assertEditable(user, [h.id!]);
    const dup = await this.db
      .selectFrom('onlCgreportHead')
      .select('id')
      .where('code', '=', h.code)
      .$if(edit, (qb) => qb.where('id', '!=', h.id!))
      .executeTakeFirst();
    if (dup) throw businessError('报表编码已存在');
    // The statement is checked and dry-run now, so a saved report always runs and every configured
    // column (used for search and sort) is a real column of its result.
    const parsed = await this.parseSql(user, h.cgrSql, h.dbSource);
    const columns = new Set(parsed.fields.map((f) => f.fieldName));
    for (const it of input.items) {
      if (!columns.has(it.fieldName.toLowerCase())) throw businessError(`字段 ${it.fieldName} 不在查询结果中`);
    }
    const t = now();
    const id = edit ? h.id! : newId();
    await this.db.transaction().execute(async (trx) => {
      const head = {
        code: h.code,
        name: h.name,
        cgrSql: h.cgrSql,
        dbSource: h.dbSource?.trim() || null,
        content: h.content ?? null,
        returnValField: h.returnValField ?? null,
        returnTxtField: h.returnTxtField ?? null,
        returnType: h.returnType === undefined || h.returnType === null ? null : String(h.returnType),
      };
      if (edit) {
        const r = await trx.updateTable('onlCgreportHead').set({ ...head, updateBy: user.username, updateTime: t }).where('id', '=', id).executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw businessError('报表不存在');
        // The designer sends the whole set of columns and parameters: replace them.
        await trx.deleteFrom('onlCgreportItem').where('cgrheadId', '=', id).execute();
        await trx.deleteFrom('onlCgreportParam').where('cgrheadId', '=', id).execute();
      } else {
        await trx
          .insertInto('onlCgreportHead')
          .values({ id, ...head, sysOrgCode: user.orgCode ?? null, createBy: user.username, createTime: t, updateBy: null, updateTime: null })
          .execute();
      }
      if (input.items.length)
        await trx
          .insertInto('onlCgreportItem')
          .values(
            input.items.map((it, i) => ({
              id: newId(),
              cgrheadId: id,
              fieldName: it.fieldName.toLowerCase(),
              fieldTxt: it.fieldTxt,
              fieldType: it.fieldType ?? 'String',
              fieldWidth: typeof it.fieldWidth === 'number' && it.fieldWidth > 0 ? it.fieldWidth : null,
              fieldHref: it.fieldHref || null,
              searchMode: it.searchMode || 'single',
              isSearch: Number(it.isSearch ?? 0),
              isShow: it.isShow === undefined ? 1 : Number(it.isShow),
              isTotal: Number(it.isTotal ?? 0),
              orderNum: it.orderNum ?? i + 1,
              dictCode: it.dictCode || null,
              replaceVal: it.replaceVal || null,
              groupTitle: it.groupTitle || null,
              createBy: user.username,
              createTime: t,
              updateBy: null,
              updateTime: null,
            })),
          )
          .execute();
      if (input.params.length)
        await trx
          .insertInto('onlCgreportParam')
          .values(
            input.params.map((p, i) => ({
              id: newId(),
              cgrheadId: id,
              paramName: p.paramName,
              paramTxt: p.paramTxt,
              paramValue: p.paramValue ?? null,
              orderNum: p.orderNum ?? i + 1,
              createBy: user.username,
              createTime: t,
              updateBy: null,
              updateTime: null,
            })),
          )
          .execute();
    });
    return id;
  }

  /** A design may be changed by its own company, or by group level; anyone else is told it does not exist. */
  async assertEditable(user: CurrentUser, ids: string[]): Promise<void> {
    if (!ids.length || isGroupLevel(user)) return;
    const rows = await this.db.selectFrom('onlCgreportHead').select(['id', 'sysOrgCode']).where('id', 'in', ids).execute();
    if (rows.some((r) => !inCompanyScope(user, r.sysOrgCode))) throw businessError('报表不存在');
  }

  async remove(user: CurrentUser, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.assertEditable(user, ids);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('onlCgreportItem').where('cgrheadId', 'in', ids).execute();
      await trx.deleteFrom('onlCgreportParam').where('cgrheadId', 'in', ids).execute();
      await trx.deleteFrom('onlCgreportHead').where('id', 'in', ids).execute();
    });
  }

  // ---- the report pages ----

  private async headBy(key: 'id' | 'code', value: string): Promise<OnlCgreportHead> {
    const h = await this.db.selectFrom('onlCgreportHead').selectAll().where(key, '=', value).executeTakeFirst();
    if (!h) throw businessError('实体不存在');
    return h;
  }

  private async dictOptions(items: OnlCgreportItem[]) {
    const out: ReportColumnsResult['dictOptions'] = {};
    for (const it of items) {
      if (!it.dictCode) continue;
      const opts = await this.dicts.items(it.dictCode);
      out[it.fieldName] = (opts ?? []).map((o) => ({ value: String(o.value), text: o.text, title: o.text, label: o.text }));
    }
    return out;
  }

  /** By report code (the stock contract); a report id is accepted too, as menu URLs carry the id. */
  async columns(code: string): Promise<ReportColumnsResult> {
    const head =
      (await this.db.selectFrom('onlCgreportHead').selectAll().where('code', '=', code).executeTakeFirst()) ??
      (await this.headBy('id', code));
    const items = (await this.items(head.id)).filter((i) => i.isShow === 1);
    return {
      columns: items.map((i) => ({
        title: i.fieldTxt ?? i.fieldName,
        dataIndex: i.fieldName,
        fieldType: i.fieldType ?? 'String',
        align: 'center' as const,
        sorter: 'true' as const,
        isTotal: String(i.isTotal ?? 0),
        groupTitle: i.groupTitle,
        ...(i.fieldWidth ? { fieldWidth: i.fieldWidth } : {}),
        ...(i.dictCode ? { customRender: i.fieldName } : {}),
      })),
      dictOptions: await this.dictOptions(items),
      fieldHrefSlots: items.filter((i) => i.fieldHref).map((i) => ({ slotName: `fieldHref_${i.fieldName}`, href: i.fieldHref! })),
      isGroupTitle: items.some((i) => !!i.groupTitle),
      cgRpConfigId: head.id,
      cgRpConfigName: head.name,
    };
  }

  async queryInfo(id: string): Promise<ReportQueryInfo[]> {
    await this.headBy('id', id);
    const items = (await this.items(id)).filter((i) => i.isSearch === 1);
    return items.map((i, n) => ({
      label: i.fieldTxt ?? i.fieldName,
      field: i.fieldName,
      mode: i.searchMode === 'group' ? 'group' : 'single',
      view: i.dictCode ? 'list' : (i.fieldType ?? 'string').toLowerCase(),
      ...(i.dictCode ? { dictCode: i.dictCode } : {}),
      ...(n >= 2 ? { hidden: '1' as const } : {}),
    }));
  }

  async paramsInfo(id: string): Promise<OnlCgreportParam[]> {
    await this.headBy('id', id);
    return this.params(id);
  }

  /**
   * One page of a report (or up to REPORT_MAX_ROWS rows for an export). Parameters come from `self_<name>`
   * (else the default value, else ''); search values filter the wrapped statement; the sort column must be
   * one of the report's columns.
   */
  async data(user: CurrentUser, id: string, q: ReportQuery, opts: { all?: boolean } = {}): Promise<ReportDataResult & { head: OnlCgreportHead; items: OnlCgreportItem[] }> {
    const head = await this.headBy('id', id);
    const items = await this.items(id);
    const declared = await this.params(id);
    const { pieces, target } = await this.prepare(head.cgrSql, head.dbSource);
    const d = target.dialect;
    const paramValues: Record<string, string> = {};
    for (const p of declared) paramValues[p.paramName] = p.paramValue ?? '';
    for (const name of paramNames(pieces)) {
      const v = q[`self_${name}`];
      if (v !== undefined) paramValues[name] = String(v);
    }
    const inner = render(pieces, d, this.valueOf(user, paramValues));
    const values = [...inner.values];
    const ph = () => (d === 'postgres' ? `$${values.length}` : '?');
    const conds: string[] = [];
    const bind = (v: unknown) => {
      values.push(v);
      return ph();
    };
    for (const it of items.filter((i) => i.isSearch === 1)) {
      const col = `rp.${quoteIdent(it.fieldName, d)}`;
      if (it.searchMode === 'group') {
        const b = q[`${it.fieldName}_begin`];
        const e = q[`${it.fieldName}_end`];
        if (b) conds.push(`${col} >= ${bind(b)}`);
        if (e) conds.push(`${col} <= ${bind(e)}`);
        continue;
      }
      const v = q[it.fieldName];
      if (v === undefined || v === '') continue;
      if (v.includes('*')) {
        const pattern = escapeLike(v).replace(/\*/g, '%');
        conds.push(`${castText(col, d)} LIKE ${bind(pattern)} ESCAPE ${d === 'mysql' ? "'\\\\'" : "'\\'"}`);
      } else if (it.dictCode && v.includes(',')) {
        const parts = v.split(',').filter(Boolean).slice(0, 100);
        conds.push(`${castText(col, d)} IN (${parts.map((p) => bind(p)).join(', ')})`);
      } else conds.push(`${castText(col, d)} = ${bind(v)}`);
    }
    const where = conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
    let order = '';
    if (q.column) {
      const sortItem = items.find((i) => i.fieldName === String(q.column).toLowerCase());
      if (!sortItem) throw businessError('排序字段不是报表的字段');
      order = ` ORDER BY rp.${quoteIdent(sortItem.fieldName, d)} ${q.order === 'asc' ? 'ASC' : 'DESC'}`;
    }
    const pageSize = opts.all ? REPORT_LIMITS.maxRows : Math.min(Math.max(Number(q.pageSize) || 10, 1), 500);
    const pageNo = opts.all ? 1 : Math.max(Number(q.pageNo) || 1, 1);
    const totals = items.filter((i) => i.isTotal === 1);
    const sums = totals.map((i) => `, SUM(rp.${quoteIdent(i.fieldName, d)}) AS ${quoteIdent(`t_${i.fieldName}`, d)}`).join('');
    const from = `FROM (${inner.sql}) rp${where}`;
    const [count, page] = await target.run([
      { sql: `SELECT COUNT(*) AS total${sums} ${from}`, values },
      {
        sql: `SELECT rp.* ${from}${order} LIMIT ${Math.floor(pageSize)} OFFSET ${Math.floor((pageNo - 1) * pageSize)}`,
        values,
      },
    ]);
    const c = count.rows[0] ?? {};
    return {
      total: Number(c.total ?? 0),
      records: page.rows,
      ...(totals.length ? { totals: Object.fromEntries(totals.map((i) => [i.fieldName, c[`t_${i.fieldName}`] === null || c[`t_${i.fieldName}`] === undefined ? null : Number(c[`t_${i.fieldName}`])])) } : {}),
      head,
      items,
    };
  }
}

/** Compares search values as text so a value typed in a search box matches numbers and dates alike. */
function castText(col: string, d: ReportDialect): string {
  return d === 'mysql' ? `CAST(${col} AS CHAR)` : `CAST(${col} AS TEXT)`;
}
