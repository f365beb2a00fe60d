/**
 * Roster import from Excel (docs/hr.md): each row is checked with the shared file schema, the company
 * scope and the duplicate-person rule; good rows are saved, bad rows go to an error file.
 *
 * A row whose ID names a file the importer may see updates that file (as an edit: changed fields only,
 * each logged), so the roster's own export imports back unchanged. Sensitive values exported masked are
 * kept as they are in the database when the cell still holds that file's masked value; a masked value
 * that stands for nothing readable is reported as such.
 */
import { HR_SENSITIVE_FIELDS, HY_FIELD_LABELS, HY_STATUS_TEXT, hyUserAddSchema, hyUserEditSchema, maskValue, type HyStatus } from '@go/contract';
import type { CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { formatDate, now } from '../../platform/db/time.js';
import { ID_HEADER, readWorkbook } from '../../platform/excel/excel.js';
import { businessError } from '../../platform/http/errors.js';
import { insertLogs, type LogInput, type Row } from './hr.repo.js';
import type { HrService } from './hr.service.js';

/** Header text → field, from the shared labels (plus a few dictionary-text columns). */
const HEADERS: Record<string, string> = Object.fromEntries(
  Object.entries(HY_FIELD_LABELS)
    .filter(([k]) => k in hyUserAddSchema.shape || k === 'status')
    .map(([k, v]) => [v, k]),
);
HEADERS[ID_HEADER] = 'id';
const DICT_COLUMNS: Record<string, string> = {
  sex: 'sex',
  political: 'hy_political',
  marriage: 'hy_marriage',
  degree: 'hy_degree',
  employType: 'hy_employ_type',
  contractType: 'hy_contract_type',
  rank: 'position_rank',
};
const STATUS_BY_TEXT = new Map(Object.entries(HY_STATUS_TEXT).map(([k, v]) => [v, k as HyStatus]));

export type { ImportOutcome } from '../../platform/excel/import-route.js';
import type { ImportOutcome } from '../../platform/excel/import-route.js';

export class HrImportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly hr: HrService,
  ) {}

  async importFiles(user: CurrentUser, files: { filename: string; data: Buffer }[]): Promise<ImportOutcome> {
    const db = this.ctx.db;
    const out: ImportOutcome = { totalCount: 0, successCount: 0, errorCount: 0, errors: [] };
    const departs = new Map(
      (await db.selectFrom('sysDepart').select(['orgCode', 'departName']).where('delFlag', '=', 0).execute()).map((d) => [d.orgCode, d.departName]),
    );
    const dictValue = new Map<string, Map<string, string>>();
    for (const code of Object.values(DICT_COLUMNS)) {
      const rows = await db
        .selectFrom('sysDictItem as i')
        .innerJoin('sysDict as d', 'd.id', 'i.dictId')
        .select(['i.itemValue', 'i.itemText'])
        .where('d.dictCode', '=', code)
        .execute();
      dictValue.set(code, new Map(rows.flatMap((r) => [[r.itemText, r.itemValue], [r.itemValue, r.itemValue]])));
    }
    const posts = new Map((await db.selectFrom('sysPosition').select(['code', 'name']).execute()).flatMap((p) => [[p.name, p.code], [p.code, p.code]]));
    const seenId = new Set<string>();
    const seenMobile = new Set<string>();
    for (const f of files) {
      let sheet;
      try {
        sheet = await readWorkbook(f.filename, f.data);
      } catch (err) {
        throw businessError(`文件导入失败:${err instanceof Error ? err.message : '文件格式不正确'}`);
      }
      const fields = sheet.headers.map((h) => HEADERS[h.replace(/\s|\*/g, '')] ?? null);
      if (!fields.includes('realname') || !fields.includes('orgCode')) throw businessError('文件导入失败:缺少“姓名”或“部门编码”列');
      const good: { row: Row; log: LogInput }[] = [];
      for (const line of sheet.rows) {
        out.totalCount++;
        const fail = (msg: string) => {
          out.errorCount++;
          out.errors.push(`第 ${line.rowNo} 行：${msg}，忽略导入。`);
        };
        const v: Row = {};
        fields.forEach((field, i) => {
          const cell = line.values[i] ?? '';
          if (field && cell !== '') v[field] = cell;
        });
        for (const [field, code] of Object.entries(DICT_COLUMNS)) {
          if (typeof v[field] === 'string') v[field] = dictValue.get(code)?.get(v[field]) ?? v[field];
        }
        if (typeof v.post === 'string') v.post = posts.get(v.post) ?? v.post;
        const existing = typeof v.id === 'string' ? await this.hr.file(user, v.id).catch(() => null) : null;
        delete v.id;
        let unreadable: string | null = null;
        for (const field of HR_SENSITIVE_FIELDS) {
          const cell = v[field];
          if (typeof cell !== 'string' || !cell.includes('*')) continue;
          const stored = existing ? (existing as unknown as Row)[field] : null;
          if (existing && maskValue(field, stored) === cell) v[field] = stored;
          else unreadable ??= `${HY_FIELD_LABELS[field]}“${cell}”是脱敏后的值，无法读取`;
        }
        if (unreadable) {
          fail(unreadable);
          continue;
        }
        if (existing) {
          if (typeof v.status === 'string' && (STATUS_BY_TEXT.get(v.status) ?? v.status) !== existing.status) {
            fail('状态不能通过导入修改，请办理相应手续');
            continue;
          }
          delete v.status;
          // the department's name follows its code; a changed code is refused by the edit (a transfer)
          delete v.departName;
          const parsed = hyUserEditSchema.safeParse({ ...v, id: existing.id });
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const label = HY_FIELD_LABELS[String(issue.path[0] ?? '')] ?? '';
            fail(label ? `${label}：${issue.message}` : issue.message);
            continue;
          }
          const idCard = parsed.data.idCard ?? existing.idCard;
          const mobile = parsed.data.mobile ?? existing.mobile;
          if ((idCard && seenId.has(idCard)) || (mobile && seenMobile.has(mobile))) {
            fail('与文件中前面的行是同一人');
            continue;
          }
          try {
            await this.hr.edit(user, parsed.data);
          } catch (err) {
            fail(err instanceof Error ? err.message : '保存失败');
            continue;
          }
          if (idCard) seenId.add(idCard);
          if (mobile) seenMobile.add(mobile);
          out.successCount++;
          continue;
        }
        let status: HyStatus = 'regular';
        if (typeof v.status === 'string') {
          const s = STATUS_BY_TEXT.get(v.status) ?? (v.status in HY_STATUS_TEXT ? (v.status as HyStatus) : undefined);
          if (!s) {
            fail(`状态“${v.status}”不正确`);
            continue;
          }
          status = s;
        }
        delete v.status;
        const parsed = hyUserAddSchema.safeParse(v);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const label = HY_FIELD_LABELS[String(issue.path[0] ?? '')] ?? '';
          fail(label ? `${label}：${issue.message}` : issue.message);
          continue;
        }
        const data = parsed.data;
        const departName = departs.get(data.orgCode);
        if (!departName || !inCompanyScope(user, data.orgCode)) {
          fail(`部门编码“${data.orgCode}”不存在或不在您的管理范围内`);
          continue;
        }
        if ((data.idCard && seenId.has(data.idCard)) || (data.mobile && seenMobile.has(data.mobile))) {
          fail('与文件中前面的行是同一人');
          continue;
        }
        const dup = await this.hr.checkNewPerson(db, data.idCard, data.mobile);
        if (dup.refused) {
          fail(dup.refused);
          continue;
        }
        if (data.idCard) seenId.add(data.idCard);
        seenMobile.add(data.mobile);
        const id = newId();
        const row: Row = {
          ...data,
          id,
          departName,
          status,
          statusDate: formatDate(),
          contractRenewals: data.contractRenewals ?? 0,
          blacklistFlag: dup.blacklisted ? 1 : 0,
          duplicateOf: dup.blacklisted?.id ?? null,
          delFlag: 0,
          createBy: user.username,
          createTime: now(),
        };
        good.push({ row, log: this.hr.logRow(user, { id, realname: data.realname, orgCode: data.orgCode }, 'import', 'status', null, status, null, formatDate()) });
      }
      // Multi-row inserts need one column list: rows missing a column get null.
      const keys = [...new Set(good.flatMap((g) => Object.keys(g.row)))];
      const rows = good.map((g) => Object.fromEntries(keys.map((k) => [k, g.row[k] ?? null])));
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 100) {
          await trx
            .insertInto('hyUser')
            .values(rows.slice(i, i + 100) as never)
            .execute();
        }
        await insertLogs(
          trx,
          good.map((g) => g.log),
        );
      });
      out.successCount += good.length;
    }
    return out;
  }
}
