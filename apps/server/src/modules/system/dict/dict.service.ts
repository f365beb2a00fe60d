import { recordChanges } from '../../../platform/audit/audit.js';
import type { SysDictItemRow, SysDictOption } from '@go/contract';
import type { CurrentUser } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import { now } from '../../../platform/db/time.js';
import type { Page } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { withDictText } from '../../../platform/query/present.js';
import { applyFilters, applySort, paging, runPage, type Params, type SortDefault, type Whitelist } from '../../../platform/query/query-builder.js';
import { tableDictItems, tableDictTexts, tableTreeData, type DictItem, type TableDictRef, type TreeDataParams } from './table-dict.js';

/** An option of a dictionary (the contract's wire shape; `description`: org codes it is offered to, empty for everyone). */
export type DictOption = SysDictOption & { description: string };

const CACHE_MS = 60_000;

/** The item list's filterable and sortable fields (shared with the generic item CRUD). */
export const DICT_ITEM_WHITELIST: Whitelist = {
  id: 'id',
  dictId: 'dictId',
  itemText: 'itemText',
  itemValue: 'itemValue',
  description: 'description',
  sortOrder: { column: 'sortOrder', type: 'number' },
  status: { column: 'status', type: 'number' },
  createTime: { column: 'createTime', type: 'datetime' },
};
export const DICT_ITEM_COLUMNS = ['id', 'dictId', 'itemText', 'itemValue', 'description', 'sortOrder', 'status', 'createBy', 'createTime', 'updateBy', 'updateTime'] as const;
export const DICT_ITEM_SORT: SortDefault = { field: 'sortOrder', order: 'asc' };
/** Item fields shown with their dictionary text (`status_dictText`). */
export const DICT_ITEM_DICT_FIELDS = { status: 'valid_status' };

/**
 * Dictionary lookups with a short in-process cache; `refresh()` (refleshCache) clears it.
 * Items are the active (status 1) ones, in sort order.
 */
export class DictService {
  private all: { at: number; value: Record<string, DictOption[]> } | null = null;

  constructor(private readonly db: Database) {}

  refresh(): void {
    this.all = null;
  }

  async allItems(): Promise<Record<string, DictOption[]>> {
    if (this.all && Date.now() - this.all.at < CACHE_MS) return this.all.value;
    const rows = await this.db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      .select(['d.dictCode', 'i.itemValue', 'i.itemText', 'i.description'])
      .where('d.delFlag', '=', 0)
      .where('i.status', '=', 1)
      .orderBy('d.dictCode')
      .orderBy('i.sortOrder')
      .execute();
    const value: Record<string, DictOption[]> = {};
    for (const r of rows) {
      (value[r.dictCode] ??= []).push({
        value: r.itemValue,
        text: r.itemText,
        title: r.itemText,
        label: r.itemText,
        description: r.description ?? '',
      });
    }
    this.all = { at: Date.now(), value };
    return value;
  }

  async items(code: string): Promise<DictOption[] | null> {
    const all = await this.allItems();
    if (all[code]) return all[code];
    const exists = await this.db.selectFrom('sysDict').select('id').where('dictCode', '=', code).executeTakeFirst();
    return exists ? [] : null;
  }

  /** Text for a value (comma-separated values are translated one by one; unknown parts stay as they are). */
  async translate(code: string, value: string | number | null | undefined): Promise<string> {
    if (value === null || value === undefined || value === '') return '';
    const items = (await this.allItems())[code] ?? [];
    return String(value)
      .split(',')
      .map((v) => items.find((i) => i.value === v)?.text ?? v)
      .join(',');
  }

  // ----- table dictionaries (`table,text,code[,where]`, see table-dict.ts) -----

  tableItems(ref: TableDictRef, user: CurrentUser | null, opts: { keyword?: string; limit?: number } = {}): Promise<DictItem[]> {
    return tableDictItems(this.db, ref, user, opts);
  }

  tableTexts(ref: TableDictRef, keys: string[], delNotExist: boolean, user: CurrentUser | null): Promise<string[]> {
    return tableDictTexts(this.db, ref, keys, delNotExist, user);
  }

  tableTree(user: CurrentUser, p: TreeDataParams) {
    return tableTreeData(this.db, user, p);
  }

  /** Texts of the given values of a dictionary, in order (`delNotExist=false` echoes unknown values). */
  async texts(code: string, keys: string[], delNotExist: boolean): Promise<string[]> {
    const items = (await this.items(code)) ?? [];
    const out: string[] = [];
    for (const k of keys) {
      const hit = items.find((i) => i.value === k);
      if (hit) out.push(hit.text);
      else if (!delNotExist) out.push(k);
    }
    return out;
  }

  // ----- administration -----

  /** A page of items (list query builder: whitelisted filters, sorting, paging), with `status_dictText`. */
  async itemPage(params: Params): Promise<Page<SysDictItemRow>> {
    const base = applyFilters(this.db.selectFrom('sysDictItem'), params, DICT_ITEM_WHITELIST);
    const pg = await runPage<typeof base, SysDictItemRow>(
      base,
      (qb) => applySort(qb.select([...DICT_ITEM_COLUMNS]), params, DICT_ITEM_WHITELIST, DICT_ITEM_SORT),
      paging(params),
    );
    return { ...pg, records: await withDictText(pg.records, DICT_ITEM_DICT_FIELDS, (code, v) => this.translate(code, v as string)) };
  }

  /** Whether the dictionary exists and is not deleted. */
  async isActive(dictId: string): Promise<boolean> {
    return !!(await this.db.selectFrom('sysDict').select('id').where('id', '=', dictId).where('delFlag', '=', 0).executeTakeFirst());
  }

  /** Whether another item (not `exceptId`) of the dictionary holds the value. */
  async itemValueTaken(dictId: string, itemValue: string, exceptId?: string): Promise<boolean> {
    let qb = this.db.selectFrom('sysDictItem').select('id').where('dictId', '=', dictId).where('itemValue', '=', itemValue);
    if (exceptId) qb = qb.where('id', '<>', exceptId);
    return !!(await qb.executeTakeFirst());
  }

  /**
   * Delete is logical (stock @TableLogic): the dictionaries go to the recycle bin with their items, where
   * they can be restored or deleted for good.
   */
  async remove(ids: string[], username: string): Promise<void> {
    if (ids.length === 0) throw businessError('未找到对应数据');
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('sysDict').select(['id', 'dictCode']).where('id', 'in', ids).where('delFlag', '=', 0).execute();
      const r = await trx
        .updateTable('sysDict')
        .set({ delFlag: 1, updateBy: username, updateTime: now() })
        .where('id', 'in', ids)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw businessError('未找到对应数据');
      for (const d of rows) await recordChanges(trx, { type: 'sys_dict', id: d.id, name: d.dictCode }, { delFlag: 0 }, { delFlag: 1 });
    });
    this.refresh();
  }

  /** The recycle bin: deleted dictionaries, most recently deleted first. */
  deleted() {
    return this.db
      .selectFrom('sysDict')
      .select(['id', 'dictName', 'dictCode', 'description', 'type', 'delFlag', 'createBy', 'createTime', 'updateBy', 'updateTime'])
      .where('delFlag', '=', 1)
      .orderBy('updateTime', 'desc')
      .orderBy('id', 'desc')
      .limit(2000)
      .execute();
  }

  private async assertDeleted(id: string): Promise<void> {
    const d = await this.db.selectFrom('sysDict').select('id').where('id', '=', id).where('delFlag', '=', 1).executeTakeFirst();
    if (!d) throw businessError('未找到对应数据');
  }

  /** Restores a deleted dictionary. */
  async restore(id: string): Promise<void> {
    await this.assertDeleted(id);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sysDict').set({ delFlag: 0, updateTime: now() }).where('id', '=', id).execute();
      await recordChanges(trx, { type: 'sys_dict', id }, { delFlag: 1 }, { delFlag: 0 });
    });
    this.refresh();
  }

  /** Deletes a deleted dictionary for good, with its items. */
  async purge(id: string): Promise<void> {
    await this.assertDeleted(id);
    await this.db.transaction().execute(async (trx) => {
      const dict = await trx.selectFrom('sysDict').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await trx.deleteFrom('sysDictItem').where('dictId', '=', id).execute();
      await trx.deleteFrom('sysDict').where('id', '=', id).where('delFlag', '=', 1).execute();
      await recordChanges(trx, { type: 'sys_dict', id, name: dict.dictCode }, dict, null);
    });
    this.refresh();
  }
}
