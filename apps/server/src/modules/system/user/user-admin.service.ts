import { maskValue, validators, zx } from '@go/contract';
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import { GROUP_COMPANY, isGroupLevel, type CurrentUser } from '../../../platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../../../platform/access/scope.js';
import { hashPassword, newSalt } from '../../../platform/auth/password.js';
import type { AppContext } from '../../../platform/context.js';
import { newId } from '../../../platform/db/ids.js';
import type { DB, SysUser } from '../../../platform/db/schema.js';
import { now } from '../../../platform/db/time.js';
import { writeLog } from '../../../platform/oplog/oplog.js';
import { recordChanges } from '../../../platform/audit/audit.js';
import { ID_HEADER, streamXlsx, withIdColumn, type ExportColumn } from '../../../platform/excel/excel.js';
import { readImportSheet, type ImportOutcome } from '../../../platform/excel/import-route.js';
import { businessError } from '../../../platform/http/errors.js';
import { likePrefix } from '../../../platform/query/like.js';
import {
  applyConditions,
  applyFilters,
  applySort,
  paging,
  runPage,
  type Params,
  type Whitelist,
} from '../../../platform/query/query-builder.js';
import type { DictService } from '../dict/dict.service.js';
import type { PermissionAdminService } from '../permission/permission-admin.service.js';
import { requirePasswordChange } from '../account/password-state.js';
import { substringTerms, trigramNarrowing, USER_SEARCH } from '../list-search.js';
import { maskBirthday } from './person-search.js';

export const USER_WHITELIST: Whitelist = {
  id: 'u.id',
  username: 'u.username',
  realname: 'u.realname',
  sex: { column: 'u.sex', type: 'number' },
  birthday: { column: 'u.birthday', type: 'date' },
  email: 'u.email',
  phone: 'u.phone',
  orgCode: 'u.orgCode',
  status: { column: 'u.status', type: 'number' },
  workNo: 'u.workNo',
  post: 'u.post',
  telephone: 'u.telephone',
  userIdentity: { column: 'u.userIdentity', type: 'number' },
  createTime: { column: 'u.createTime', type: 'datetime' },
  updateTime: { column: 'u.updateTime', type: 'datetime' },
};

/** The columns a client may see: never password or salt. */
const USER_COLUMNS = [
  'u.id', 'u.username', 'u.realname', 'u.avatar', 'u.birthday', 'u.sex', 'u.email', 'u.phone', 'u.orgCode', 'u.status',
  'u.workNo', 'u.post', 'u.telephone', 'u.userIdentity', 'u.departIds', 'u.relTenantIds', 'u.createBy', 'u.createTime',
  'u.updateBy', 'u.updateTime',
] as const;

/** The columns of the user picker (`queryUserComponentData`). */
const PICK_COLUMNS = ['u.id', 'u.username', 'u.realname', 'u.sex', 'u.phone', 'u.birthday', 'u.orgCode', 'u.post', 'u.departIds', 'u.status', 'u.createTime'] as const;

type Unprefixed<T extends readonly string[]> = { [K in keyof T]: T[K] extends `u.${infer C}` ? C : never }[number];
type UserRow = Pick<SysUser, Unprefixed<typeof USER_COLUMNS>>;

/** The columns the export reads (its cells and the texts they need). */
const EXPORT_SOURCE = ['u.id', 'u.username', 'u.realname', 'u.birthday', 'u.sex', 'u.email', 'u.phone', 'u.orgCode', 'u.status', 'u.workNo', 'u.post', 'u.createTime'] as const;
type ExportSourceRow = Pick<SysUser, Unprefixed<typeof EXPORT_SOURCE>>;
type PickRow = Pick<SysUser, Unprefixed<typeof PICK_COLUMNS>>;

/** What `present` adds to a row: dictionary texts and the department name. */
type UserTexts = {
  sex_dictText: string;
  status_dictText: string;
  userIdentity_dictText: string;
  post_dictText: string;
  departIds_dictText: string;
  orgCodeTxt: string;
  deptName: string;
  deptName_dictText: string;
}

export interface UserInput {
  id?: string;
  username?: string;
  realname?: string;
  password?: string;
  confirmpassword?: string;
  avatar?: string | null;
  birthday?: string | null;
  sex?: number | null;
  email?: string | null;
  phone?: string | null;
  workNo?: string | null;
  post?: string | null;
  telephone?: string | null;
  userIdentity?: number | null;
  /** departments the user leads (user_identity 2) */
  departIds?: string | null;
  relTenantIds?: string | null;
  status?: number;
  /** role ids, comma separated */
  selectedroles?: string;
  /** department ids, comma separated; the first sets the org code */
  selecteddeparts?: string;
}

const csv = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

const EXPORT_COLUMNS: ExportColumn[] = withIdColumn([
  { header: '登录账号', key: 'username' },
  { header: '真实名称', key: 'realname' },
  { header: '性别', key: 'sex_dictText', width: 8 },
  { header: '生日', key: 'birthday', width: 12 },
  { header: '邮箱', key: 'email', width: 28 },
  { header: '手机号码', key: 'phone', width: 14 },
  { header: '工号', key: 'workNo', width: 10 },
  { header: '职务', key: 'post_dictText' },
  { header: '部门', key: 'orgCodeTxt' },
  { header: '状态', key: 'status_dictText', width: 8 },
  { header: '创建时间', key: 'createTime', width: 20 },
]);

/** Header texts the importer understands (export headers plus a few aliases). */
const IMPORT_HEADERS: Record<string, string> = {
  登录账号: 'username',
  用户账号: 'username',
  真实名称: 'realname',
  用户姓名: 'realname',
  性别: 'sex',
  生日: 'birthday',
  邮箱: 'email',
  电子邮件: 'email',
  手机号码: 'phone',
  电话: 'phone',
  工号: 'workNo',
  职务: 'post',
  部门: 'orgCode',
  所属部门: 'orgCode',
  机构编码: 'orgCode',
  状态: 'status',
  密码: 'password',
  座机: 'telephone',
  [ID_HEADER]: 'id',
};


/**
 * Runs the insert of a new account. A name that differs from an existing one only by case can still slip past
 * the check when two requests race; the case-insensitive unique index (`uq_sys_user_username_ci`) refuses it,
 * and the caller sees the same text as for the check.
 */
async function insertUnlessTaken<T>(insert: Promise<T>): Promise<T> {
  try {
    return await insert;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw businessError('用户账号已存在');
    throw err;
  }
}

/** User administration: lists, pickers, add/edit with roles and departments, delete, reset, export, import. */
export class UserAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly dicts: DictService,
    private readonly perms: PermissionAdminService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  private base() {
    return this.db.selectFrom('sysUser as u').where('u.delFlag', '=', 0);
  }

  /** Filters shared by the list, the export and the picker: query rules, department, role, data rules. */
  private async filtered(
    user: CurrentUser,
    params: Params,
    opts: { scope: 'company' | 'group'; dataRules: boolean },
  ): Promise<SelectQueryBuilder<DB & { u: DB['sysUser'] }, 'u', object>> {
    let qb = this.base() as unknown as SelectQueryBuilder<DB & { u: DB['sysUser'] }, 'u', object>;
    // Every scope starts from the caller's company scope; 'group' only narrows it further.
    qb = scopeToCompany(qb, user, 'u.orgCode');
    if (opts.scope === 'group') qb = qb.where(likePrefix('u.orgCode', GROUP_COMPANY));
    qb = applyFilters(qb, params, USER_WHITELIST);
    const departId = typeof params.departId === 'string' ? params.departId : typeof params.deptId === 'string' ? params.deptId : '';
    if (departId) {
      qb = qb.where('u.id', 'in', (eb) => eb.selectFrom('sysUserDepart').select('userId').where('depId', '=', departId));
    }
    const roleId = typeof params.roleId === 'string' ? params.roleId : '';
    if (roleId) qb = qb.where('u.id', 'in', (eb) => eb.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId));
    const selections = typeof params.selections === 'string' ? csv(params.selections) : [];
    if (selections.length) qb = qb.where('u.id', 'in', selections.slice(0, 5000));
    if (opts.dataRules) {
      qb = applyConditions(qb, await this.perms.dataRuleConditionsFor(user, 'system/UserList', USER_WHITELIST), USER_WHITELIST);
    }
    return qb;
  }

  /** Position names by code (read beside a list's page: it does not depend on the rows). */
  private async positionNames(): Promise<Map<string, string>> {
    return new Map((await this.db.selectFrom('sysPosition').select(['code', 'name']).execute()).map((p) => [p.code, p.name]));
  }

  /**
   * Adds `_dictText` fields, orgCodeTxt and deptName. `positions`, when given, is the position read already
   * under way; the department read and the dictionaries go out together.
   */
  private async present<R extends PickRow & { userIdentity?: number | null }>(
    rows: R[],
    positions: Promise<Map<string, string>> = this.positionNames(),
  ): Promise<(Omit<R, 'password' | 'salt'> & UserTexts)[]> {
    const codes = [...new Set(rows.map((r) => r.orgCode).filter(Boolean) as string[])];
    const departIds = [...new Set(rows.flatMap((r) => csv(r.departIds)))];
    const departRead = codes.length || departIds.length
      ? this.db
          .selectFrom('sysDepart')
          .select(['id', 'orgCode', 'departName'])
          .where((eb) => eb.or([eb('orgCode', 'in', codes.length ? codes : ['']), eb('id', 'in', departIds.length ? departIds : [''])]))
          .execute()
      : Promise.resolve([]);
    const dict = async (code: string) => new Map(((await this.dicts.items(code)) ?? []).map((i) => [i.value, i.text]));
    const [posts, departs, sexes, statuses, identities] = await Promise.all([
      positions,
      departRead,
      dict('sex'),
      dict('user_status'),
      dict('user_identity'),
    ]);
    const byCode = new Map(departs.map((d) => [d.orgCode, d.departName]));
    const byId = new Map(departs.map((d) => [d.id, d.departName]));
    const text = (m: Map<string, string>, v: unknown) => (v === null || v === undefined || v === '' ? '' : (m.get(String(v)) ?? String(v)));
    const out: (Omit<R, 'password' | 'salt'> & UserTexts)[] = [];
    for (const r of rows) {
      const { password: _p, salt: _s, ...rest } = r as R & { password?: unknown; salt?: unknown };
      void _p;
      void _s;
      const orgCodeTxt = r.orgCode ? (byCode.get(r.orgCode) ?? '') : '';
      out.push({
        ...rest,
        sex_dictText: text(sexes, r.sex),
        status_dictText: text(statuses, r.status),
        userIdentity_dictText: text(identities, r.userIdentity),
        post_dictText: r.post ? csv(r.post).map((p) => posts.get(p) ?? p).join(',') : '',
        departIds_dictText: csv(r.departIds).map((d) => byId.get(d) ?? d).join(','),
        orgCodeTxt,
        deptName: orgCodeTxt,
        deptName_dictText: orgCodeTxt,
      });
    }
    return out;
  }

  /** The list's filters, with `*x*` searches narrowed by the SQLite trigram table (same rows, found by index). */
  private async searched(user: CurrentUser, params: Params, opts: { scope: 'company' | 'group'; dataRules: boolean }) {
    const base = await this.filtered(user, params, opts);
    const narrow = trigramNarrowing(this.ctx.dbKind, USER_SEARCH, 'u.id', substringTerms(params, USER_WHITELIST, USER_SEARCH));
    return narrow ? base.where(narrow) : base;
  }

  async list(user: CurrentUser, params: Params) {
    const base = await this.searched(user, params, { scope: 'company', dataRules: true });
    // Read beside the page; awaited in present (marked handled, so a failed page leaves no stray rejection).
    const positions = this.positionNames();
    positions.catch(() => undefined);
    const pg = await runPage<typeof base, UserRow>(
      base,
      (qb) => applySort(qb.select([...USER_COLUMNS]), params, USER_WHITELIST, { field: 'createTime', order: 'desc' }),
      paging(params),
    );
    return { ...pg, records: await this.present(pg.records, positions) };
  }

  /**
   * The user picker (queryUserComponentData). Always within the caller's company scope (group level sees
   * every company): the client's `isAll`/`allDepart` flag is a picker option, never a permission, so it
   * cannot widen the scope. `forceA01`/`onlyA01` narrows to the group company (empty for other companies);
   * `activeOnly` leaves out frozen accounts.
   */
  async pickerData(user: CurrentUser, params: Params) {
    const truthy = (v: unknown) => v === true || v === '1' || v === 'true';
    const scope = truthy(params.forceA01) || truthy(params.onlyA01) ? 'group' : 'company';
    let base = await this.searched(user, params, { scope, dataRules: false });
    // the pickers of delegation/转办/加签 offer only accounts that can act (frozen ones are refused there)
    if (truthy(params.activeOnly)) base = base.where('u.status', '=', 1);
    const pg = await runPage<typeof base, PickRow>(
      base,
      (qb) =>
        applySort(
          qb.select([...PICK_COLUMNS]),
          params,
          USER_WHITELIST,
          { field: 'createTime', order: 'desc' },
        ),
      paging(params, 200),
    );
    // a picker shows phone and birthday masked, as the HR lists (docs/security.md, Person pickers)
    const records = (await this.present(pg.records)).map((r) => ({ ...r, phone: maskValue('mobile', r.phone), birthday: maskBirthday(r.birthday) }));
    return { ...pg, records };
  }

  async byDepart(user: CurrentUser, departId: string) {
    const dep = await this.db.selectFrom('sysDepart').select('orgCode').where('id', '=', departId).executeTakeFirst();
    if (!dep || !inCompanyScope(user, dep.orgCode)) return [];
    const rows = (await this.base()
      .where('u.id', 'in', (eb) => eb.selectFrom('sysUserDepart').select('userId').where('depId', '=', departId))
      .select([...USER_COLUMNS])
      .orderBy('u.createTime', 'desc')
      .limit(2000)
      .execute()) as UserRow[];
    return this.present(rows);
  }

  /** Users by usernames or ids (comma lists; a trailing comma is fine), in the caller's company. */
  async multi(user: CurrentUser, params: { username?: string; id?: string; ids?: string }) {
    const names = csv(params.username);
    const ids = csv(params.id ?? params.ids);
    if (!names.length && !ids.length) return [];
    let qb = scopeToCompany(this.base(), user, 'u.orgCode');
    qb = qb.where((eb) => eb.or([...(names.length ? [eb('u.username', 'in', names.slice(0, 1000))] : []), ...(ids.length ? [eb('u.id', 'in', ids.slice(0, 1000))] : [])]));
    const rows = (await qb.select([...USER_COLUMNS]).execute()) as UserRow[];
    return this.present(rows);
  }

  async detail(user: CurrentUser, id: string) {
    const row = (await this.base().where('u.id', '=', id).select([...USER_COLUMNS]).executeTakeFirst()) as UserRow | undefined;
    if (!row || !inCompanyScope(user, row.orgCode)) throw businessError('未找到对应用户');
    return (await this.present([row]))[0];
  }

  async roleIds(user: CurrentUser, userId: string): Promise<string[]> {
    await this.detail(user, userId);
    return (await this.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute()).map((r) => r.roleId);
  }

  /**
   * `checkOnlyUser`: why the name, phone or e-mail cannot be used, or null. Phone and e-mail (the stock user
   * form checks them here too) only for a signed-in caller: anonymous lookups would reveal whose number is
   * registered.
   */
  async uniquenessProblem(signedIn: boolean, q: { username?: string; phone?: string; email?: string; id?: string }): Promise<string | null> {
    for (const field of ['phone', 'email'] as const) {
      const v = q[field]?.trim();
      if (!v) continue;
      if (!signedIn) return '请登录后再校验';
      if (await this.contactTaken(field, v, q.id)) return '用户账号已存在';
    }
    if (!q.username) return null;
    return (await this.usernameTaken(q.username, q.id)) ? '用户账号已存在' : null;
  }

  /** Whether another account holds the name, ignoring case (`Admin` is taken when `admin` exists). */
  async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
    let q = this.db.selectFrom('sysUser').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase());
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  /** Checks the roles and departments an actor assigns; returns the departments' org codes in order. */
  private async checkAssignments(actor: CurrentUser, roleIds: string[], departIds: string[]): Promise<string[]> {
    if (roleIds.length) {
      const roles = await this.db.selectFrom('sysRole').select(['id', 'roleCode']).where('id', 'in', roleIds).execute();
      if (roles.length !== new Set(roleIds).size) throw businessError('角色不存在');
      if (!isGroupLevel(actor) && roles.some((r) => r.roleCode === 'admin')) throw businessError('无权分配管理员角色');
    }
    if (!departIds.length) return [];
    const departs = await this.db.selectFrom('sysDepart').select(['id', 'orgCode']).where('id', 'in', departIds).where('delFlag', '=', 0).execute();
    const byId = new Map(departs.map((d) => [d.id, d.orgCode]));
    const codes: string[] = [];
    for (const id of departIds) {
      const code = byId.get(id);
      if (!code || !inCompanyScope(actor, code)) throw businessError('部门不存在');
      codes.push(code);
    }
    return codes;
  }

  /**
   * Replaces the user's role and department links inside the caller's transaction (the unique keys on
   * both link tables refuse a duplicate pair; the edit's earlier row update serialises edits of one user).
   */
  private async writeLinks(trx: Transaction<DB>, userId: string, roleIds: string[] | null, departIds: string[] | null): Promise<void> {
    if (roleIds) {
      await trx.deleteFrom('sysUserRole').where('userId', '=', userId).execute();
      const rows = [...new Set(roleIds)].map((roleId) => ({ id: newId(), userId, roleId }));
      if (rows.length) await trx.insertInto('sysUserRole').values(rows).execute();
    }
    if (departIds) {
      await trx.deleteFrom('sysUserDepart').where('userId', '=', userId).execute();
      const rows = [...new Set(departIds)].map((depId) => ({ id: newId(), userId, depId }));
      if (rows.length) await trx.insertInto('sysUserDepart').values(rows).execute();
    }
  }

  /** The role codes of role ids, sorted and comma-joined (the audit trail's `roles`). */
  private async roleCodes(trx: Transaction<DB>, roleIds: string[]): Promise<string | null> {
    if (roleIds.length === 0) return null;
    const rows = await trx.selectFrom('sysRole').select('roleCode').where('id', 'in', roleIds).execute();
    return rows.map((r) => r.roleCode).sort().join(',') || null;
  }

  /** A user's row with its role codes and department org codes, as the audit trail compares them. */
  private async auditSnapshot(trx: Transaction<DB>, id: string): Promise<Record<string, unknown>> {
    const row = await trx.selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const roles = await trx.selectFrom('sysUserRole as ur').innerJoin('sysRole as r', 'r.id', 'ur.roleId').select('r.roleCode').where('ur.userId', '=', id).execute();
    const departs = await trx.selectFrom('sysUserDepart as ud').innerJoin('sysDepart as d', 'd.id', 'ud.depId').select('d.orgCode').where('ud.userId', '=', id).execute();
    return {
      ...row,
      roles: roles.map((r) => r.roleCode).sort().join(',') || null,
      departs: departs.map((d) => d.orgCode).sort().join(',') || null,
    };
  }

  /**
   * Adds a user with roles and departments in one transaction. `itemLog` (a batch item such as an import row)
   * writes its operation-log row inside the same transaction, so a committed item always has its log row
   * even when the batch stops before the request's own log is written.
   */
  async add(actor: CurrentUser, input: UserInput, opts: { itemLog?: { content: string; url: string } } = {}): Promise<string> {
    const username = input.username ?? '';
    if (await this.usernameTaken(username)) throw businessError('用户账号已存在');
    const roleIds = csv(input.selectedroles);
    const departIds = csv(input.selecteddeparts);
    if (!isGroupLevel(actor) && departIds.length === 0) throw businessError('请选择部门');
    const codes = await this.checkAssignments(actor, roleIds, departIds);
    const salt = newSalt();
    const id = newId();
    const hashed = await hashPassword(input.password ?? '', salt);
    await this.db.transaction().execute(async (trx) => {
      await insertUnlessTaken(trx
        .insertInto('sysUser')
        .values({
          id,
          username,
          realname: input.realname ?? username,
          password: hashed,
          salt,
          avatar: input.avatar ?? null,
          birthday: input.birthday || null,
          sex: input.sex ?? null,
          email: input.email || null,
          phone: input.phone || null,
          orgCode: codes[0] ?? null,
          status: input.status ?? 1,
          delFlag: 0,
          workNo: input.workNo || null,
          post: input.post || null,
          telephone: input.telephone || null,
          userIdentity: input.userIdentity ?? 1,
          departIds: input.departIds || null,
          relTenantIds: input.relTenantIds || null,
          clientId: null,
          createBy: actor.username,
          createTime: now(),
          updateBy: null,
          updateTime: null,
        })
        .execute());
      await this.writeLinks(trx, id, roleIds, departIds);
      await requirePasswordChange(trx, [id], actor.username);
      const added = await trx.selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await recordChanges(
        trx,
        { type: 'sys_user', id, name: username, orgCode: added.orgCode },
        null,
        { ...added, roles: await this.roleCodes(trx, roleIds), departs: [...codes].sort().join(',') || null },
      );
      if (opts.itemLog) {
        await writeLog(trx, {
          logType: 2,
          logContent: opts.itemLog.content,
          operateType: 5,
          userid: actor.username,
          username: actor.realname,
          method: opts.itemLog.url,
          requestUrl: opts.itemLog.url,
          requestType: 'POST',
          outcome: 'success',
        });
      }
    });
    return id;
  }

  async edit(actor: CurrentUser, input: UserInput & { id: string }): Promise<void> {
    const existing = await this.db.selectFrom('sysUser').select(['id', 'username', 'orgCode']).where('id', '=', input.id).where('delFlag', '=', 0).executeTakeFirst();
    if (!existing || !inCompanyScope(actor, existing.orgCode)) throw businessError('未找到对应用户');
    const roleIds = input.selectedroles !== undefined ? csv(input.selectedroles) : null;
    // Departments change only when the form names at least one: the stock user form sends
    // `selecteddeparts: ''` whenever it has not (yet) loaded them, and stock would then drop every
    // department. Leaving a department is done from the department screen (deleteUserInDepart).
    const departIds = input.selecteddeparts !== undefined && csv(input.selecteddeparts).length > 0 ? csv(input.selecteddeparts) : null;
    const codes = await this.checkAssignments(actor, roleIds ?? [], departIds ?? []);
    const changes: Record<string, unknown> = {};
    for (const k of ['realname', 'avatar', 'birthday', 'sex', 'email', 'phone', 'workNo', 'post', 'telephone', 'userIdentity', 'departIds', 'relTenantIds', 'status'] as const) {
      if (input[k] !== undefined) changes[k] = input[k] === '' ? null : input[k];
    }
    if (departIds) {
      // Keep the current department when it is still among the user's departments.
      changes.orgCode = existing.orgCode && codes.includes(existing.orgCode) ? existing.orgCode : (codes[0] ?? null);
    }
    if (existing.username === 'admin' && changes.status === 2) throw businessError('不允许冻结超级管理员！');
    await this.db.transaction().execute(async (trx) => {
      // A row write comes first: on PostgreSQL it locks the user, so a concurrent edit waits before it reads
      // the values this change replaces (the audit trail's old values) and writes its links.
      await trx.updateTable('sysUser').set({ updateBy: actor.username }).where('id', '=', input.id).execute();
      const before = await this.auditSnapshot(trx, input.id);
      await trx
        .updateTable('sysUser')
        .set({ ...changes, updateBy: actor.username, updateTime: now() })
        .where('id', '=', input.id)
        .execute();
      await this.writeLinks(trx, input.id, roleIds, departIds);
      const after: Record<string, unknown> = { ...changes };
      if (roleIds) after.roles = await this.roleCodes(trx, roleIds);
      if (departIds) after.departs = [...codes].sort().join(',') || null;
      await recordChanges(trx, { type: 'sys_user', id: input.id, name: existing.username, orgCode: existing.orgCode }, before, after);
    });
    if (changes.status === 2) await this.ctx.sessions.revokeUser(input.id);
  }

  /** The user's departments as the stock user form reads them (`userDepartList`): `[{key, value, title}]`. */
  async departsOf(actor: CurrentUser, userId: string): Promise<{ key: string; value: string; title: string }[]> {
    await this.detail(actor, userId);
    const rows = await this.db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select(['d.id', 'd.departName'])
      .where('ud.userId', '=', userId)
      .where('d.delFlag', '=', 0)
      .orderBy('d.departOrder')
      .orderBy('d.orgCode')
      .execute();
    return rows.map((r) => ({ key: r.id, value: r.id, title: r.departName }));
  }

  /** Whether another account (deleted ones included, as the unique index does) holds the phone or e-mail. */
  async contactTaken(field: 'phone' | 'email', value: string, exceptId?: string): Promise<boolean> {
    let q = this.db.selectFrom('sysUser').select('id');
    q = field === 'email' ? q.where(sql<string>`lower(email)`, '=', value.toLowerCase()) : q.where('phone', '=', value);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  /** Users by id (`queryByIds`), in the caller's company. */
  async byIds(actor: CurrentUser, ids: string[]) {
    return this.multi(actor, { id: ids.join(',') });
  }

  // ----- recycle bin (logically deleted users) -----

  /** Deleted users of the caller's company, newest change first (stock answers a plain list). */
  async recycleBin(actor: CurrentUser, params: Params) {
    let qb = this.db.selectFrom('sysUser as u').where('u.delFlag', '=', 1) as unknown as SelectQueryBuilder<DB & { u: DB['sysUser'] }, 'u', object>;
    qb = scopeToCompany(qb, actor, 'u.orgCode');
    qb = applyFilters(qb, params, USER_WHITELIST);
    const rows = (await qb.select([...USER_COLUMNS]).orderBy('u.updateTime', 'desc').orderBy('u.id', 'desc').limit(2000).execute()) as UserRow[];
    return this.present(rows);
  }

  private async deletedInScope(actor: CurrentUser, ids: string[]) {
    const rows = ids.length ? await this.db.selectFrom('sysUser').select(['id', 'username', 'orgCode']).where('id', 'in', ids).where('delFlag', '=', 1).execute() : [];
    if (rows.length === 0 || rows.length !== new Set(ids).size || rows.some((r) => !inCompanyScope(actor, r.orgCode))) throw businessError('未找到对应用户');
    return rows;
  }

  /** Restores deleted users (`putRecycleBin`). */
  async restore(actor: CurrentUser, ids: string[]): Promise<void> {
    const rows = await this.deletedInScope(actor, ids);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sysUser').set({ delFlag: 0, updateBy: actor.username, updateTime: now() }).where('id', 'in', ids).execute();
      for (const r of rows) await recordChanges(trx, { type: 'sys_user', id: r.id, name: r.username, orgCode: r.orgCode }, { delFlag: 1 }, { delFlag: 0 });
    });
  }

  /** Deletes deleted users for good with their role, department, department-role and agent links. */
  async purge(actor: CurrentUser, ids: string[]): Promise<void> {
    const rows = await this.deletedInScope(actor, ids);
    const names = rows.map((r) => r.username);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysUserRole').where('userId', 'in', ids).execute();
      await trx.deleteFrom('sysUserDepart').where('userId', 'in', ids).execute();
      await trx.deleteFrom('sysDepartRoleUser').where('userId', 'in', ids).execute();
      await trx.deleteFrom('sysUserAgent').where('userName', 'in', names).execute();
      await trx.deleteFrom('sysUser').where('id', 'in', ids).where('delFlag', '=', 1).execute();
      for (const r of rows) await recordChanges(trx, { type: 'sys_user', id: r.id, name: r.username, orgCode: r.orgCode }, { username: r.username }, null);
    });
  }

  /** Soft delete (del_flag 1); the user's sessions end. */
  async remove(actor: CurrentUser, ids: string[]): Promise<void> {
    const rows = await this.db.selectFrom('sysUser').select(['id', 'username', 'orgCode']).where('id', 'in', ids).where('delFlag', '=', 0).execute();
    if (rows.length !== ids.length) throw businessError('未找到对应用户');
    for (const r of rows) {
      if (!inCompanyScope(actor, r.orgCode)) throw businessError('未找到对应用户');
      if (r.username === 'admin') throw businessError('不允许删除超级管理员！');
      if (r.id === actor.id) throw businessError('不能删除当前登录用户');
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sysUser').set({ delFlag: 1, updateBy: actor.username, updateTime: now() }).where('id', 'in', ids).execute();
      for (const r of rows) await recordChanges(trx, { type: 'sys_user', id: r.id, name: r.username, orgCode: r.orgCode }, { delFlag: 0 }, { delFlag: 1 });
    });
    for (const r of rows) await this.ctx.sessions.revokeUser(r.id);
  }

  /** Adds users to a role (users outside the caller's company are refused). */
  async addToRole(actor: CurrentUser, roleId: string, userIds: string[]): Promise<void> {
    const role = await this.db.selectFrom('sysRole').select(['id', 'roleCode']).where('id', '=', roleId).executeTakeFirst();
    if (!role) throw businessError('角色不存在');
    if (!isGroupLevel(actor) && role.roleCode === 'admin') throw businessError('无权分配管理员角色');
    const users = await this.db.selectFrom('sysUser').select(['id', 'orgCode']).where('id', 'in', userIds).where('delFlag', '=', 0).execute();
    if (users.length !== new Set(userIds).size || users.some((u) => !inCompanyScope(actor, u.orgCode))) throw businessError('未找到对应用户');
    const has = new Set((await this.db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId).execute()).map((r) => r.userId));
    for (const u of users) {
      if (has.has(u.id)) continue;
      await this.db.insertInto('sysUserRole').values({ id: newId(), userId: u.id, roleId }).onConflict((oc) => oc.columns(['userId', 'roleId']).doNothing()).execute();
    }
  }

  async removeFromRole(actor: CurrentUser, roleId: string, userIds: string[]): Promise<void> {
    const users = await this.db.selectFrom('sysUser').select(['id', 'orgCode']).where('id', 'in', userIds).execute();
    if (users.some((u) => !inCompanyScope(actor, u.orgCode))) throw businessError('未找到对应用户');
    await this.db.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', userIds).execute();
  }

  /** Adds users to a department (both in the caller's company). */
  async addToDepart(actor: CurrentUser, depId: string, userIds: string[]): Promise<void> {
    const dep = await this.db.selectFrom('sysDepart').select(['id', 'orgCode']).where('id', '=', depId).where('delFlag', '=', 0).executeTakeFirst();
    if (!dep || !inCompanyScope(actor, dep.orgCode)) throw businessError('部门不存在');
    const users = await this.db.selectFrom('sysUser').select(['id', 'orgCode']).where('id', 'in', userIds).where('delFlag', '=', 0).execute();
    if (users.length !== new Set(userIds).size || users.some((u) => !inCompanyScope(actor, u.orgCode))) throw businessError('未找到对应用户');
    const has = new Set((await this.db.selectFrom('sysUserDepart').select('userId').where('depId', '=', depId).execute()).map((r) => r.userId));
    for (const u of users) {
      if (has.has(u.id)) continue;
      await this.db.insertInto('sysUserDepart').values({ id: newId(), userId: u.id, depId }).onConflict((oc) => oc.columns(['userId', 'depId']).doNothing()).execute();
      if (!u.orgCode) await this.db.updateTable('sysUser').set({ orgCode: dep.orgCode }).where('id', '=', u.id).execute();
    }
  }

  async removeFromDepart(actor: CurrentUser, depId: string, userIds: string[]): Promise<void> {
    const dep = await this.db.selectFrom('sysDepart').select(['id', 'orgCode']).where('id', '=', depId).executeTakeFirst();
    if (!dep || !inCompanyScope(actor, dep.orgCode)) throw businessError('部门不存在');
    await this.db.deleteFrom('sysUserDepart').where('depId', '=', depId).where('userId', 'in', userIds).execute();
  }

  /** Administrator's password reset of another user; their sessions end. */
  async resetPassword(actor: CurrentUser, username: string, password: string): Promise<void> {
    const u = await this.db.selectFrom('sysUser').select(['id', 'orgCode']).where('username', '=', username).where('delFlag', '=', 0).executeTakeFirst();
    if (!u || !inCompanyScope(actor, u.orgCode)) throw businessError('用户不存在');
    const salt = newSalt();
    const hashed = await hashPassword(password, salt);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sysUser').set({ password: hashed, salt, updateBy: actor.username, updateTime: now() }).where('id', '=', u.id).execute();
      await recordChanges(trx, { type: 'sys_user', id: u.id, name: username, orgCode: u.orgCode }, { password: 'old' }, { password: 'new' });
    });
    if (u.id !== actor.id) {
      await requirePasswordChange(this.db, [u.id], actor.username);
      await this.ctx.sessions.revokeUser(u.id);
    }
  }

  /**
   * The filtered users as a streamed .xlsx, read in batches: keyset pages on the id for the default
   * newest-first order, offset pages when the client chose a sort column. Each row becomes only the export's
   * columns, with the same texts as the list (`present`): the dictionaries and positions are read once, the
   * departments once per org code met.
   */
  async exportStream(actor: CurrentUser, params: Params) {
    const base = await this.filtered(actor, params, { scope: 'company', dataRules: true });
    const BATCH = 1000;
    const custom = typeof params.column === 'string' && params.column !== '';
    // Sorting is checked before the first byte is sent (a bad column answers with the usual error).
    const ordered = custom ? applySort(base.select([...EXPORT_SOURCE]), params, USER_WHITELIST).orderBy('u.id') : null;
    const texts = await this.exportTexts();
    async function* rows() {
      if (ordered) {
        for (let offset = 0; ; offset += BATCH) {
          const batch = (await ordered.limit(BATCH).offset(offset).execute()) as ExportSourceRow[];
          yield* await texts(batch);
          if (batch.length < BATCH) break;
        }
        return;
      }
      // Snowflake ids grow with creation time: id order is newest-first without a sort per batch.
      let last: string | null = null;
      for (;;) {
        let q = base.select([...EXPORT_SOURCE]);
        if (last) q = q.where('u.id', '<', last);
        const batch = (await q.orderBy('u.id', 'desc').limit(BATCH).execute()) as ExportSourceRow[];
        yield* await texts(batch);
        if (batch.length < BATCH) break;
        last = batch[batch.length - 1].id;
      }
    }
    return streamXlsx({ title: '用户列表数据', subTitle: `导出人:${actor.realname}`, sheetName: '用户列表', columns: EXPORT_COLUMNS, rows: rows() });
  }

  /** Turns a batch of export rows into the export's cells, with the texts `present` gives the list. */
  private async exportTexts() {
    const posts = new Map((await this.db.selectFrom('sysPosition').select(['code', 'name']).execute()).map((p) => [p.code, p.name]));
    const dict = async (code: string) => new Map(((await this.dicts.items(code)) ?? []).map((i) => [i.value, i.text]));
    const [sexes, statuses] = await Promise.all([dict('sex'), dict('user_status')]);
    const text = (m: Map<string, string>, v: unknown) => (v === null || v === undefined || v === '' ? '' : (m.get(String(v)) ?? String(v)));
    const departNames = new Map<string, string>();
    return async (batch: ExportSourceRow[]): Promise<Record<string, unknown>[]> => {
      const unseen = [...new Set(batch.map((r) => r.orgCode).filter((c): c is string => !!c && !departNames.has(c)))];
      if (unseen.length) {
        const found = await this.db.selectFrom('sysDepart').select(['orgCode', 'departName']).where('orgCode', 'in', unseen).execute();
        for (const c of unseen) departNames.set(c, '');
        for (const d of found) if (d.orgCode) departNames.set(d.orgCode, d.departName);
      }
      return batch.map((r) => ({
        id: r.id,
        username: r.username,
        realname: r.realname,
        sex_dictText: text(sexes, r.sex),
        birthday: r.birthday,
        email: r.email,
        phone: r.phone,
        workNo: r.workNo,
        post_dictText: r.post ? csv(r.post).map((p) => posts.get(p) ?? p).join(',') : '',
        orgCodeTxt: r.orgCode ? (departNames.get(r.orgCode) ?? '') : '',
        status_dictText: text(statuses, r.status),
        createTime: r.createTime,
      }));
    };
  }

  /**
   * The account an imported row stands for: the one with the row's ID and 登录账号 (any case). A row without
   * an ID is a new account, refused when the name is taken.
   */
  private async importTarget(id: string | undefined, username: string) {
    if (!id) return null;
    const found = await this.db.selectFrom('sysUser').select(['id', 'username', 'orgCode']).where('delFlag', '=', 0).where('id', '=', id).executeTakeFirst();
    return found && found.username.toLowerCase() === username.toLowerCase() ? found : null;
  }

  /**
   * Updates an account from an imported row: the columns the sheet has (an empty cell clears the value); the
   * department changes only when the row names another one than the account's current department.
   */
  private async importUpdate(
    actor: CurrentUser,
    existing: { id: string; orgCode: string | null },
    v: Record<string, string>,
    known: {
      sexItems: { value: string; text: string }[];
      statusItems: { value: string; text: string }[];
      positions: { code: string; name: string }[];
      departs: { id: string; orgCode: string; departName: string }[];
    },
  ): Promise<void> {
    const input: UserInput & { id: string } = { id: existing.id };
    if ('realname' in v && v.realname) input.realname = v.realname;
    for (const k of ['birthday', 'email', 'phone', 'workNo', 'telephone'] as const) if (k in v) input[k] = v[k] || null;
    if ('sex' in v) {
      const sex = v.sex ? known.sexItems.find((i) => i.text === v.sex || i.value === v.sex)?.value : null;
      if (sex === undefined) throw businessError(`性别“${v.sex}”不正确`);
      input.sex = sex === null ? null : Number(sex);
    }
    if ('status' in v && v.status) {
      const status = known.statusItems.find((i) => i.text === v.status || i.value === v.status)?.value;
      if (status === undefined) throw businessError(`状态“${v.status}”不正确`);
      input.status = Number(status) === 2 ? 2 : 1;
    }
    if ('post' in v) {
      const codes = csv(v.post).map((p) => known.positions.find((x) => x.name === p || x.code === p)?.code ?? p);
      const unknown = codes.find((c) => !known.positions.some((x) => x.code === c));
      if (unknown) throw businessError(`职务“${unknown}”不存在`);
      input.post = codes.join(',') || null;
    }
    if (v.orgCode) {
      const current = known.departs.find((d) => d.orgCode === existing.orgCode);
      if (!current || (current.departName !== v.orgCode && current.orgCode !== v.orgCode)) {
        const depart = known.departs.find((d) => d.orgCode === v.orgCode) ?? known.departs.find((d) => d.departName === v.orgCode);
        if (!depart) throw businessError(`部门“${v.orgCode}”不存在`);
        input.selecteddeparts = depart.id;
      }
    }
    await this.edit(actor, input);
  }

  /** Imports users from the files; bad rows are reported, good rows are kept. */
  async importFiles(actor: CurrentUser, files: { filename: string; data: Buffer }[]): Promise<ImportOutcome> {
    const out: ImportOutcome = { totalCount: 0, successCount: 0, errorCount: 0, errors: [] };
    const sexItems = (await this.dicts.items('sex')) ?? [];
    const statusItems = (await this.dicts.items('user_status')) ?? [];
    const positions = await this.db.selectFrom('sysPosition').select(['code', 'name']).execute();
    const departs = await scopeToCompany(this.db.selectFrom('sysDepart').select(['id', 'orgCode', 'departName']).where('delFlag', '=', 0), actor, 'orgCode').execute();
    const staffRole = await this.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'staff').executeTakeFirst();
    for (const f of files) {
      const sheet = await readImportSheet(this.ctx.config, f);
      const fields = sheet.headers.map((h) => IMPORT_HEADERS[h.replace(/\s|\*/g, '')] ?? null);
      if (!fields.includes('username')) throw businessError('文件导入失败:缺少“登录账号”列');
      for (const row of sheet.rows) {
        out.totalCount++;
        const v: Record<string, string> = {};
        fields.forEach((field, i) => {
          if (field) v[field] = row.values[i] ?? '';
        });
        const fail = (msg: string) => {
          out.errorCount++;
          out.errors.push(`第 ${row.rowNo} 行：${msg}`);
        };
        const userErr = validators.userName(v.username);
        if (userErr) {
          fail(`${userErr}，忽略导入。`);
          continue;
        }
        if (v.phone && validators.mobile(v.phone)) {
          fail(`手机号码格式不正确，忽略导入。`);
          continue;
        }
        if (v.email && !zx.email().safeParse(v.email).success) {
          fail('邮箱格式不正确，忽略导入。');
          continue;
        }
        if (v.birthday && !/^\d{4}-\d{2}-\d{2}$/.test(v.birthday)) {
          fail('生日格式应为yyyy-MM-dd，忽略导入。');
          continue;
        }
        // A row naming a visible account (its ID and 登录账号, as the export writes them) updates that account.
        const existing = await this.importTarget(v.id, v.username);
        if (existing && !inCompanyScope(actor, existing.orgCode)) {
          fail('用户名已经存在，忽略导入。');
          continue;
        }
        if (existing) {
          try {
            await this.importUpdate(actor, existing, v, { sexItems, statusItems, positions, departs });
            out.successCount++;
          } catch (err) {
            fail(`${err instanceof Error ? err.message : '保存失败'}，忽略导入。`);
          }
          continue;
        }
        let depart: (typeof departs)[number] | undefined;
        if (v.orgCode) {
          depart = departs.find((d) => d.orgCode === v.orgCode) ?? departs.find((d) => d.departName === v.orgCode);
          if (!depart) {
            fail(`部门“${v.orgCode}”不存在，忽略导入。`);
            continue;
          }
        } else if (!isGroupLevel(actor)) {
          fail('部门不能为空，忽略导入。');
          continue;
        }
        if (await this.usernameTaken(v.username)) {
          fail('用户名已经存在，忽略导入。');
          continue;
        }
        const sex = v.sex ? (sexItems.find((i) => i.text === v.sex || i.value === v.sex)?.value ?? null) : null;
        const status = v.status ? (statusItems.find((i) => i.text === v.status || i.value === v.status)?.value ?? '1') : '1';
        const post = v.post ? (positions.find((p) => p.name === v.post || p.code === v.post)?.code ?? null) : null;
        try {
          await this.add(actor, {
            username: v.username,
            realname: v.realname || v.username,
            password: v.password || '123456',
            sex: sex ? Number(sex) : null,
            birthday: v.birthday || null,
            email: v.email || null,
            phone: v.phone || null,
            workNo: v.workNo || null,
            post,
            telephone: v.telephone || null,
            status: Number(status) === 2 ? 2 : 1,
            selecteddeparts: depart?.id ?? '',
            selectedroles: staffRole?.id ?? '',
            },
            { itemLog: { content: `导入用户 ${v.username}`, url: '/sys/user/importExcel' } },
          );
          out.successCount++;
        } catch (err) {
          fail(`${err instanceof Error ? err.message : '保存失败'}，忽略导入。`);
        }
      }
    }
    return out;
  }
}
