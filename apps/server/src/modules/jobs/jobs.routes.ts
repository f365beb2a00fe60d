import {
  CRON_PREVIEW_COUNT,
  envelope,
  failure,
  formatCronTime,
  jobEndpoints,
  jobHandler,
  jobLogRow,
  jobRow,
  messageResponse,
  pageResponse,
  validateCronExpression,
} from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { fail, ok, okMessage } from '../../platform/http/envelope.js';
import { boundedNextRuns, withPreviewSlot } from '../../platform/scheduler/bounded-cron.js';
import { idList } from '../../platform/http/list-params.js';
import { jobStockRoutes } from './jobs-stock.routes.js';
import { JOB_TEXTS, type JobService } from './jobs.service.js';

export const JOB_PERMS = {
  list: 'system:quartzJob:list',
  add: 'system:quartzJob:add',
  edit: 'system:quartzJob:edit',
  delete: 'system:quartzJob:delete',
  pause: 'system:quartzJob:pause',
  execute: 'system:quartzJob:execute',
} as const;

// Schemas: the endpoint declarations (packages/contract/src/jobs/endpoints.ts).
const E = jobEndpoints;
const jobBody = E.add.body;
const jobEditBody = E.edit.body;
const idQuery = E.execute.query;
const jobRefQuery = E.pause.query;
const idsQuery = E.deleteBatch.query;
const listQuery = E.list.query;
const logQuery = E.logs.query;
const cronQuery = E.nextRuns.query;

const tags = ['定时任务'];

export async function jobRoutes(app: Api, jobs: JobService): Promise<void> {
  const J = '/sys/quartzJob';
  await jobStockRoutes(app, jobs);
  jobs.scheduler.start();
  app.addHook('onClose', async () => jobs.scheduler.stop());

  app.get(
    `${J}/list`,
    { config: { access: perm(JOB_PERMS.list) }, schema: { tags, summary: '定时任务列表', querystring: listQuery, response: { 200: pageResponse(jobRow) } } },
    async (req) => ok(await jobs.list(req.query)),
  );

  app.get(
    `${J}/queryById`,
    { config: { access: perm(JOB_PERMS.list) }, schema: { tags, summary: '定时任务详情', querystring: idQuery, response: { 200: envelope(jobRow) } } },
    async (req) => ok(await jobs.get(req.query.id)),
  );

  app.post(
    `${J}/add`,
    {
      config: { access: perm(JOB_PERMS.add), oplog: { content: '定时任务-添加', type: 2 } },
      schema: { tags, summary: '添加定时任务', body: jobBody, response: { 200: messageResponse } },
    },
    async (req) => {
      await jobs.add(req.user!, req.body);
      return okMessage(JOB_TEXTS.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: `${J}/edit`,
    config: { access: perm(JOB_PERMS.edit), oplog: { content: '定时任务-编辑', type: 3 } },
    schema: { tags, summary: '编辑定时任务', body: jobEditBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await jobs.edit(req.user!, req.body.id, req.body);
      return okMessage(JOB_TEXTS.edited);
    },
  });

  app.get(
    `${J}/pause`,
    {
      config: { access: perm(JOB_PERMS.pause), oplog: { content: '定时任务-暂停', type: 3 } },
      schema: { tags, summary: '暂停', querystring: jobRefQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await jobs.setStatus(req.user!, await jobs.resolveId(req.query), -1);
      return okMessage(JOB_TEXTS.paused);
    },
  );

  app.get(
    `${J}/resume`,
    {
      config: { access: perm(JOB_PERMS.pause), oplog: { content: '定时任务-恢复', type: 3 } },
      schema: { tags, summary: '恢复', querystring: jobRefQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await jobs.setStatus(req.user!, await jobs.resolveId(req.query), 0);
      return okMessage(JOB_TEXTS.resumed);
    },
  );

  app.get(
    `${J}/execute`,
    {
      config: { access: perm(JOB_PERMS.execute), oplog: { content: '定时任务-立即执行', type: 3 } },
      schema: { tags, summary: '立即执行一次', querystring: idQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await jobs.executeOnce(req.query.id);
      return okMessage(JOB_TEXTS.executed);
    },
  );

  app.delete(
    `${J}/delete`,
    {
      config: { access: perm(JOB_PERMS.delete), oplog: { content: '定时任务-删除', type: 4 } },
      schema: { tags, summary: '删除定时任务', querystring: idQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await jobs.remove([req.query.id]);
      return okMessage(JOB_TEXTS.deleted);
    },
  );

  app.delete(
    `${J}/deleteBatch`,
    {
      config: { access: perm(JOB_PERMS.delete), oplog: { content: '定时任务-批量删除', type: 4 } },
      schema: { tags, summary: '批量删除定时任务', querystring: idsQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await jobs.remove(idList(req.query.ids));
      return okMessage(JOB_TEXTS.batchDeleted);
    },
  );

  app.get(
    `${J}/handlers`,
    { config: { access: perm(JOB_PERMS.list) }, schema: { tags, summary: '可用的任务类名', response: { 200: envelope(z.array(jobHandler)) } } },
    async () => ok(jobs.registry.list()),
  );

  app.get(
    `${J}/logs`,
    { config: { access: perm(JOB_PERMS.list) }, schema: { tags, summary: '运行记录', querystring: logQuery, response: { 200: pageResponse(jobLogRow) } } },
    async (req) => ok(await jobs.history(req.query)),
  );

  app.get(
    `${J}/nextRuns`,
    {
      config: { access: LOGIN },
      schema: { tags, summary: 'Cron表达式最近10次运行时间', querystring: cronQuery, response: { 200: z.union([envelope(z.array(z.string())), failure]) } },
    },
    async (req) => {
      const { cronExpression } = req.query;
      const problem = validateCronExpression(cronExpression);
      if (problem) return fail(problem);
      // Bounded work per preview (bounded-cron.ts) and at most two previews in flight per user.
      const runs = await withPreviewSlot(req.user!.id, () => boundedNextRuns(cronExpression, CRON_PREVIEW_COUNT, new Date(), { ignoreYear: true }));
      if (!runs) return fail('预览请求过多，请稍后再试');
      return ok(runs.map(formatCronTime));
    },
  );
}
