import type { Api } from '../../platform/http/api.js';
import type { Translator } from '../../platform/query/present.js';
import type { ApplicationService } from '../workflow/application.service.js';
import type { FormRegistry } from '../workflow/form-registry.js';
import { goodsFormTypes } from './forms/goods.forms.js';
import './ledger.tables.js';
import { ledgerRoutes } from './ledger.routes.js';
import { LibraryService } from './library.service.js';
import { categoryService, itemService, supplierService, warehouseService } from './master-data.js';
import { MasterDataService } from './master-data.service.js';

/** Registers the ten goods form types with the engine. */
export function registerGoodsFormTypes(registry: FormRegistry): void {
  for (const t of goodsFormTypes()) registry.register(t);
}

/** The goods ledger (docs/ledger.md): master data, libraries, the procure pool and the goods form types. */
export async function registerLedgerModule(
  api: Api,
  workflow: { registry: FormRegistry; applications: ApplicationService },
  translate: Translator,
): Promise<void> {
  registerGoodsFormTypes(workflow.registry);
  const db = api.ctx.db;
  await ledgerRoutes(api, {
    masterData: new MasterDataService(db),
    categories: categoryService(db, translate),
    items: itemService(db, translate),
    warehouses: warehouseService(db, translate),
    suppliers: supplierService(db, translate),
    library: new LibraryService(db),
    applications: workflow.applications,
  });
}
