import { z } from 'zod';
import { endpoint, messageResult } from '../endpoint.js';
import { idQuery, idsQuery, pageParams, zs } from '../params.js';
import { pageOf } from '../wire.js';
import { jobHandler, jobLogRow, jobRow } from './index.js';

/** The endpoints of scheduled jobs (`/sys/quartzJob`). */

const jobBody = z.object({
  jobClassName: zs().trim().min(1, '任务类名不能为空').max(255),
  cronExpression: zs().trim().min(1, 'Cron表达式不能为空').max(255),
  parameter: zs().max(5000).nullish(),
  description: zs().max(255).nullish(),
  status: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(-1)])).nullish(),
});
const jobEditBody = jobBody.extend({ id: zs().min(1).max(32) });
/** pause / resume: by id, or by class name as older clients send it */
const jobRefQuery = z
  .object({ id: zs().min(1).max(32).optional(), jobClassName: zs().min(1).max(255).optional(), _t: z.any().optional() })
  .refine((q) => q.id || q.jobClassName, '缺少参数 id');
const listQuery = pageParams.extend({
  jobClassName: zs().max(255).optional(),
  description: zs().max(255).optional(),
  status: z.coerce.number().int().optional(),
});
const logQuery = pageParams.extend({ jobId: zs().max(32).optional(), status: z.enum(['success', 'fail', '']).optional() });
const cronQuery = z.object({ cronExpression: zs().min(1).max(255), _t: z.any().optional() });

const J = '/sys/quartzJob';

export const jobEndpoints = {
  list: endpoint({ method: 'GET', path: `${J}/list`, query: listQuery, result: pageOf(jobRow) }),
  queryById: endpoint({ method: 'GET', path: `${J}/queryById`, query: idQuery, result: jobRow }),
  add: endpoint({ method: 'POST', path: `${J}/add`, body: jobBody, result: messageResult }),
  /** also answers POST */
  edit: endpoint({ method: 'PUT', path: `${J}/edit`, body: jobEditBody, result: messageResult }),
  pause: endpoint({ method: 'GET', path: `${J}/pause`, query: jobRefQuery, result: messageResult }),
  resume: endpoint({ method: 'GET', path: `${J}/resume`, query: jobRefQuery, result: messageResult }),
  execute: endpoint({ method: 'GET', path: `${J}/execute`, query: idQuery, result: messageResult }),
  delete: endpoint({ method: 'DELETE', path: `${J}/delete`, query: idQuery, result: messageResult }),
  deleteBatch: endpoint({ method: 'DELETE', path: `${J}/deleteBatch`, query: idsQuery, result: messageResult }),
  /** the job classes this server can run */
  handlers: endpoint({ method: 'GET', path: `${J}/handlers`, result: z.array(jobHandler) }),
  logs: endpoint({ method: 'GET', path: `${J}/logs`, query: logQuery, result: pageOf(jobLogRow) }),
  /** the next runs of an expression; a refusal names what is wrong with it */
  nextRuns: endpoint({ method: 'GET', path: `${J}/nextRuns`, query: cronQuery, result: z.array(z.string()) }),
  /** the workbook; filters as `list` */
  exportXls: endpoint({ method: 'GET', path: `${J}/exportXls`, query: listQuery, result: z.unknown() }),
  importExcel: endpoint({ method: 'POST', path: `${J}/importExcel`, result: z.unknown() }),
};
