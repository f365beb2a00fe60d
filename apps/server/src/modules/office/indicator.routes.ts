import {
  envelope,
  indicatorActualSchema,
  indicatorSaveSchema,
  indicatorTargetsSchema,
  listResponse,
  messageResponse,
  oaIndicatorNode,
  oaIndicatorRow,
} from '@go/contract';
import { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok, okMessage } from '../../platform/http/envelope.js';
import type { IndicatorService } from './indicator.service.js';

export const INDICATOR_PERMS = {
  list: 'office:indicator:list',
  manage: 'office:indicator:manage',
  actual: 'office:indicator:actual',
} as const;

const zs = () => z.string().refine((v) => !v.includes('\u0000'), '包含非法字符');
const t = z.union([zs(), z.number()]).optional();
const yearQ = z.object({ year: z.coerce.number().int().min(2019).max(2119), orgCode: zs().max(64).optional(), _t: t });
const idQ = z.object({ id: zs().min(1).max(32), _t: t });
const editBody = indicatorSaveSchema.extend({ id: z.string().min(1).max(32) });

/** `/office/indicator/*`: see docs/office.md. */
export async function indicatorRoutes(app: Api, svc: IndicatorService): Promise<void> {
  const I = '/office/indicator';
  const tags = ['战略指标'];
  app.get(`${I}/list`, { config: { access: perm(INDICATOR_PERMS.list) }, schema: { tags, summary: '年度指标（含月度目标、实际、完成率、红绿灯）', querystring: yearQ, response: { 200: listResponse(oaIndicatorRow) } } }, async (req) => {
    const q = req.query;
    return ok(await svc.list(req.user!, q.year, q.orgCode || undefined));
  });
  app.get(`${I}/tree`, { config: { access: perm(INDICATOR_PERMS.list) }, schema: { tags, summary: '集团→公司→部门汇总树', querystring: yearQ, response: { 200: listResponse(oaIndicatorNode) } } }, async (req) =>
    ok(await svc.tree(req.user!, req.query.year)),
  );
  app.get(`${I}/queryById`, { config: { access: perm(INDICATOR_PERMS.list) }, schema: { tags, summary: '指标详情', querystring: idQ, response: { 200: envelope(oaIndicatorRow) } } }, async (req) =>
    ok(await svc.get(req.user!, req.query.id)),
  );
  app.post(
    `${I}/add`,
    { config: { access: perm(INDICATOR_PERMS.manage), oplog: { content: '战略指标-添加', type: 2 } }, schema: { tags, summary: '新建指标', body: indicatorSaveSchema, response: { 200: envelope(z.string()) } } },
    async (req) => ok(await svc.save(req.user!, { ...req.body, id: undefined }), '添加成功！'),
  );
  app.route({
    method: ['PUT', 'POST'],
    url: `${I}/edit`,
    config: { access: perm(INDICATOR_PERMS.manage), oplog: { content: '战略指标-编辑', type: 3 } },
    schema: { tags, summary: '编辑指标', body: editBody, response: { 200: envelope(z.string()) } },
    handler: async (req) => ok(await svc.save(req.user!, req.body), '编辑成功!'),
  });
  app.post(
    `${I}/targets`,
    { config: { access: perm(INDICATOR_PERMS.manage), oplog: { content: '战略指标-分解', type: 3 } }, schema: { tags, summary: '月度目标分解', body: indicatorTargetsSchema, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await svc.setTargets(req.user!, b.id, b.months);
      return okMessage('保存成功');
    },
  );
  app.post(
    `${I}/actual`,
    { config: { access: perm(INDICATOR_PERMS.actual), oplog: { content: '战略指标-填报实际', type: 3 } }, schema: { tags, summary: '填报月度实际值（责任人）', body: indicatorActualSchema, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await svc.setActual(req.user!, b.id, b.month, b.actual, await app.ctx.permissions.has(req.user!, INDICATOR_PERMS.manage));
      return okMessage('保存成功');
    },
  );
  app.delete(
    `${I}/delete`,
    { config: { access: perm(INDICATOR_PERMS.manage), oplog: { content: '战略指标-删除', type: 4 } }, schema: { tags, summary: '删除指标', querystring: idQ, response: { 200: messageResponse } } },
    async (req) => {
      await svc.remove(req.user!, req.query.id);
      return okMessage('删除成功!');
    },
  );
}
