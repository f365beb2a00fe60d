/**
 * The one Excel import endpoint shape every module uses (stock `importExcel`): multipart upload of one or
 * more workbooks, rows imported one by one, and the stock reply:
 * - every row good → `共N行数据全部导入成功！`;
 * - some rows bad → `code 201`, `文件导入成功，但有错误。`, `result {totalCount, errorCount, successCount, msg,
 *   fileUrl, fileName}` where `fileUrl` is a signed, expiring `/sys/common/static/private/import-errors/…txt`.
 */
import { sysImportResponse } from '@go/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Access, CurrentUser } from '../access/access.js';
import type { AppConfig } from '../../config.js';
import type { Api } from '../http/api.js';
import { signStaticPath } from '../files/signed-url.js';
import { fileStorageFor } from '../files/file-storage.js';
import { ok } from '../http/envelope.js';
import { AppError, businessError } from '../http/errors.js';
import { ID_HEADER, MAX_IMPORT_BYTES, readWorkbook, withIdColumn, type ExportColumn, type SheetData } from './excel.js';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface ImportOutcome {
  totalCount: number;
  successCount: number;
  errorCount: number;
  /** `第 N 行：…` lines */
  errors: string[];
}

export const emptyOutcome = (): ImportOutcome => ({ totalCount: 0, successCount: 0, errorCount: 0, errors: [] });

/** Reads every uploaded file of a multipart request (size and count limited). */
export async function readUploads(req: FastifyRequest, maxFiles: number): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', '请上传文件');
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.files({ limits: { fileSize: MAX_IMPORT_BYTES, files: maxFiles } })) {
      files.push({ filename: part.filename, data: await part.toBuffer() });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', `一次最多导入${maxFiles}个文件`);
    throw new AppError('BAD_REQUEST', '文件大小不能超过10MB');
  }
  if (files.length === 0) throw new AppError('BAD_REQUEST', '请上传文件');
  return files;
}

/** Reads one uploaded workbook with the configured limits; a bad file answers `文件导入失败:<reason>`. */
export async function readImportSheet(config: AppConfig, file: UploadedFile): Promise<SheetData> {
  try {
    const { importMaxRows, importMaxUncompressedBytes } = config.limits;
    return await readWorkbook(file.filename, file.data, { maxRows: importMaxRows, maxUncompressed: importMaxUncompressedBytes });
  } catch (err) {
    throw businessError(`文件导入失败:${err instanceof Error ? err.message : '文件格式不正确'}`);
  }
}

/**
 * Writes the error lines into the private folder (they may name people) and returns a signed, expiring
 * path for `/sys/common/static/<path>`.
 */
export async function writeImportErrors(config: AppConfig, lines: string[], baseName: string): Promise<{ rel: string; name: string }> {
  const storage = fileStorageFor(config);
  const stored = await storage.save('private/import-errors', `${baseName}.txt`, Buffer.from(lines.join('\r\n') + '\r\n', 'utf8'));
  const rel = signStaticPath(config.jwtSecret, stored, config.limits.signedUrlTtlMs);
  return { rel, name: stored.split('/').pop()! };
}

/** The stock answer for an import outcome (`sysImportResponse`). */
export async function importAnswer(config: AppConfig, r: ImportOutcome, errorFileBase: string): Promise<z.infer<typeof sysImportResponse>> {
  if (r.errorCount === 0) return ok(null, `共${r.successCount}行数据全部导入成功！`);
  const file = await writeImportErrors(config, r.errors, errorFileBase);
  return {
    success: true,
    code: 201,
    message: '文件导入成功，但有错误。',
    result: {
      totalCount: r.totalCount,
      errorCount: r.errorCount,
      successCount: r.successCount,
      msg: `总上传行数：${r.totalCount}，已导入行数：${r.successCount}，错误行数：${r.errorCount}`,
      fileUrl: `/sys/common/static/${file.rel}`,
      fileName: file.name,
    },
    timestamp: Date.now(),
  };
}

/** Sends the stock answer for an import outcome (routes that build their own import endpoint). */
export async function sendImportOutcome(reply: FastifyReply, config: AppConfig, r: ImportOutcome, errorFileBase: string) {
  return reply.send(await importAnswer(config, r, errorFileBase));
}

export interface ImportRouteSpec {
  url: string;
  access: Access;
  /** operation-log content, e.g. `导入角色` */
  content: string;
  tags: string[];
  summary: string;
  /** base name of the error file, e.g. `role_import_errors` */
  errorFile: string;
  run: (user: CurrentUser, files: UploadedFile[]) => Promise<ImportOutcome>;
}

/** Registers `POST <url>` (multipart) with the stock import reply. */
export function registerImport(app: Api, spec: ImportRouteSpec): void {
  app.post(
    spec.url,
    {
      config: { access: spec.access, oplog: { content: spec.content, type: 5 } },
      schema: { tags: spec.tags, summary: spec.summary, response: { 200: sysImportResponse } },
    },
    async (req) => {
      const files = await readUploads(req, app.ctx.config.limits.maxFilesPerRequest);
      const r = await spec.run(req.user!, files);
      return importAnswer(app.ctx.config, r, spec.errorFile);
    },
  );
}

/**
 * Imports rows whose header row uses the export's column texts (a `_dictText` column also accepts the
 * code or the text): each row is checked with `schema` and saved with `save`; a bad row is reported with
 * its row number and the others are kept.
 */
export async function importRows(
  config: AppConfig,
  files: UploadedFile[],
  opts: {
    columns: ExportColumn[];
    /** header aliases: text → field */
    aliases?: Record<string, string>;
    /** required field: a sheet without its column is refused */
    required: string;
    schema: z.ZodType<Record<string, unknown>>;
    /** turns `<field>_dictText` cells into codes */
    decode?: (field: string, text: string) => Promise<string | null> | string | null;
    save: (row: Record<string, unknown>) => Promise<void>;
    /**
     * The record a row stands for (by its `ID` column, else by a unique value), when it exists: the row then
     * updates it through `editSchema` and `update` instead of adding a copy.
     */
    match?: (raw: Record<string, unknown>) => Promise<string | null>;
    editSchema?: z.ZodType<Record<string, unknown>>;
    update?: (row: Record<string, unknown>) => Promise<void>;
  },
): Promise<ImportOutcome> {
  const out = emptyOutcome();
  const byHeader = new Map<string, string>();
  for (const c of opts.columns) byHeader.set(c.header.replace(/\s|\*/g, ''), c.key);
  byHeader.set(ID_HEADER, 'id');
  for (const [k, v] of Object.entries(opts.aliases ?? {})) byHeader.set(k, v);
  const requiredHeader = opts.columns.find((c) => c.key === opts.required)?.header ?? opts.required;
  for (const f of files) {
    const sheet = await readImportSheet(config, f);
    const keys = sheet.headers.map((h) => byHeader.get(h.replace(/\s|\*/g, '')) ?? null);
    if (!keys.includes(opts.required)) throw businessError(`文件导入失败:缺少“${requiredHeader}”列`);
    for (const row of sheet.rows) {
      out.totalCount++;
      const fail = (msg: string) => {
        out.errorCount++;
        out.errors.push(`第 ${row.rowNo} 行：${msg}，忽略导入。`);
      };
      const raw: Record<string, unknown> = {};
      let bad: string | null = null;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        const cell = row.values[i] ?? '';
        if (!key || cell === '') continue;
        if (key.endsWith('_dictText')) {
          const field = key.slice(0, -'_dictText'.length);
          const code = opts.decode ? await opts.decode(field, cell) : cell;
          if (code === null) {
            bad = `“${cell}”不是有效的值`;
            break;
          }
          raw[field] = code;
        } else raw[key] = cell;
      }
      if (bad) {
        fail(bad);
        continue;
      }
      let existing: string | null = null;
      try {
        existing = opts.match && opts.update ? await opts.match(raw) : null;
      } catch (err) {
        fail(err instanceof Error ? err.message : '数据格式不正确');
        continue;
      }
      if (!existing) delete raw.id;
      const parsed = (existing ? (opts.editSchema ?? opts.schema) : opts.schema).safeParse(existing ? { ...raw, id: existing } : raw);
      if (!parsed.success) {
        fail(parsed.error.issues[0]?.message ?? '数据格式不正确');
        continue;
      }
      try {
        // an update writes only the columns the sheet has: a value the file does not carry stays as stored
        if (existing) await opts.update!({ ...sheetColumnsOf(parsed.data, raw), id: existing });
        else await opts.save(parsed.data);
        out.successCount++;
      } catch (err) {
        fail(err instanceof Error ? err.message : '保存失败');
      }
    }
  }
  return out;
}

/** The parsed values of the fields the row's sheet had a column for. */
function sheetColumnsOf(parsed: Record<string, unknown>, raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw));
}

/** What `registerCrudImport` needs of a CRUD service (see platform/query/crud.ts). */
export interface CrudImportTarget {
  spec: {
    base: string;
    tag: string;
    perm: string;
    exportColumns?: ExportColumn[];
    dictFields?: Record<string, string>;
    addSchema: z.ZodType<Record<string, unknown>>;
    editSchema?: z.ZodType<Record<string, unknown>>;
  };
  add(user: CurrentUser, row: Record<string, unknown>): Promise<unknown>;
  edit?(user: CurrentUser, row: Record<string, unknown>): Promise<void>;
  /** the visible record with this id */
  find?(user: CurrentUser, id: string): Promise<Record<string, unknown> | null>;
}

/**
 * `POST <base>/importExcel` for a CRUD entity: the sheet's headers are the export's, each row goes
 * through the entity's add schema and `add` (so uniqueness, company and other rules are the form's).
 * `_dictText` columns take the dictionary text (or the value); `decodeDict` looks the text up.
 */
export function registerCrudImport(
  app: Api,
  svc: CrudImportTarget,
  opts: {
    required: string;
    decodeDict?: (dictCode: string, text: string) => Promise<string | null>;
    aliases?: Record<string, string>;
    /** a `<field>_dictText` cell of a field without a dictionary (a list's own texts) back to its value */
    decode?: (field: string, text: string) => string | null;
  },
): void {
  const s = svc.spec;
  // An importable list's export ends with the record id, so its own file imports back as updates.
  s.exportColumns = withIdColumn(s.exportColumns ?? []);
  registerImport(app, {
    url: `${s.base}/importExcel`,
    access: { permission: `${s.perm}:import` },
    content: `导入${s.tag}`,
    tags: [s.tag],
    summary: `导入${s.tag}（.xls/.xlsx，表头同导出）`,
    errorFile: `${s.base.split('/').pop()}_import_errors`,
    run: (user, files) =>
      importRows(app.ctx.config, files, {
        columns: (s.exportColumns ?? []).filter((c) => c.key !== 'createTime' && c.key !== 'id'),
        aliases: opts.aliases,
        required: opts.required,
        schema: s.addSchema,
        decode: async (field, text) => {
          const code = s.dictFields?.[field];
          if (!code && opts.decode) return opts.decode(field, text);
          if (!code || !opts.decodeDict) return text;
          return opts.decodeDict(code, text);
        },
        save: async (row) => {
          await svc.add(user, row);
        },
        match: svc.find
          ? async (raw) => {
              const id = typeof raw.id === 'string' ? raw.id.trim() : '';
              const found = id ? await svc.find!(user, id) : null;
              return found ? String(found.id) : null;
            }
          : undefined,
        editSchema: s.editSchema,
        update: svc.edit ? (row) => svc.edit!(user, row) : undefined,
      }),
  });
}
