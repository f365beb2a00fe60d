import { binaryResponse, CHANGE_LOG_PERMS, changeLogRecordQuery, changeLogRow, changeLogSearchQuery, pageResponse } from '@go/contract';
import { LOGIN, perm } from '../access/access.js';
import { attachmentHeader, XLSX_MIME } from '../excel/excel.js';
import type { Api } from '../http/api.js';
import { ok } from '../http/envelope.js';
import type { ChangeLogService } from './change-log.service.js';

/**
 * The audit trail's endpoints (docs/audit.md): one record's changes (the record's own list permission,
 * checked in the service by its type) and the administrator's search with its export.
 */
export async function changeLogRoutes(app: Api, changes: ChangeLogService): Promise<void> {
  const tags = ['变更记录'];
  app.get(
    '/sys/changeLog/record',
    {
      config: { access: LOGIN },
      schema: { tags, summary: '一条记录的变更记录（需该记录的查询权限）', querystring: changeLogRecordQuery, response: { 200: pageResponse(changeLogRow) } },
    },
    async (req) => ok(await changes.ofRecord(req.user!, req.query)),
  );
  app.get(
    '/sys/changeLog/list',
    {
      config: { access: perm(CHANGE_LOG_PERMS.list) },
      schema: { tags, summary: '变更记录查询（操作人、记录类型、记录、字段、时间范围）', querystring: changeLogSearchQuery, response: { 200: pageResponse(changeLogRow) } },
    },
    async (req) => ok(await changes.search(req.user!, req.query)),
  );
  app.get(
    '/sys/changeLog/exportXls',
    {
      config: { access: perm(CHANGE_LOG_PERMS.export), oplog: { content: '导出变更记录', type: 6 } },
      schema: { tags, summary: '导出变更记录（.xlsx）', querystring: changeLogSearchQuery, response: { 200: binaryResponse } },
    },
    async (req, reply) => {
      const stream = changes.exportStream(req.user!, req.query);
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('变更记录.xlsx'));
      return reply.send(stream);
    },
  );
}
