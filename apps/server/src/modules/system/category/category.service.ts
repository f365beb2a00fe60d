import type { SysCategoryNode, SysCategoryRow } from '@go/contract';
import { GROUP_COMPANY, isGroupLevel, type CurrentUser } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import { now } from '../../../platform/db/time.js';
import type { Page } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { likePrefix } from '../../../platform/query/like.js';
import { applyFilters, applySort, paging, runPage, type Params, type SortDefault, type Whitelist } from '../../../platform/query/query-builder.js';
import { nextChildCode } from '../depart/org-code.js';
import type { SysCategory } from '../system.tables.js';

/** A node of the category tree selects (the contract's wire shape). */
export type CategoryNode = SysCategoryNode;

/** Equality filters a tree-select `condition` may use. */
const CONDITION_FIELDS: Record<string, keyof SysCategory> = {
  id: 'id',
  pid: 'pid',
  code: 'code',
  name: 'name',
  hasChild: 'hasChild',
  has_child: 'hasChild',
};

/** The list's filterable and sortable fields (the generic CRUD list and the tree lists share them). */
export const CATEGORY_WHITELIST: Whitelist = {
  id: 'id',
  pid: 'pid',
  name: 'name',
  code: 'code',
  hasChild: 'hasChild',
  createTime: { column: 'createTime', type: 'datetime' },
};
export const CATEGORY_COLUMNS = ['id', 'pid', 'name', 'code', 'hasChild', 'sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime'] as const;
export const CATEGORY_SORT: SortDefault = { field: 'code', order: 'asc' };

export const CONDITION_ERROR = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

const toNode = (r: Pick<SysCategory, 'id' | 'name' | 'code' | 'hasChild' | 'pid'>): CategoryNode => ({
  key: r.id,
  title: r.name,
  value: r.id,
  label: r.name,
  code: r.code,
  leaf: r.hasChild !== '1',
  parentId: r.pid,
});

/** 分类字典: a code tree (A01, A01A01, …) shared by the group; companies add their own rows. */
export class CategoryService {
  constructor(private readonly db: Database) {}

  /** Rows the tree selects offer: the group's, the user's company's and rows without a company. */
  private visible(user: CurrentUser) {
    const qb = this.db.selectFrom('sysCategory');
    if (isGroupLevel(user)) return qb;
    return qb.where((eb) => eb.or([likePrefix('sysOrgCode', user.company), likePrefix('sysOrgCode', GROUP_COMPANY), eb('sysOrgCode', 'is', null)]));
  }

  /** Rows the list shows (as the generic CRUD list): the group's and the user's company's. */
  private listed(user: CurrentUser) {
    const qb = this.db.selectFrom('sysCategory');
    if (isGroupLevel(user)) return qb;
    return qb.where((eb) => eb.or([likePrefix('sysOrgCode', user.company), likePrefix('sysOrgCode', GROUP_COMPANY)]));
  }

  /**
   * A page of the list (list query builder: whitelisted filters, sorting, paging). Roots only unless the
   * request filters by parent, name, code or an advanced query (`rootList`).
   */
  async page(user: CurrentUser, params: Params, opts: { rootsByDefault?: boolean } = {}): Promise<Page<SysCategoryRow>> {
    const q = { ...params };
    if (opts.rootsByDefault && !q.pid && !q.superQueryParams && !q.name && !q.code) q.pid = '0';
    const base = applyFilters(this.listed(user), q, CATEGORY_WHITELIST);
    const pg = await runPage<typeof base, SysCategoryRow>(
      base,
      (qb) => applySort(qb.select([...CATEGORY_COLUMNS]), q, CATEGORY_WHITELIST, CATEGORY_SORT),
      paging(q),
    );
    return { ...pg, records: pg.records.map((r) => ({ ...r, hasChild: r.hasChild === '1' ? '1' : '0' })) };
  }

  /** Every child of the given parents (visible like the list), in code order. */
  async childRows(user: CurrentUser, pids: string[]): Promise<SysCategoryRow[]> {
    if (pids.length === 0) return [];
    return this.listed(user)
      .select([...CATEGORY_COLUMNS])
      .where('pid', 'in', pids)
      .orderBy('code')
      .limit(10000)
      .execute();
  }

  async children(user: CurrentUser, pid: string, recursive = false, depth = 0): Promise<CategoryNode[]> {
    const rows = await this.visible(user)
      .select(['id', 'name', 'code', 'hasChild', 'pid'])
      .where('pid', '=', pid)
      .orderBy('code')
      .execute();
    const nodes = rows.map(toNode);
    if (recursive && depth < 10) {
      for (const n of nodes) {
        if (!n.leaf) {
          const kids = await this.children(user, n.key, true, depth + 1);
          if (kids.length) n.children = kids;
        }
      }
    }
    return nodes;
  }

  async idByCode(user: CurrentUser, code: string): Promise<string> {
    if (!code || code === '0') return '0';
    const row = await this.visible(user).select('id').where('code', '=', code).executeTakeFirst();
    if (!row) throw businessError(`该编码【${code.slice(0, 100)}】不存在，请核实!`);
    return row.id;
  }

  async treeData(user: CurrentUser, pid: string | undefined, pcode: string | undefined, condition: string | undefined) {
    let filters: Record<string, unknown> = {};
    if (condition) {
      try {
        const parsed: unknown = JSON.parse(condition);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        filters = parsed as Record<string, unknown>;
      } catch {
        throw businessError(CONDITION_ERROR);
      }
    }
    const parent = pid ? pid : await this.idByCode(user, pcode ?? '');
    let qb = this.visible(user).select(['id', 'name', 'code', 'hasChild', 'pid']).where('pid', '=', parent);
    for (const [k, v] of Object.entries(filters)) {
      const col = CONDITION_FIELDS[k];
      if (!col || (typeof v !== 'string' && typeof v !== 'number')) continue;
      qb = qb.where(col, '=', String(v));
    }
    return (await qb.orderBy('code').execute()).map(toNode);
  }

  async loadOne(user: CurrentUser, field: string, val: string) {
    const col = CONDITION_FIELDS[field];
    if (!col) throw businessError('查询无果');
    const rows = await this.visible(user).selectAll().where(col, '=', val).limit(2).execute();
    if (rows.length !== 1) throw businessError('查询无果');
    return rows[0];
  }

  async names(user: CurrentUser, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.visible(user).select(['id', 'name']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    return ids.map((i) => byId.get(i)).filter((n): n is string => !!n);
  }

  /** Generates the code from the parent when absent and marks the parent as having children. */
  async prepareAdd(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const pid = typeof data.pid === 'string' && data.pid ? data.pid : '0';
    let parentCode = '';
    if (pid !== '0') {
      const p = await this.db.selectFrom('sysCategory').select(['code']).where('id', '=', pid).executeTakeFirst();
      if (!p) throw businessError('上级分类不存在');
      parentCode = p.code;
      await this.db.updateTable('sysCategory').set({ hasChild: '1' }).where('id', '=', pid).execute();
    }
    let code = typeof data.code === 'string' && data.code ? data.code : '';
    if (!code) {
      const siblings = await this.db.selectFrom('sysCategory').select('code').where('pid', '=', pid).execute();
      code = nextChildCode(parentCode, siblings.map((s) => s.code));
    }
    return { ...data, pid, code, hasChild: '0' };
  }

  /** Deletes the rows with their subtrees and fixes the parents' has_child flags. */
  async remove(user: CurrentUser, ids: string[]): Promise<void> {
    const rows = await this.db.selectFrom('sysCategory').select(['id', 'pid', 'sysOrgCode']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw businessError('未找到对应数据');
    for (const r of rows) {
      if (!isGroupLevel(user) && !(r.sysOrgCode ?? '').startsWith(user.company)) throw businessError('未找到对应数据');
    }
    const all = new Set(ids);
    let frontier = ids;
    while (frontier.length) {
      const kids = await this.db.selectFrom('sysCategory').select('id').where('pid', 'in', frontier).execute();
      frontier = kids.map((k) => k.id).filter((k) => !all.has(k));
      frontier.forEach((k) => all.add(k));
    }
    await this.db.deleteFrom('sysCategory').where('id', 'in', [...all]).execute();
    for (const pid of new Set(rows.map((r) => r.pid))) {
      if (pid === '0') continue;
      const left = await this.db.selectFrom('sysCategory').select('id').where('pid', '=', pid).executeTakeFirst();
      await this.db
        .updateTable('sysCategory')
        .set({ hasChild: left ? '1' : '0', updateTime: now() })
        .where('id', '=', pid)
        .execute();
    }
  }
}
