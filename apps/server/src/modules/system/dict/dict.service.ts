import type { Database } from '../../../platform/db/database.js';

export interface DictOption {
  value: string;
  text: string;
  title: string;
  label: string;
  /** comma-separated org codes the option is offered to; empty means everyone */
  description: string;
  disabled?: boolean;
}

const CACHE_MS = 60_000;

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
}
