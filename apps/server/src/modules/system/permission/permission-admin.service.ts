import type { SysPermissionAuthNode, SysPermissionDataRuleRow } from '@go/contract';
import type { CurrentUser } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import type { SysPermission, SysPermissionDataRule } from '../../../platform/db/schema.js';
import { businessError } from '../../../platform/http/errors.js';
import { dataRuleConditions, type RuleVariables } from '../../../platform/query/data-rules.js';
import type { Condition, Whitelist } from '../../../platform/query/query-builder.js';
import { likeContains } from '../../../platform/query/like.js';

/** A node of the authorisation tree (the contract's wire shape). */
export type AuthTreeNode = SysPermissionAuthNode;

/**
 * A menu row as the stock client reads it: `route` (is_route) and the four display flags as booleans, as
 * the Java entity serialises them.
 */
export type PermissionRow = Omit<SysPermission, 'hidden' | 'keepAlive' | 'alwaysShow' | 'internalOrExternal'> & {
  key: string;
  title: string;
  value: string;
  leaf: boolean;
  route: boolean;
  hidden: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  hasChildren?: boolean;
  children?: PermissionRow[];
};

/** Menu input as the clients send it: `route` is the stock name of is_route. */
export type PermissionInput = Partial<SysPermission> & { route?: number };

/** Links a table has from roles or departments to permissions. */
type GrantTable = 'sysRolePermission' | 'sysDepartPermission' | 'sysDepartRolePermission';

const csv = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Menu and button administration, grants to roles / departments / department roles, and data rules. */
export class PermissionAdminService {
  constructor(
    private readonly db: Database,
    /** the grant version, moved on by every menu, role, rule or user write on any instance */
    private readonly grants?: { readonly version: number },
  ) {}

  /** Menus that carry data rules, by component, read once per grant version (most lists have none). */
  private ruled: { version: number; menus: Promise<Map<string, string>> } | null = null;

  private ruledMenus(): Promise<Map<string, string>> {
    const version = this.grants?.version;
    if (version === undefined || !this.ruled || this.ruled.version !== version) {
      const menus = this.db
        .selectFrom('sysPermission')
        .select(['id', 'component'])
        .where('delFlag', '=', 0)
        .where('ruleFlag', '=', 1)
        .execute()
        .then((rows) => {
          const byComponent = new Map<string, string>();
          for (const r of rows) if (r.component && !byComponent.has(r.component)) byComponent.set(r.component, r.id);
          return byComponent;
        });
      // A failed read is not kept: the next call reads again.
      menus.catch(() => {
        if (this.ruled?.menus === menus) this.ruled = null;
      });
      if (version === undefined) return menus;
      this.ruled = { version, menus };
    }
    return this.ruled.menus;
  }

  private active() {
    return this.db.selectFrom('sysPermission').selectAll().where('delFlag', '=', 0).orderBy('sortNo').orderBy('createTime');
  }

  private static tree<T extends { id: string; parentId: string | null; children?: T[] }>(rows: T[]): T[] {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const roots: T[] = [];
    for (const r of rows) {
      const parent = r.parentId ? byId.get(r.parentId) : undefined;
      if (parent) (parent.children ??= []).push(r);
      else roots.push(r);
    }
    return roots;
  }

  private static row(p: SysPermission): PermissionRow {
    return {
      ...p,
      key: p.id,
      title: p.name ?? '',
      value: p.id,
      leaf: p.isLeaf === 1,
      route: p.isRoute !== 0,
      hidden: p.hidden === 1,
      keepAlive: p.keepAlive === 1,
      alwaysShow: p.alwaysShow === 1,
      internalOrExternal: p.internalOrExternal === 1,
    };
  }

  /** `/sys/permission/list`: the whole menu tree (optionally filtered by name, then flat). */
  async list(name?: string): Promise<PermissionRow[]> {
    let q = this.active();
    if (name) q = q.where(likeContains('name', name));
    const rows = (await q.execute()).map(PermissionAdminService.row);
    return name ? rows : PermissionAdminService.tree(rows);
  }

  async systemMenuList(): Promise<PermissionRow[]> {
    const rows = await this.active().where('parentId', 'is', null).execute();
    return rows.map((r) => ({ ...PermissionAdminService.row(r), hasChildren: r.isLeaf === 0 }));
  }

  async submenu(parentIds: string[]): Promise<Record<string, PermissionRow[]>> {
    if (parentIds.length === 0) return {};
    const rows = await this.active().where('parentId', 'in', parentIds).execute();
    const out: Record<string, PermissionRow[]> = {};
    for (const id of parentIds) out[id] = [];
    for (const r of rows) out[r.parentId!].push({ ...PermissionAdminService.row(r), hasChildren: r.isLeaf === 0 });
    return out;
  }

  private static authNode(p: SysPermission): AuthTreeNode {
    return {
      key: p.id,
      value: p.id,
      title: p.name ?? '',
      slotTitle: p.name ?? '',
      isLeaf: p.isLeaf === 1,
      parentId: p.parentId ?? '',
      ruleFlag: p.ruleFlag ?? 0,
      status: p.status ?? '1',
      menuType: p.menuType,
      icon: p.icon,
    };
  }

  /** The authorisation tree `{treeList, ids}` (all permissions, or only `limitTo`). */
  async authTree(limitTo?: Set<string>): Promise<{ treeList: AuthTreeNode[]; ids: string[] }> {
    const rows = (await this.active().execute()).filter((r) => !limitTo || limitTo.has(r.id));
    const nodes = new Map(rows.map((r) => [r.id, PermissionAdminService.authNode(r)]));
    const tree: AuthTreeNode[] = [];
    for (const r of rows) {
      const node = nodes.get(r.id)!;
      const parent = r.parentId ? nodes.get(r.parentId) : undefined;
      if (parent) (parent.children ??= []).push(node);
      else tree.push(node);
    }
    return { treeList: tree, ids: rows.map((r) => r.id) };
  }

  async add(user: CurrentUser, input: PermissionInput): Promise<string> {
    const id = newId();
    const parentId = input.parentId || null;
    if (parentId) {
      const parent = await this.db.selectFrom('sysPermission').select('id').where('id', '=', parentId).where('delFlag', '=', 0).executeTakeFirst();
      if (!parent) throw businessError('上级菜单不存在');
    }
    const menuType = input.menuType ?? (parentId ? 1 : 0);
    if (menuType === 2 && !parentId) throw businessError('按钮权限必须有上级菜单');
    await this.db
      .insertInto('sysPermission')
      .values({
        id,
        parentId,
        name: input.name ?? '',
        url: input.url ?? null,
        component: input.component ?? null,
        componentName: input.componentName ?? null,
        redirect: input.redirect ?? null,
        menuType,
        perms: input.perms ?? null,
        permsType: input.permsType ?? '1',
        sortNo: input.sortNo ?? 1,
        alwaysShow: input.alwaysShow ?? 0,
        icon: input.icon ?? null,
        isRoute: input.route ?? input.isRoute ?? 1,
        isLeaf: 1,
        keepAlive: input.keepAlive ?? 0,
        hidden: input.hidden ?? 0,
        hideTab: input.hideTab ?? 0,
        description: input.description ?? null,
        status: input.status ?? '1',
        delFlag: 0,
        ruleFlag: input.ruleFlag ?? 0,
        internalOrExternal: input.internalOrExternal ?? 0,
        createBy: user.username,
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    if (parentId) await this.db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parentId).execute();
    return id;
  }

  async edit(user: CurrentUser, input: PermissionInput & { id: string }): Promise<void> {
    const existing = await this.db.selectFrom('sysPermission').selectAll().where('id', '=', input.id).where('delFlag', '=', 0).executeTakeFirst();
    if (!existing) throw businessError('未找到菜单信息');
    const { id, isLeaf: _leaf, delFlag: _del, createBy: _cb, createTime: _ct, route, ...changes } = input;
    if (route !== undefined) changes.isRoute = route;
    void _leaf;
    void _del;
    void _cb;
    void _ct;
    if (changes.parentId === id) throw businessError('上级菜单不能是自己');
    await this.db
      .updateTable('sysPermission')
      .set({ ...changes, parentId: changes.parentId === undefined ? existing.parentId : changes.parentId || null, updateBy: user.username, updateTime: now() })
      .where('id', '=', id)
      .execute();
    if (changes.parentId !== undefined && (changes.parentId || null) !== existing.parentId) {
      if (changes.parentId) await this.db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', changes.parentId).execute();
      await this.fixLeaf(existing.parentId);
    }
  }

  private async fixLeaf(parentId: string | null): Promise<void> {
    if (!parentId) return;
    const child = await this.db.selectFrom('sysPermission').select('id').where('parentId', '=', parentId).where('delFlag', '=', 0).executeTakeFirst();
    await this.db.updateTable('sysPermission').set({ isLeaf: child ? 0 : 1 }).where('id', '=', parentId).execute();
  }

  /** Soft-deletes the entries with their subtrees and drops their grants. */
  async remove(ids: string[]): Promise<void> {
    const rows = await this.db.selectFrom('sysPermission').select(['id', 'parentId']).where('id', 'in', ids).where('delFlag', '=', 0).execute();
    if (rows.length === 0) throw businessError('未找到菜单信息');
    const all = new Set(rows.map((r) => r.id));
    let frontier = [...all];
    while (frontier.length) {
      const kids = await this.db.selectFrom('sysPermission').select('id').where('parentId', 'in', frontier).where('delFlag', '=', 0).execute();
      frontier = kids.map((k) => k.id).filter((k) => !all.has(k));
      frontier.forEach((k) => all.add(k));
    }
    const list = [...all];
    await this.db.updateTable('sysPermission').set({ delFlag: 1 }).where('id', 'in', list).execute();
    for (const t of ['sysRolePermission', 'sysDepartPermission', 'sysDepartRolePermission'] as const) {
      await this.db.deleteFrom(t).where('permissionId', 'in', list).execute();
    }
    await this.db.deleteFrom('sysPermissionDataRule').where('permissionId', 'in', list).execute();
    for (const pid of new Set(rows.map((r) => r.parentId))) await this.fixLeaf(pid);
  }

  // ----- grants -----

  async grantedIds(table: GrantTable, ownerColumn: 'roleId' | 'departId', ownerId: string): Promise<string[]> {
    const rows = await this.db.selectFrom(table).select('permissionId').where(ownerColumn, '=', ownerId).execute();
    return rows.map((r) => r.permissionId);
  }

  /** Replaces a role's menu grants (`saveRolePermission`). */
  async saveRoleGrants(roleId: string, permissionIds: string[], ip: string | null): Promise<void> {
    const role = await this.db.selectFrom('sysRole').select('id').where('id', '=', roleId).executeTakeFirst();
    if (!role) throw businessError('角色不存在');
    await this.saveGrants('sysRolePermission', 'roleId', roleId, permissionIds, ip);
  }

  /** Replaces a department's menu grants (`saveDepartPermission`): a department of the user's company, or any for the group. */
  async saveDepartGrants(user: CurrentUser, departId: string, permissionIds: string[], ip: string | null): Promise<void> {
    const depart = await this.db.selectFrom('sysDepart').select(['id', 'orgCode']).where('id', '=', departId).executeTakeFirst();
    if (!depart || !(user.company === 'A01' || depart.orgCode.startsWith(user.company))) throw businessError('部门不存在');
    await this.saveGrants('sysDepartPermission', 'departId', departId, permissionIds, ip);
  }

  /**
   * Replaces an owner's grants: `permissionIds` is the new set; grants outside it are removed (stock
   * diffs against `lastpermissionIds`, which only the client knew; the result is the same).
   */
  async saveGrants(
    table: GrantTable,
    ownerColumn: 'roleId' | 'departId',
    ownerId: string,
    permissionIds: string[],
    ip: string | null,
    extra: { departId?: string } = {},
  ): Promise<void> {
    const valid = permissionIds.length
      ? (await this.db.selectFrom('sysPermission').select('id').where('id', 'in', permissionIds).where('delFlag', '=', 0).execute()).map((r) => r.id)
      : [];
    const current = new Set(await this.grantedIds(table, ownerColumn, ownerId));
    const next = new Set(valid);
    const removed = [...current].filter((id) => !next.has(id));
    const added = [...next].filter((id) => !current.has(id));
    await this.db.transaction().execute(async (trx) => {
      if (removed.length) await trx.deleteFrom(table).where(ownerColumn, '=', ownerId).where('permissionId', 'in', removed).execute();
      for (const pid of added) {
        if (table === 'sysDepartPermission') {
          await trx.insertInto('sysDepartPermission').values({ id: newId(), departId: ownerId, permissionId: pid, dataRuleIds: null }).execute();
        } else if (table === 'sysRolePermission') {
          await trx
            .insertInto('sysRolePermission')
            .values({ id: newId(), roleId: ownerId, permissionId: pid, dataRuleIds: null, operateDate: now(), operateIp: ip })
            .execute();
        } else {
          await trx
            .insertInto('sysDepartRolePermission')
            .values({ id: newId(), departId: extra.departId ?? null, roleId: ownerId, permissionId: pid, dataRuleIds: null, operateDate: now(), operateIp: ip })
            .execute();
        }
      }
    });
  }

  /**
   * Rules of a permission and which of them an owner's grant has checked: `drChecked` is the comma list
   * the stock client splits. `limitTo` narrows the rules offered (a department role may only get the
   * rules its department has checked).
   */
  async grantDataRules(table: GrantTable, ownerColumn: 'roleId' | 'departId', ownerId: string, permissionId: string, limitTo?: string[]) {
    const all = await this.rules(permissionId);
    const rules = limitTo ? all.filter((r) => limitTo.includes(r.id)) : all;
    const grant = await this.db
      .selectFrom(table)
      .select('dataRuleIds')
      .where(ownerColumn, '=', ownerId)
      .where('permissionId', '=', permissionId)
      .executeTakeFirst();
    return { datarule: rules, drChecked: csv(grant?.dataRuleIds).join(',') };
  }

  async saveGrantDataRules(table: GrantTable, ownerColumn: 'roleId' | 'departId', ownerId: string, permissionId: string, ruleIds: string[]): Promise<void> {
    const grant = await this.db.selectFrom(table).select('id').where(ownerColumn, '=', ownerId).where('permissionId', '=', permissionId).executeTakeFirst();
    if (!grant) throw businessError('请先保存菜单授权');
    const valid = ruleIds.length
      ? (await this.db.selectFrom('sysPermissionDataRule').select('id').where('id', 'in', ruleIds).where('permissionId', '=', permissionId).execute()).map((r) => r.id)
      : [];
    await this.db.updateTable(table).set({ dataRuleIds: valid.join(',') || null }).where('id', '=', grant.id).execute();
  }

  // ----- data rules -----

  async rules(permissionId: string, filters: { ruleName?: string; ruleColumn?: string; ruleValue?: string } = {}): Promise<SysPermissionDataRuleRow[]> {
    let q = this.db.selectFrom('sysPermissionDataRule').selectAll().where('permissionId', '=', permissionId);
    if (filters.ruleName) q = q.where(likeContains('ruleName', filters.ruleName));
    if (filters.ruleColumn) q = q.where('ruleColumn', '=', filters.ruleColumn);
    if (filters.ruleValue) q = q.where('ruleValue', '=', filters.ruleValue);
    return q.orderBy('createTime').execute();
  }

  async addRule(user: CurrentUser, input: Omit<SysPermissionDataRule, 'id' | keyof import('../../../platform/db/schema.js').Audit>): Promise<string> {
    const perm = await this.db.selectFrom('sysPermission').select('id').where('id', '=', input.permissionId).where('delFlag', '=', 0).executeTakeFirst();
    if (!perm) throw businessError('未找到菜单信息');
    const id = newId();
    await this.db
      .insertInto('sysPermissionDataRule')
      .values({ ...input, id, createBy: user.username, createTime: now(), updateBy: null, updateTime: null })
      .execute();
    await this.db.updateTable('sysPermission').set({ ruleFlag: 1 }).where('id', '=', input.permissionId).execute();
    return id;
  }

  async editRule(user: CurrentUser, input: Partial<SysPermissionDataRule> & { id: string }): Promise<void> {
    const { id, permissionId: _p, ...changes } = input;
    void _p;
    const r = await this.db.updateTable('sysPermissionDataRule').set({ ...changes, updateBy: user.username, updateTime: now() }).where('id', '=', id).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw businessError('未找到对应数据');
  }

  async deleteRule(id: string): Promise<void> {
    const rule = await this.db.selectFrom('sysPermissionDataRule').select('permissionId').where('id', '=', id).executeTakeFirst();
    if (!rule) throw businessError('未找到对应数据');
    await this.db.deleteFrom('sysPermissionDataRule').where('id', '=', id).execute();
    const left = await this.db.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', rule.permissionId).executeTakeFirst();
    if (!left) await this.db.updateTable('sysPermission').set({ ruleFlag: 0 }).where('id', '=', rule.permissionId).execute();
  }

  /**
   * The active data-rule conditions a user has on the menu whose component is `component`: the union of
   * the rule ids checked on the user's role grants and department-role grants (stock PermissionDataAspect).
   */
  async dataRuleConditionsFor(user: CurrentUser, component: string, wl: Whitelist): Promise<Condition[]> {
    const menuId = (await this.ruledMenus()).get(component);
    if (!menuId) return [];
    const menu = { id: menuId };
    const fromRoles = await this.db
      .selectFrom('sysRolePermission as rp')
      .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
      .select('rp.dataRuleIds')
      .where('ur.userId', '=', user.id)
      .where('rp.permissionId', '=', menu.id)
      .execute();
    const fromDeptRoles = await this.db
      .selectFrom('sysDepartRolePermission as drp')
      .innerJoin('sysDepartRoleUser as dru', 'dru.droleId', 'drp.roleId')
      .select('drp.dataRuleIds')
      .where('dru.userId', '=', user.id)
      .where('drp.permissionId', '=', menu.id)
      .execute();
    const ids = new Set([...fromRoles, ...fromDeptRoles].flatMap((r) => csv(r.dataRuleIds)));
    if (ids.size === 0) return [];
    const rules = await this.db
      .selectFrom('sysPermissionDataRule')
      .select(['ruleColumn', 'ruleConditions', 'ruleValue'])
      .where('id', 'in', [...ids])
      .where('status', '=', '1')
      .execute();
    const departs = await this.db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select('d.orgCode')
      .where('ud.userId', '=', user.id)
      .execute();
    const vars: RuleVariables = {
      username: user.username,
      realname: user.realname,
      orgCode: user.orgCode,
      orgCodes: departs.map((d) => d.orgCode),
      tenantId: user.tenantId,
    };
    return dataRuleConditions(rules, vars, wl);
  }
}
