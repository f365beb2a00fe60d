import type { LdCategoryNode } from '@go/contract/ledger/responses';
import { isGroupLevel, type CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { businessError } from '../../platform/http/errors.js';
import type { CrudService } from '../../platform/query/crud.js';
import * as repo from './master-data.repo.js';

export type MasterTable = 'ldCategory' | 'ldItem' | 'ldWarehouse';

/** The master-data decisions beyond the generic CRUD: the category tree and deletes that keep history intact. */
export class MasterDataService {
  constructor(private readonly db: Database) {}

  /** The category tree (roots first; a category whose parent is gone is a root). */
  async categoryTree(): Promise<LdCategoryNode[]> {
    const rows = await repo.categories(this.db);
    const byId = new Map<string, LdCategoryNode>(
      rows.map((r) => [r.id, { key: r.id, value: r.id, title: r.name, label: r.name, parentId: r.parentId, children: [] }]),
    );
    const roots: LdCategoryNode[] = [];
    for (const n of byId.values()) (n.parentId && byId.get(n.parentId) ? byId.get(n.parentId)!.children : roots).push(n);
    for (const n of byId.values()) n.leaf = n.children.length === 0;
    return roots;
  }

  /** The supplier picker of the goods forms: ids and names of the enabled suppliers in the user's scope. */
  supplierOptions(user: CurrentUser, keyword?: string): Promise<{ id: string; name: string }[]> {
    return repo.supplierOptions(this.db, user.company, isGroupLevel(user), keyword?.trim() || undefined);
  }

  /** Deletes an item, warehouse or category unless movements, sub-categories or items still refer to it. */
  async guardedDelete(table: MasterTable, id: string, svc: CrudService, user: CurrentUser): Promise<void> {
    if (table === 'ldItem' && (await repo.itemHasEntries(this.db, id))) throw businessError('该物品已有出入库记录，不能删除');
    if (table === 'ldWarehouse' && (await repo.warehouseHasEntries(this.db, id))) throw businessError('该仓库已有出入库记录，不能删除');
    if (table === 'ldCategory') {
      if (await repo.categoryHasChildren(this.db, id)) throw businessError('该分类下还有子分类，不能删除');
      if (await repo.categoryHasItems(this.db, id)) throw businessError('该分类下还有物品，不能删除');
    }
    await svc.remove(user, [id]);
  }
}
