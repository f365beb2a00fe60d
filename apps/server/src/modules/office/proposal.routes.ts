import { envelope, oaProposalAdoptedRow, oaProposalLiked, pageResponse } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import type { ProposalService } from './proposal.service.js';

export const PROPOSAL_PERMS = { list: 'office:proposal:list', manage: 'office:proposal:manage' } as const;

const zs = () => z.string().refine((v) => !v.includes('\u0000'), '包含非法字符');
const pageQ = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  _t: z.union([zs(), z.number()]).optional(),
});
const idBody = z.object({ id: zs().min(1).max(32) });
const assignBody = z.object({
  id: zs().min(1).max(32),
  owner: zs().trim().min(1, '请选择负责人').max(100),
  dueDate: zs().regex(/^\d{4}-\d{2}-\d{2}$/, '请选择正确的截止日期').optional().or(z.literal('')),
});

/** `/office/proposal/*` (adopted proposals; the review itself runs through `/actBusiness` and `/actTask`). */
export async function proposalRoutes(app: Api, svc: ProposalService): Promise<void> {
  const P = '/office/proposal';
  const tags = ['合理化建议'];
  app.get(`${P}/adopted`, { config: { access: perm(PROPOSAL_PERMS.list) }, schema: { tags, summary: '已采纳建议（公开，含点赞）', querystring: pageQ, response: { 200: pageResponse(oaProposalAdoptedRow) } } }, async (req) =>
    ok(await svc.adopted(req.user!, req.query)),
  );
  app.post(`${P}/like`, { config: { access: perm(PROPOSAL_PERMS.list), oplog: false }, schema: { tags, summary: '点赞/取消点赞', body: idBody, response: { 200: envelope(oaProposalLiked) } } }, async (req) =>
    ok(await svc.like(req.user!, req.body.id)),
  );
  app.post(
    `${P}/assign`,
    { config: { access: perm(PROPOSAL_PERMS.manage), oplog: { content: '合理化建议-指定负责人', type: 3 } }, schema: { tags, summary: '指定负责人并生成任务', body: assignBody, response: { 200: envelope(z.string()) } } },
    async (req) => ok(await svc.assign(req.user!, req.body), '已指定负责人并生成任务'),
  );
}
