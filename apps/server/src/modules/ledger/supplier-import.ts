import { registerCrudImport } from '../../platform/excel/import-route.js';
import type { Api } from '../../platform/http/api.js';
import type { CrudService } from '../../platform/query/crud.js';

const STATUS_BY_TEXT: Record<string, string> = { 启用: '1', 停用: '0', '1': '1', '0': '0' };

/**
 * `POST /adminstration/library/supplier/importExcel` (`ledger:supplier:import`): the export's columns, a row
 * whose ID names a visible supplier updates it, others are added (统一社会信用代码 still unique).
 */
export function registerSupplierImport(app: Api, suppliers: CrudService): void {
  registerCrudImport(app, suppliers, {
    required: 'name',
    decode: (field, text) => (field === 'status' ? (STATUS_BY_TEXT[text] ?? null) : text),
  });
}
