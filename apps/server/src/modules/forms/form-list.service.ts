import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { escapeLike } from '@go/contract';
import { z } from 'zod';
import { formPerms, optionText, type FieldDecl, type FormDeclaration } from '@go/contract/forms/index';
import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { businessError } from '../../platform/http/errors.js';
import { RESULT_TEXT, STATUS_TEXT } from '../workflow/workflow.queries.js';
import { refNames, refTexts, rowValues, type ApplicantPrivacy } from './declared-form.js';
import { likeContains } from '../../platform/query/like.js';
import { applyConditions, applySort, paging, runPage, type Condition, type Whitelist } from '../../platform/query/query-builder.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

const optInt = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d*$/)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(min).max(max).optional());

const LIKE_TYPES = new Set(['text', 'textarea', 'users', 'files']);

/**
 * A search value of a field, checked before the query runs (an export answers 400 instead of breaking off
 * mid-stream): numbers must be numbers within the field's range, fixed options one of the options.
 */
function searchValue(f: FieldDecl): z.ZodType<string | undefined> {
  const text = z.string().max(200).optional();
  const invalid = f.invalidMessage ?? `请输入正确的${f.label}`;
  if (f.type === 'integer' || f.type === 'number' || f.type === 'money') {
    const pattern = f.type === 'integer' ? /^-?\d{1,15}$/ : /^-?\d{1,15}(\.\d{1,6})?$/;
    return text.superRefine((v, ctx) => {
      const s = v?.trim();
      if (!s) return;
      if (!pattern.test(s)) return void ctx.addIssue({ code: 'custom', message: invalid });
      const n = Number(s);
      if ((f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max)) ctx.addIssue({ code: 'custom', message: f.rangeMessage ?? invalid });
    });
  }
  if (f.options?.length) {
    const values = new Set(f.options.map((o) => String(o.value)));
    return text.refine((v) => !v?.trim() || values.has(v.trim()), `请选择正确的${f.label}`);
  }
  return text;
}

/** The list query of a declaration: the common filters, one per searchable field, and the sort. */
export function listQuerySchema(d: FormDeclaration) {
  const extra: Record<string, z.ZodType<string | undefined>> = {};
  for (const f of d.fields) if (f.search) extra[f.key] = searchValue(f);
  return z.looseObject({
    title: z.string().max(200).optional(),
    applicantName: z.string().max(100).optional(),
    status: optInt(0, 3),
    result: optInt(0, 5),
    pageNo: optInt(1, 100000),
    pageSize: optInt(1, 500),
    column: z.string().max(64).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    ...extra,
  });
}

export type ListQuery = Record<string, unknown> & {
  title?: string;
  applicantName?: string;
  status?: number;
  result?: number;
  pageNo?: number;
  pageSize?: number;
  column?: string;
  order?: 'asc' | 'desc';
};


/** A form row as read by the lists: the columns every form type has (declared fields pass through). */
type FormRow = {
  id: string;
  title: string | null;
  applicant: string | null;
  applicantName: string | null;
  sysOrgCode: string | null;
  actStatus: string | null;
  createTime: string | null;
  businessId: string | null;
  procInstId: string | null;
  status: number | null;
  result: number | null;
  applyTime: string | null;
  [key: string]: unknown;
};

/** A form row as stored (the detail). */
type FormDetailRow = { id: string; title: string | null; applicant: string | null; applicantName: string | null; [key: string]: unknown };

/**
 * Lists, details and exports of declared form types, company scoped: holders of the type's `all`
 * permission see their company (every company at A01), everyone else only their own rows.
 */
export class FormListService {
  constructor(
    private readonly db: Database,
    private readonly privacy?: ApplicantPrivacy,
  ) {}

  private base(user: CurrentUser, d: FormDeclaration, q: ListQuery, all: boolean) {
    const k = this.db as unknown as AnyDb;
    let base = k
      .selectFrom(`${d.key} as f`)
      .leftJoin('wfBusiness as b', (j) => j.onRef('b.tableId', '=', 'f.id').on('b.tableName', '=', d.key))
      .where('f.delFlag', '=', 0);
    base = scopeToCompany(base, user, 'f.sysOrgCode');
    if (!all) base = base.where('f.applicant', '=', user.username);
    const privacy = this.privacy;
    if (q.title?.trim()) {
      const title = q.title.trim();
      // a row whose applicant is hidden matches on the title it shows, not on the stored one
      base = privacy
        ? base.where((eb) =>
            eb.or([
              eb.and([eb.not(privacy.hidden(eb, user)), likeContains('f.title', title)]),
              eb.and([privacy.hidden(eb, user), sql<SqlBool>`${privacy.shownTitle(eb)} like ${`%${escapeLike(title)}%`} escape '\\'`]),
            ]),
          )
        : base.where(likeContains('f.title', title));
    }
    if (q.applicantName?.trim()) {
      base = base.where(likeContains('f.applicantName', q.applicantName.trim()));
      if (privacy) base = base.where((eb) => eb.not(privacy.hidden(eb, user)));
    }
    // values compared as given (no query syntax: a comma or `!` in a value is part of it)
    const equal: Condition[] = [];
    if (q.status !== undefined) equal.push({ field: 'status', rule: 'eq', value: q.status });
    if (q.result !== undefined) equal.push({ field: 'result', rule: 'eq', value: q.result });
    for (const f of d.fields) {
      const v = q[f.key];
      if (!f.search || typeof v !== 'string' || !v.trim()) continue;
      if (LIKE_TYPES.has(f.type)) base = base.where(likeContains(`f.${f.key}`, v.trim()));
      else equal.push({ field: f.key, rule: 'eq', value: v.trim() });
    }
    return applyConditions(base, equal, this.whitelist(d));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private columns(d: FormDeclaration, user: CurrentUser): any[] {
    const privacy = this.privacy;
    return [
      ...(privacy
        ? // eslint-disable-next-line @typescript-eslint/no-explicit-any
          [(eb: any) => eb.case().when(privacy.hidden(eb, user)).then(1).else(0).end().as('applicantHidden')]
        : []),
      'f.id',
      'f.title',
      'f.applicant',
      'f.applicantName',
      'f.sysOrgCode',
      ...d.fields.map((f) => `f.${f.key}`),
      ...(d.items ? [`f.${d.items.key}`] : []),
      ...(d.groupClaim ? ['f.claimOrgCode'] : []),
      'f.actStatus',
      'f.createTime',
      'b.id as businessId',
      'b.procInstId',
      'b.status',
      'b.result',
      'b.applyTime',
    ];
  }

  /** Real names of the accounts the user fields of these rows name (one query). */
  private async names(d: FormDeclaration, rows: Record<string, unknown>[]): Promise<Map<string, string>> {
    const fields = d.fields.filter((f) => f.type === 'user' || f.type === 'users');
    const wanted = new Set<string>();
    for (const r of rows) for (const f of fields) for (const u of String(r[f.key] ?? '').split(',')) if (u.trim()) wanted.add(u.trim());
    if (!wanted.size) return new Map();
    const found = await this.db.selectFrom('sysUser').select(['username', 'realname']).where('username', 'in', [...wanted].slice(0, 1000)).execute();
    return new Map(found.map((u) => [u.username, u.realname ?? u.username]));
  }

  /** A row as this reader may see it: without its applicant when that is hidden from them. */
  private shown<R extends Record<string, unknown>>(r: R): R {
    if (!this.privacy) return r;
    const { applicantHidden, ...rest } = r as R & { applicantHidden?: unknown };
    return (Number(applicantHidden) === 1 ? this.privacy.mask(rest) : rest) as R;
  }

  private record(
    d: FormDeclaration,
    row: FormRow,
    names: Map<string, string> = new Map(),
    refs: Map<string, string> = new Map(),
  ): FormRow & { status_dictText: string; result_dictText: string } {
    const r = this.shown(row);
    // coded fields (`ref`): `<key>_dictText` the name (a 职务 code reads as its name)
    const texts: Record<string, string> = refTexts(d, r, refs);
    for (const f of d.fields) if (f.options) texts[`${f.key}_dictText`] = optionText(f, r[f.key]);
    // user fields: `<key>_dictText` the real names (董建、胡斌)
    for (const f of d.fields) {
      if (f.type !== 'user' && f.type !== 'users') continue;
      const list = String(r[f.key] ?? '').split(',').map((u) => u.trim()).filter(Boolean);
      texts[`${f.key}_dictText`] = list.map((u) => names.get(u) ?? u).join('、');
    }
    const { status, result } = r;
    return {
      ...r,
      ...rowValues(d, r),
      ...texts,
      status_dictText: status === null || status === undefined ? '' : STATUS_TEXT[status],
      result_dictText: result === null || result === undefined ? '' : RESULT_TEXT[result],
    };
  }

  /**
   * The filter and sort fields of a declaration: status and result of the application, the searchable
   * fields compared by value, and the sortable ones (createTime and the fields declared `sort`).
   */
  private whitelist(d: FormDeclaration): Whitelist {
    const wl: Whitelist = {
      status: { column: 'b.status', type: 'number', sortable: false },
      result: { column: 'b.result', type: 'number', sortable: false },
      createTime: { column: 'f.createTime', filterable: false },
    };
    for (const f of d.fields as FieldDecl[]) {
      if (f.search || f.sort) wl[f.key] = { column: `f.${f.key}`, sortable: !!f.sort, filterable: !!f.search };
    }
    return wl;
  }

  /** `column`/`order` on a sortable field (anything else: newest first), then the id. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private sorted<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, d: FormDeclaration, q: ListQuery): QB {
    const wl = this.whitelist(d);
    const spec = q.column ? wl[q.column] : undefined;
    const sortable = !!spec && typeof spec !== 'string' && spec.sortable !== false;
    const sorted = sortable ? applySort(qb, { column: q.column, order: q.order ?? 'desc' }, wl) : applySort(qb, {}, wl, { field: 'createTime', order: 'desc' });
    return sorted.orderBy('f.id', 'desc') as QB;
  }

  async list(user: CurrentUser, d: FormDeclaration, q: ListQuery, all: boolean) {
    const found = await runPage<AnyQuery, FormRow>(
      this.base(user, d, q, all),
      (b) => this.sorted(b.select(this.columns(d, user)), d, q),
      paging({ pageNo: q.pageNo, pageSize: q.pageSize }, 500),
    );
    const names = await this.names(d, found.records);
    const refs = await refNames(this.db, d, found.records);
    return { ...found, records: found.records.map((r) => this.record(d, r, names, refs)) };
  }

  /** Every matching row (the export), in pages of 500. */
  async *all(user: CurrentUser, d: FormDeclaration, q: ListQuery, all: boolean): AsyncIterable<Record<string, unknown>> {
    for (let offset = 0; ; offset += 500) {
      const rows = (await this.sorted(this.base(user, d, q, all).select(this.columns(d, user)), d, q)
        .limit(500)
        .offset(offset)
        .execute()) as FormRow[];
      const names = await this.names(d, rows);
      const refs = await refNames(this.db, d, rows);
      for (const r of rows) yield this.record(d, r, names, refs);
      if (rows.length < 500) return;
    }
  }

  async one(user: CurrentUser, d: FormDeclaration, id: string, all: boolean) {
    const privacy = this.privacy;
    let q = (this.db as unknown as AnyDb).selectFrom(`${d.key} as f`).selectAll('f').where('f.id', '=', id).where('f.delFlag', '=', 0);
    if (privacy) q = q.select((eb) => eb.case().when(privacy.hidden(eb, user)).then(1).else(0).end().as('applicantHidden'));
    q = scopeToCompany(q, user, 'f.sysOrgCode');
    const r = (await q.executeTakeFirst()) as FormDetailRow | undefined;
    if (!r || (!all && r.applicant !== user.username)) throw businessError('未找到对应数据');
    const values = rowValues(d, r);
    return this.shown({ ...r, ...values, ...refTexts(d, values, await refNames(this.db, d, [values])) });
  }

  static perms(d: FormDeclaration) {
    return formPerms(d);
  }
}
