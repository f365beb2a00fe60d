import { recordChanges } from '../../../platform/audit/audit.js';
import { GROUP_COMPANY, isGroupLevel, type CurrentUser } from '../../../platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../../../platform/access/scope.js';
import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import type { SysDepart as SysDepartTable } from '../../../platform/db/schema.js';
import { businessError } from '../../../platform/http/errors.js';
import { likeContains, likePrefix } from '../../../platform/query/like.js';
import { applyFilters, applySort, paging, runPage, type Params, type Whitelist } from '../../../platform/query/query-builder.js';
import { nextChildCode } from './org-code.js';
import { companyAdded } from './company-hooks.js';

/** A department row as a plain object type (what the wire schemas accept). */
type SysDepart = { [K in keyof SysDepartTable]: SysDepartTable[K] };

export const DEPART_WHITELIST: Whitelist = {
  id: 'id',
  parentId: 'parentId',
  departName: 'departName',
  departNameEn: 'departNameEn',
  departNameAbbr: 'departNameAbbr',
  departOrder: { column: 'departOrder', type: 'number' },
  orgCategory: 'orgCategory',
  orgType: 'orgType',
  orgCode: 'orgCode',
  mobile: 'mobile',
  address: 'address',
  memo: 'memo',
  status: 'status',
  createTime: { column: 'createTime', type: 'datetime' },
};

export type DepartNode = Omit<SysDepart, 'delFlag'> & {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartNode[];
};

/** A node of the id tree (`queryIdTree`). */
export type DepartIdNode = { key: string; value: string; title: string; children?: DepartIdNode[] };

export interface DepartInput {
  parentId?: string | null;
  departName?: string;
  departNameEn?: string | null;
  departNameAbbr?: string | null;
  departOrder?: number;
  description?: string | null;
  orgCategory?: string;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  status?: string;
}

const node = (d: SysDepart, leaf: boolean): DepartNode => {
  const { delFlag: _d, ...rest } = d;
  void _d;
  return { ...rest, key: d.id, value: d.id, title: d.departName, isLeaf: leaf };
};

/** Departments: a tree of companies (A01…A09) and their departments, each company seeing its own subtree. */
export class DepartService {
  constructor(private readonly db: Database) {}

  private visible(user: CurrentUser) {
    return scopeToCompany(this.db.selectFrom('sysDepart').selectAll().where('delFlag', '=', 0), user, 'orgCode');
  }

  private static build(rows: SysDepart[]): DepartNode[] {
    const hasKids = new Set(rows.map((r) => r.parentId).filter(Boolean) as string[]);
    const nodes = new Map(rows.map((r) => [r.id, node(r, !hasKids.has(r.id))]));
    const roots: DepartNode[] = [];
    for (const r of rows) {
      const n = nodes.get(r.id)!;
      const parent = r.parentId ? nodes.get(r.parentId) : undefined;
      if (parent) (parent.children ??= []).push(n);
      else roots.push(n);
    }
    return roots;
  }

  /** The full (visible) tree; `ids` limits it to those departments and their ancestors' structure. */
  async tree(user: CurrentUser, ids?: string[]): Promise<DepartNode[]> {
    let rows = await this.visible(user).orderBy('departOrder').orderBy('orgCode').execute();
    if (ids?.length) {
      const keep = new Set(rows.filter((r) => ids.includes(r.id)).map((r) => r.orgCode));
      rows = rows.filter((r) => [...keep].some((c) => r.orgCode.startsWith(c)));
    }
    return DepartService.build(rows);
  }

  /** Lazy tree: children of `pid` (roots when empty), each marked leaf or not. */
  async children(user: CurrentUser, pid?: string): Promise<DepartNode[]> {
    let q = this.visible(user);
    if (pid) q = q.where('parentId', '=', pid);
    else if (isGroupLevel(user)) q = q.where('parentId', 'is', null);
    else q = q.where('orgCode', '=', user.company);
    const rows = await q.orderBy('departOrder').orderBy('orgCode').execute();
    if (rows.length === 0) return [];
    const kids = await this.db
      .selectFrom('sysDepart')
      .select('parentId')
      .where('parentId', 'in', rows.map((r) => r.id))
      .where('delFlag', '=', 0)
      .execute();
    const hasKids = new Set(kids.map((k) => k.parentId));
    return rows.map((r) => node(r, !hasKids.has(r.id)));
  }

  async idTree(user: CurrentUser) {
    const strip = (n: DepartNode): DepartIdNode => ({
      key: n.id,
      value: n.id,
      title: n.departName,
      ...(n.children ? { children: n.children.map(strip) } : {}),
    });
    return (await this.tree(user)).map(strip);
  }

  /** `sysDepart/list`: a page of the visible departments through the list query builder. */
  async page(user: CurrentUser, params: Params) {
    const qb = applyFilters(this.visible(user), params, DEPART_WHITELIST);
    return runPage<typeof qb, SysDepart>(qb, (q) => applySort(q, params, DEPART_WHITELIST, { field: 'orgCode', order: 'asc' }), paging(params));
  }

  async search(user: CurrentUser, keyWord: string, onlyMine: boolean): Promise<DepartNode[]> {
    let q = this.visible(user).where(likeContains('departName', keyWord));
    if (onlyMine) {
      q = q.where('id', 'in', (eb) => eb.selectFrom('sysUserDepart').select('depId').where('userId', '=', user.id));
    }
    const rows = await q.orderBy('orgCode').limit(500).execute();
    return rows.map((r) => node(r, true));
  }

  /** Departments the user leads (`depart_ids`), with their subtrees. */
  async myDeptTree(user: CurrentUser): Promise<DepartNode[]> {
    const u = await this.db.selectFrom('sysUser').select(['departIds', 'userIdentity']).where('id', '=', user.id).executeTakeFirst();
    const ids = (u?.departIds ?? '').split(',').filter(Boolean);
    if (u?.userIdentity !== 2 || ids.length === 0) return [];
    const mine = await this.db.selectFrom('sysDepart').select('orgCode').where('id', 'in', ids).where('delFlag', '=', 0).execute();
    if (mine.length === 0) return [];
    const rows = await this.db
      .selectFrom('sysDepart')
      .selectAll()
      .where('delFlag', '=', 0)
      .where((eb) => eb.or(mine.map((m) => likePrefix('orgCode', m.orgCode))))
      .orderBy('departOrder')
      .orderBy('orgCode')
      .execute();
    return DepartService.build(rows);
  }

  async get(user: CurrentUser, id: string): Promise<SysDepart> {
    const d = await this.db.selectFrom('sysDepart').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!d || !inCompanyScope(user, d.orgCode)) throw businessError('未找到对应部门');
    return d;
  }

  /** Adds a department; its org code continues the parent's (A01 → A01A01 …; A99 → B01). */
  async add(user: CurrentUser, input: DepartInput): Promise<SysDepart> {
    let parentCode = '';
    let parentId: string | null = null;
    if (input.parentId) {
      const parent = await this.get(user, input.parentId);
      parentCode = parent.orgCode;
      parentId = parent.id;
    } else if (!isGroupLevel(user)) {
      throw businessError('只有集团用户可以添加公司');
    }
    const siblings = await this.db.selectFrom('sysDepart').select('orgCode').where(likePrefix('orgCode', parentCode)).execute();
    const orgCode = nextChildCode(parentCode, siblings.map((s) => s.orgCode));
    const row: SysDepart = {
      id: newId(),
      parentId,
      departName: input.departName ?? '',
      departNameEn: input.departNameEn ?? null,
      departNameAbbr: input.departNameAbbr ?? null,
      departOrder: input.departOrder ?? 0,
      description: input.description ?? null,
      orgCategory: input.orgCategory ?? (parentId ? '2' : '1'),
      orgType: String(orgCode.length / 3),
      orgCode,
      mobile: input.mobile ?? null,
      fax: input.fax ?? null,
      address: input.address ?? null,
      memo: input.memo ?? null,
      status: input.status ?? '1',
      delFlag: 0,
      createBy: user.username,
      createTime: now(),
      updateBy: null,
      updateTime: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('sysDepart').values(row).execute();
      // a new company: what other modules give every company (e.g. its kanban board) comes with it
      if (!parentId) await companyAdded(trx, row, user.username);
      await recordChanges(trx, { type: 'sys_depart', id: row.id, name: row.departName, orgCode: row.orgCode }, null, { ...row });
    });
    return row;
  }

  async edit(user: CurrentUser, id: string, input: DepartInput): Promise<void> {
    const before = await this.get(user, id);
    const { parentId: _p, ...changes } = input;
    void _p; // moving a department would change its org codes; not supported (as stock)
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sysDepart').set({ ...changes, updateBy: user.username, updateTime: now() }).where('id', '=', id).execute();
      await recordChanges(trx, { type: 'sys_depart', id, name: changes.departName ?? before.departName, orgCode: before.orgCode }, { ...before }, { ...changes });
    });
  }

  /** Deletes departments with their subtrees, and their user links and department roles. */
  async remove(user: CurrentUser, ids: string[]): Promise<void> {
    const targets: SysDepart[] = [];
    for (const id of ids) targets.push(await this.get(user, id));
    if (targets.some((t) => t.orgCode === GROUP_COMPANY)) throw businessError('不允许删除集团总部');
    const all = await this.db
      .selectFrom('sysDepart')
      .selectAll()
      .where((eb) => eb.or(targets.map((t) => likePrefix('orgCode', t.orgCode))))
      .execute();
    const allIds = all.map((a) => a.id);
    await this.db.transaction().execute(async (trx) => {
      const roles = (await trx.selectFrom('sysDepartRole').select('id').where('departId', 'in', allIds).execute()).map((r) => r.id);
      if (roles.length) {
        await trx.deleteFrom('sysDepartRoleUser').where('droleId', 'in', roles).execute();
        await trx.deleteFrom('sysDepartRolePermission').where('roleId', 'in', roles).execute();
        await trx.deleteFrom('sysDepartRole').where('id', 'in', roles).execute();
      }
      await trx.deleteFrom('sysDepartPermission').where('departId', 'in', allIds).execute();
      await trx.deleteFrom('sysUserDepart').where('depId', 'in', allIds).execute();
      await trx.deleteFrom('sysDepart').where('id', 'in', allIds).execute();
      for (const d of all) await recordChanges(trx, { type: 'sys_depart', id: d.id, name: d.departName, orgCode: d.orgCode }, { ...d }, null);
    });
  }

  // ----- department roles -----

  async roles(user: CurrentUser, departId: string) {
    await this.get(user, departId);
    return this.db.selectFrom('sysDepartRole').selectAll().where('departId', '=', departId).orderBy('createTime').execute();
  }

  async addRole(user: CurrentUser, input: { departId: string; roleName: string; roleCode: string; description?: string | null }) {
    await this.get(user, input.departId);
    const dup = await this.db.selectFrom('sysDepartRole').select('id').where('departId', '=', input.departId).where('roleCode', '=', input.roleCode).executeTakeFirst();
    if (dup) throw businessError('部门角色编码已存在');
    await this.db
      .insertInto('sysDepartRole')
      .values({ id: newId(), departId: input.departId, roleName: input.roleName, roleCode: input.roleCode, description: input.description ?? null, createBy: user.username, createTime: now(), updateBy: null, updateTime: null })
      .execute();
  }

  async role(user: CurrentUser, roleId: string) {
    const r = await this.db.selectFrom('sysDepartRole').selectAll().where('id', '=', roleId).executeTakeFirst();
    if (!r) throw businessError('部门角色不存在');
    await this.get(user, r.departId);
    return r;
  }

  async editRole(user: CurrentUser, input: { id: string; roleName?: string; roleCode?: string; description?: string | null }) {
    await this.role(user, input.id);
    const { id, ...changes } = input;
    await this.db.updateTable('sysDepartRole').set({ ...changes, updateBy: user.username, updateTime: now() }).where('id', '=', id).execute();
  }

  async removeRoles(user: CurrentUser, ids: string[]) {
    for (const id of ids) await this.role(user, id);
    await this.db.deleteFrom('sysDepartRoleUser').where('droleId', 'in', ids).execute();
    await this.db.deleteFrom('sysDepartRolePermission').where('roleId', 'in', ids).execute();
    await this.db.deleteFrom('sysDepartRole').where('id', 'in', ids).execute();
  }

  /** The department roles of a user within one department. */
  /** A user's roles in a department as stock answers them: the link rows `{id, userId, droleId}`. */
  async userRoles(user: CurrentUser, departId: string, userId: string): Promise<{ id: string; userId: string; droleId: string }[]> {
    await this.get(user, departId);
    return this.db
      .selectFrom('sysDepartRoleUser as dru')
      .innerJoin('sysDepartRole as r', 'r.id', 'dru.droleId')
      .select(['dru.id', 'dru.userId', 'dru.droleId'])
      .where('dru.userId', '=', userId)
      .where('r.departId', '=', departId)
      .execute();
  }

  /** Sets a user's department roles (within the departments of `newRoleIds`/`oldRoleIds`). */
  async setUserRoles(user: CurrentUser, userId: string, newRoleIds: string[], oldRoleIds: string[]): Promise<void> {
    const target = await this.db.selectFrom('sysUser').select(['id', 'orgCode']).where('id', '=', userId).where('delFlag', '=', 0).executeTakeFirst();
    if (!target || !inCompanyScope(user, target.orgCode)) throw businessError('未找到对应用户');
    for (const id of [...newRoleIds, ...oldRoleIds]) await this.role(user, id);
    const remove = oldRoleIds.filter((r) => !newRoleIds.includes(r));
    if (remove.length) await this.db.deleteFrom('sysDepartRoleUser').where('userId', '=', userId).where('droleId', 'in', remove).execute();
    const existing = new Set(
      (await this.db.selectFrom('sysDepartRoleUser').select('droleId').where('userId', '=', userId).execute()).map((r) => r.droleId),
    );
    for (const r of newRoleIds) {
      if (!existing.has(r)) await this.db.insertInto('sysDepartRoleUser').values({ id: newId(), userId, droleId: r }).execute();
    }
  }

  /** Users of a department role. */
  async roleUsers(user: CurrentUser, roleId: string) {
    await this.role(user, roleId);
    return this.db
      .selectFrom('sysDepartRoleUser as dru')
      .innerJoin('sysUser as u', 'u.id', 'dru.userId')
      .select(['u.id', 'u.username', 'u.realname', 'u.orgCode'])
      .where('dru.droleId', '=', roleId)
      .where('u.delFlag', '=', 0)
      .execute();
  }
}
