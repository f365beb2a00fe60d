import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import {
  computeValues,
  formPerms,
  formSchema,
  formTitle,
  optionText,
  requiredMessage,
  snake,
  type FieldDecl,
  type FormDeclaration,
  type FormValues,
} from '@go/contract/forms/index';
import { companyOf, GROUP_COMPANY, type CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { prepared, preparedWrite } from '../../platform/db/prepared.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { recordChanges, type Values } from '../../platform/audit/audit.js';
import type { FinishOutcome, FormChangeLog, FormType } from '../workflow/form-registry.js';
import { checkDeclaration } from './form-table.js';

/** Server-only behaviour of a form type, run inside the engine's transaction with its db handle. */
export interface FormHooks {
  /** each approval (pass) with the approval payload (e.g. the performance score) */
  onApprove?(db: Database, id: string, payload: Record<string, unknown>, approver: string): Promise<void>;
  /** the end of the process: passed, rejected or withdrawn */
  onFinish?(db: Database, id: string, outcome: FinishOutcome): Promise<void>;
  /** who may see the applicant in the form's list, detail and export (e.g. anonymous proposals) */
  applicantPrivacy?: ApplicantPrivacy;
}

/**
 * Rows whose applicant some readers may not see. `hidden` is an SQL condition on the form row (alias `f`):
 * true where the row's applicant is hidden from the user. Such rows are shown through `mask`, their
 * applicant name does not match a search by name, and a title search matches `shownTitle`.
 */
export interface ApplicantPrivacy {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  hidden(eb: ExpressionBuilder<any, any>, user: CurrentUser): Expression<SqlBool>;
  mask(row: Record<string, unknown>): Record<string, unknown>;
  /** the title a hidden row shows, as an SQL expression (for the title search) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  shownTitle(eb: ExpressionBuilder<any, any>): Expression<string>;
}

/** A form type built from its declaration (what the engine sees) with the declaration kept for lists. */
export interface DeclaredFormType extends FormType {
  declaration: FormDeclaration;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
const any = (db: Database) => db as unknown as AnyDb;

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** Dictionary texts of the declaration's dictionary fields for the given values (for titles). */
async function dictTexts(db: Database, fields: FieldDecl[], values: FormValues): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of fields) {
    const v = values[f.key];
    if (!f.dict || isBlank(v)) continue;
    const r = await db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      .select('i.itemText')
      .where('d.dictCode', '=', f.dict)
      .where('i.itemValue', '=', String(v))
      .executeTakeFirst();
    if (r?.itemText) out.set(f.key, r.itemText);
  }
  return out;
}

/** Normalised values with the computed fields, as stored (items as an array). */
function withComputed(d: FormDeclaration, data: FormValues): FormValues {
  return { ...data, ...computeValues(d, data) };
}

/** The column values of a row from the values (only the given fields). */
function columnValues(d: FormDeclaration, values: FormValues, fields: FieldDecl[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    out[f.key] = v === undefined ? null : v;
  }
  if (d.items && values[d.items.key] !== undefined) out[d.items.key] = JSON.stringify(values[d.items.key] ?? []);
  return out;
}

/** Reads a stored row back into wire values (items parsed, file and user lists as strings). */
export function rowValues(d: FormDeclaration, r: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const f of d.fields) {
    const v = r[f.key];
    out[f.key] = (f.type === 'files' || f.type === 'users') && (v === null || v === undefined) ? '' : (v ?? null);
  }
  if (d.items) {
    const raw = r[d.items.key];
    try {
      out[d.items.key] = typeof raw === 'string' && raw ? (JSON.parse(raw) as unknown[]) : [];
    } catch {
      out[d.items.key] = [];
    }
  }
  return out;
}

/** Names of the codes the `ref` fields of these rows hold (positions: code → 职务 name), one query. */
export async function refNames(db: Database, d: FormDeclaration, rows: Record<string, unknown>[]): Promise<Map<string, string>> {
  const codes = new Set<string>();
  for (const f of d.fields) if (f.ref === 'position') for (const r of rows) if (!isBlank(r[f.key])) codes.add(String(r[f.key]));
  if (!codes.size) return new Map();
  const found = await db.selectFrom('sysPosition').select(['code', 'name']).where('code', 'in', [...codes].slice(0, 1000)).execute();
  return new Map(found.map((p) => [p.code, p.name]));
}

/** `<key>_dictText` of the `ref` fields of a row: the name, or '' when the code names nothing stored. */
export function refTexts(d: FormDeclaration, r: Record<string, unknown>, names: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of d.fields) if (f.ref) out[`${f.key}_dictText`] = isBlank(r[f.key]) ? '' : (names.get(String(r[f.key])) ?? '');
  return out;
}

/** The values gateway conditions see besides the fields (`gateway` of the declaration). */
export function gatewayValues(d: FormDeclaration, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const [k, fn] of Object.entries(d.gateway ?? {})) out[k] = fn(values);
  return out;
}

/**
 * Values that name something stored: a dictionary item (`dict`) must exist in its dictionary, a user
 * (`user`, `users`) must be an existing account — else 请选择<label>.
 */
async function assertReferences(db: Database, d: FormDeclaration, values: FormValues): Promise<void> {
  for (const f of d.fields) {
    const v = values[f.key];
    if (f.input === false || isBlank(v)) continue;
    if (f.dict && !f.options) {
      const hit = await db
        .selectFrom('sysDictItem as i')
        .innerJoin('sysDict as dd', 'dd.id', 'i.dictId')
        .select('i.id')
        .where('dd.dictCode', '=', f.dict)
        .where('i.itemValue', '=', String(v))
        .executeTakeFirst();
      if (!hit) throw businessError(`请选择${f.label}`);
    }
    if (f.ref === 'position') {
      const hit = await db.selectFrom('sysPosition').select('id').where('code', '=', String(v)).executeTakeFirst();
      if (!hit) throw businessError(requiredMessage(f));
    }
    if (f.type === 'user' || f.type === 'users') {
      const names = [...new Set(String(v).split(',').map((x) => x.trim()).filter(Boolean))];
      const found = names.length ? await db.selectFrom('sysUser').select('username').where('username', 'in', names).where('delFlag', '=', 0).execute() : [];
      if (found.length !== names.length) throw businessError(`请选择${f.label}`);
    }
  }
}

async function assertUnique(db: Database, d: FormDeclaration, values: FormValues, selfId?: string): Promise<void> {
  for (const f of d.fields) {
    const v = values[f.key];
    if (!f.unique || isBlank(v)) continue;
    let q = any(db).selectFrom(d.key).select('id').where(f.key, '=', v);
    if (selfId) q = q.where('id', '<>', selfId);
    if (await q.executeTakeFirst()) throw businessError(f.unique);
  }
}

/**
 * The level at which an approver claims an application (docs/forms.md, claimOrgCodeValue): a group-level (A01) approver claims at
 * group level unless the payload's `claimOrgCodeValue` names a company; a company approver always claims at
 * their own company (a company user cannot claim for the group).
 */
export async function claimLevel(db: Database, payload: Record<string, unknown>, approver: string): Promise<string> {
  const u = await db.selectFrom('sysUser').select('orgCode').where('username', '=', approver).executeTakeFirst();
  const own = companyOf(u?.orgCode) || GROUP_COMPANY;
  if (own !== GROUP_COMPANY) return own;
  return companyOf(typeof payload.claimOrgCodeValue === 'string' ? payload.claimOrgCodeValue : '') || GROUP_COMPANY;
}

/**
 * The engine's form type for a declaration: validation (the shared zod schema), storage in the
 * declaration's table, the title rule, gateway values, and the hooks. A group-claim form type is marked
 * group level (`claimOrgCode` A01) when a group-level approver passes it (or the approval payload names
 * `claimOrgCodeValue` A01).
 */
export function declaredFormType(d: FormDeclaration, hooks: FormHooks = {}): DeclaredFormType {
  checkDeclaration(d);
  const entered = d.fields.filter((f) => f.input !== false);
  const computed = d.fields.filter((f) => f.compute);
  const stored = [...entered, ...computed];
  const changeLog = formChangeLog(d);
  const audited = Object.keys(changeLog.fields);
  const pick = (r: Record<string, unknown>): Values => Object.fromEntries(audited.map((k) => [k, r[k]]));
  const rowOf = async (db: Database, id: string) => (await any(db).selectFrom(d.key).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const target = (id: string, r: Record<string, unknown>) => ({ type: d.key, id, name: (r.title as string | null) ?? null, orgCode: (r.sysOrgCode as string | null) ?? null });
  const titleOf = async (db: Database, values: FormValues, applicantName: string, given: unknown) => {
    if (typeof given === 'string' && given.trim()) return given.trim();
    const texts = await dictTexts(db, d.fields, values);
    return formTitle(d, values, {
      applicantName,
      text: (key) => texts.get(key) ?? optionText(d.fields.find((f) => f.key === key), values[key]),
    });
  };
  // the approval engine's read of the form row and its status write: built once per form type
  const loadRow = prepared((db: Database, id: string) => any(db).selectFrom(d.key).selectAll().where('id', '=', id).where('delFlag', '=', 0), 1);
  const setActStatus = (db: Database, text: string, id: string) => any(db).updateTable(d.key).set({ actStatus: text }).where('id', '=', id);
  const writeActStatus = prepared(setActStatus, 2);
  const actStatusWrite = preparedWrite(setActStatus, 2);
  return {
    declaration: d,
    tableName: d.key,
    routeName: d.routeName,
    label: d.label,
    endLabel: d.endLabel,
    passPath: d.passPath ?? 'pass',
    commentRequired: !!d.commentRequired,
    fullScreen: d.layout === 'full',
    schema: formSchema(d),
    changeLog,
    async create(db, applicant, data) {
      const values = withComputed(d, data);
      await assertReferences(db, d, values);
      await assertUnique(db, d, values);
      const id = newId();
      const title = await titleOf(db, values, applicant.realname, data.title);
      await any(db)
        .insertInto(d.key)
        .values({
          id,
          title,
          applicant: applicant.username,
          applicantName: applicant.realname,
          sysOrgCode: applicant.orgCode,
          actStatus: null,
          delFlag: 0,
          createBy: applicant.username,
          createTime: now(),
          updateBy: null,
          updateTime: null,
          ...columnValues(d, values, stored),
        })
        .execute();
      const written = { title, ...columnValues(d, values, stored) };
      await recordChanges(db, target(id, { title, sysOrgCode: applicant.orgCode }), null, written, { fields: audited });
      return { id, title };
    },
    async update(db, id, data, by) {
      const values = withComputed(d, data);
      await assertReferences(db, d, values);
      await assertUnique(db, d, values, id);
      const row = await rowOf(db, id);
      const title = await titleOf(db, values, (row.applicantName as string | null) ?? '', data.title);
      const written = { title, ...columnValues(d, values, stored) };
      await any(db)
        .updateTable(d.key)
        .set({ ...written, updateBy: by, updateTime: now() })
        .where('id', '=', id)
        .execute();
      await recordChanges(db, target(id, { ...row, title }), pick(row), written, { fields: audited });
      return { title };
    },
    async load(db, id) {
      const r = (await loadRow(db, id)).rows[0] as Record<string, unknown> | undefined;
      if (!r) return undefined;
      const values = rowValues(d, r);
      const refs = refTexts(d, values, await refNames(db, d, [values]));
      return {
        id: r.id,
        title: r.title,
        applicant: r.applicant,
        applicantName: r.applicantName,
        sysOrgCode: r.sysOrgCode,
        ...values,
        ...refs,
        ...(d.groupClaim ? { claimOrgCode: r.claimOrgCode ?? null } : {}),
        ...gatewayValues(d, values),
        actStatus: r.actStatus,
        createTime: r.createTime,
      };
    },
    async remove(db, id) {
      const row = await rowOf(db, id);
      await any(db).updateTable(d.key).set({ delFlag: 1 }).where('id', '=', id).execute();
      await recordChanges(db, target(id, row), pick(row), null, { fields: audited });
    },
    async setActStatus(db, id, text) {
      await writeActStatus(db, text, id);
    },
    actStatusWrite: (db, id, text) => actStatusWrite(db, text, id),
    async onApprove(db, id, payload, approver) {
      // an approver's changes of the row (the group claim, a hook's fields such as the performance score) are trailed
      const before = d.groupClaim || hooks.onApprove ? await rowOf(db, id) : null;
      if (d.groupClaim && (await claimLevel(db, payload, approver)) === GROUP_COMPANY) {
        await any(db).updateTable(d.key).set({ claimOrgCode: GROUP_COMPANY }).where('id', '=', id).execute();
      }
      await hooks.onApprove?.(db, id, payload, approver);
      if (before) await recordChanges(db, target(id, before), pick(before), pick(await rowOf(db, id)), { fields: audited });
    },
    onFinish: hooks.onFinish ? (db, id, outcome) => hooks.onFinish!(db, id, outcome) : undefined,
  };
}

/**
 * The change trail's view of a declaration (docs/audit.md): the type is named by the form's name, its fields
 * by their declared labels, and it is read with the form's list permissions.
 */
export function formChangeLog(d: FormDeclaration): FormChangeLog {
  const fields: Record<string, string> = { title: '标题' };
  for (const f of d.fields) fields[f.key] = f.label;
  if (d.items) fields[d.items.key] = d.items.label;
  if (d.groupClaim) fields.claimOrgCode = '集团审批';
  return { label: d.name, fields, perms: formPerms(d) };
}

/** The snake_case column of a field (for raw SQL; Kysely calls use the camelCase key). */
export const columnOf = (key: string) => snake(key);
