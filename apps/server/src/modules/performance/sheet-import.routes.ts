import {
  userYearPartAdd,
  userYearPartEdit,
  userYearPerfAdd,
  userYearPerfEdit,
  type UserYearPartAdd,
  type UserYearPartEdit,
  type UserYearPerfAdd,
  type UserYearPerfEdit,
} from '@go/contract/performance/index';
import { perm } from '../../platform/access/access.js';
import type { CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import { importRows, registerImport } from '../../platform/excel/import-route.js';
import type { Api } from '../../platform/http/api.js';
import { PERF_PERMS } from './performance.perms.js';
import { sheetRowById, type SheetTable } from './performance.repo.js';
import { PART_EXPORT, PERF_EXPORT, type SheetService } from './sheet.service.js';

/** A row without ID names its person by 账号 (username or user id), as the add form's person picker does. */
const PERSON_ALIASES = { 账号: 'userId', 登录账号: 'userId' };

/**
 * `POST /userYearPerf/importExcel` and `/userYearPart/importExcel`: the export's columns; a row whose ID names
 * a sheet row of the importer's companies updates its scores (the average is recomputed, a quarter changed by
 * hand loses its evaluation link), other rows are added for the person in 账号 (one row per person and year).
 */
export function sheetImportRoutes(app: Api, sheets: SheetService): void {
  const db = app.ctx.db;
  const match = (table: SheetTable, user: CurrentUser) => async (raw: Record<string, unknown>) => {
    const id = typeof raw.id === 'string' ? raw.id.trim() : '';
    const row = id ? await sheetRowById(db, table, id) : undefined;
    return row && inCompanyScope(user, row.sysOrgCode) ? row.id : null;
  };
  registerImport(app, {
    url: '/userYearPerf/importExcel',
    access: perm(PERF_PERMS.yearImport),
    content: '导入年度绩效',
    tags: ['年度绩效'],
    summary: '导入年度绩效（.xls/.xlsx，表头同导出；有 ID 的行更新该记录）',
    errorFile: 'userYearPerf_import_errors',
    run: (user, files) =>
      importRows(app.ctx.config, files, {
        columns: PERF_EXPORT.filter((c) => c.key !== 'id' && c.key !== 'avgCount'),
        aliases: PERSON_ALIASES,
        required: 'yearPart',
        schema: userYearPerfAdd,
        // the rows were checked with these schemas by importRows
        save: async (row) => {
          await sheets.addPerf(user, row as UserYearPerfAdd);
        },
        match: match('userYearPerf', user),
        editSchema: userYearPerfEdit,
        update: async (row) => {
          await sheets.editPerf(user, row as UserYearPerfEdit);
        },
      }),
  });
  registerImport(app, {
    url: '/userYearPart/importExcel',
    access: perm(PERF_PERMS.partImport),
    content: '导入季度绩效',
    tags: ['季度绩效'],
    summary: '导入季度绩效（.xls/.xlsx，表头同导出；有 ID 的行更新该记录）',
    errorFile: 'userYearPart_import_errors',
    run: (user, files) =>
      importRows(app.ctx.config, files, {
        columns: PART_EXPORT.filter((c) => c.key !== 'id'),
        aliases: PERSON_ALIASES,
        required: 'yearPart',
        schema: userYearPartAdd,
        save: async (row) => {
          await sheets.addPart(user, row as UserYearPartAdd);
        },
        match: match('userYearPart', user),
        editSchema: userYearPartEdit,
        update: async (row) => {
          await sheets.editPart(user, row as UserYearPartEdit);
        },
      }),
  });
}
