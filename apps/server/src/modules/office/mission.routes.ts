import {
  boardSaveSchema,
  commentSchema,
  envelope,
  kanbanMoveSchema,
  listResponse,
  messageResponse,
  missionItemSchema,
  missionSaveSchema,
  missionStatusSchema,
  oaBoardRow,
  oaBoardView,
  oaCommentRow,
  oaKanbanMoved,
  oaMissionDetail,
  oaMissionItemRow,
  oaMissionRow,
  pageResponse,
} from '@go/contract';
import { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok, okMessage } from '../../platform/http/envelope.js';
import type { KanbanService } from './kanban.service.js';
import type { MissionService } from './mission.service.js';

export const MISSION_PERMS = {
  list: 'office:mission:list',
  add: 'office:mission:add',
  edit: 'office:mission:edit',
  delete: 'office:mission:delete',
  kanban: 'office:kanban:list',
  move: 'office:kanban:edit',
  board: 'office:kanban:board',
} as const;

const zs = () => z.string().refine((v) => !v.includes('\u0000'), '包含非法字符');
const t = z.union([zs(), z.number()]).optional();
const day = zs().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd').optional().or(z.literal(''));
const idQ = z.object({ id: zs().min(1).max(32), _t: t });
const listQ = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  title: zs().max(100).optional(),
  owner: zs().max(100).optional(),
  status: z.enum(['0', '1', '2', '3', '4', '']).optional(),
  priority: z.enum(['0', '1', '2', '']).optional(),
  boardId: zs().max(32).optional(),
  dueFrom: day,
  dueTo: day,
  mine: z.enum(['0', '1', '']).optional(),
  _t: t,
});
const boardQ = z.object({ id: zs().min(1).max(32), owner: zs().max(100).optional(), dueFrom: day, dueTo: day, _t: t });
const toggleBody = z.object({ id: zs().min(1).max(32), done: z.boolean() });
const editBody = missionSaveSchema.extend({ id: z.string().min(1).max(32) });
const boardEditBody = boardSaveSchema.extend({ id: z.string().min(1).max(32) });
/** add/edit answer the id of the saved record */
const idResponse = envelope(z.string());

const blank = <T extends Record<string, unknown>>(q: T): T =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined)) as T;

/** `/office/mission/*` and `/office/kanban/*`: see docs/office.md. */
export async function missionRoutes(app: Api, svc: MissionService, kanban: KanbanService): Promise<void> {
  const M = '/office/mission';
  const K = '/office/kanban';
  const tags = ['任务'];

  app.get(`${M}/list`, { config: { access: perm(MISSION_PERMS.list) }, schema: { tags, summary: '任务列表', querystring: listQ, response: { 200: pageResponse(oaMissionRow) } } }, async (req) =>
    ok(await svc.list(req.user!, blank(req.query))),
  );
  app.get(`${M}/queryById`, { config: { access: perm(MISSION_PERMS.list) }, schema: { tags, summary: '任务详情（含子任务与检查项）', querystring: idQ, response: { 200: envelope(oaMissionDetail) } } }, async (req) =>
    ok(await svc.get(req.user!, req.query.id)),
  );
  app.post(
    `${M}/add`,
    { config: { access: perm(MISSION_PERMS.add), oplog: { content: '任务-添加', type: 2 } }, schema: { tags, summary: '新建任务', body: missionSaveSchema, response: { 200: idResponse } } },
    async (req) => ok(await svc.save(req.user!, { ...req.body, id: undefined }), '添加成功！'),
  );
  app.route({
    method: ['PUT', 'POST'],
    url: `${M}/edit`,
    config: { access: perm(MISSION_PERMS.edit), oplog: { content: '任务-编辑', type: 3 } },
    schema: { tags, summary: '编辑任务', body: editBody, response: { 200: idResponse } },
    handler: async (req) => ok(await svc.save(req.user!, req.body), '编辑成功!'),
  });
  app.post(
    `${M}/status`,
    { config: { access: perm(MISSION_PERMS.edit), oplog: { content: '任务-状态', type: 3 } }, schema: { tags, summary: '设置任务状态', body: missionStatusSchema, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await svc.setStatus(req.user!, b.id, b.status);
      return okMessage('操作成功');
    },
  );
  app.delete(
    `${M}/delete`,
    { config: { access: perm(MISSION_PERMS.edit), oplog: { content: '任务-删除', type: 4 } }, schema: { tags, summary: '删除任务', querystring: idQ, response: { 200: messageResponse } } },
    async (req) => {
      await svc.remove(req.user!, req.query.id, await app.ctx.permissions.has(req.user!, MISSION_PERMS.delete));
      return okMessage('删除成功!');
    },
  );
  app.post(
    `${M}/item`,
    { config: { access: perm(MISSION_PERMS.edit), oplog: { content: '任务-添加子项', type: 2 } }, schema: { tags, summary: '添加子任务或检查项', body: missionItemSchema, response: { 200: envelope(oaMissionItemRow) } } },
    async (req) => ok(await svc.addItem(req.user!, req.body)),
  );
  app.post(
    `${M}/itemToggle`,
    { config: { access: perm(MISSION_PERMS.edit), oplog: false }, schema: { tags, summary: '勾选子项', body: toggleBody, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await svc.toggleItem(req.user!, b.id, b.done);
      return okMessage('操作成功');
    },
  );
  app.delete(
    `${M}/itemDelete`,
    { config: { access: perm(MISSION_PERMS.edit), oplog: { content: '任务-删除子项', type: 4 } }, schema: { tags, summary: '删除子项', querystring: idQ, response: { 200: messageResponse } } },
    async (req) => {
      await svc.deleteItem(req.user!, req.query.id);
      return okMessage('删除成功!');
    },
  );
  app.get(`${M}/comments`, { config: { access: perm(MISSION_PERMS.list) }, schema: { tags, summary: '任务评论', querystring: idQ, response: { 200: listResponse(oaCommentRow) } } }, async (req) =>
    ok(await svc.listComments(req.user!, req.query.id)),
  );
  app.post(
    `${M}/comment`,
    { config: { access: perm(MISSION_PERMS.list), oplog: { content: '任务-评论', type: 2 } }, schema: { tags, summary: '评论任务', body: commentSchema, response: { 200: envelope(oaCommentRow) } } },
    async (req) => ok(await svc.comment(req.user!, req.body), '评论成功'),
  );

  const ktags = ['看板'];
  app.get(`${K}/boards`, { config: { access: perm(MISSION_PERMS.kanban) }, schema: { tags: ktags, summary: '看板列表', response: { 200: listResponse(oaBoardRow) } } }, async (req) =>
    ok(await kanban.boards(req.user!)),
  );
  app.get(`${K}/board`, { config: { access: perm(MISSION_PERMS.kanban) }, schema: { tags: ktags, summary: '看板（列与卡片）', querystring: boardQ, response: { 200: envelope(oaBoardView) } } }, async (req) => {
    const q = blank(req.query);
    return ok(await kanban.view(req.user!, q.id, q));
  });
  app.post(
    `${K}/boardAdd`,
    { config: { access: perm(MISSION_PERMS.board), oplog: { content: '看板-添加', type: 2 } }, schema: { tags: ktags, summary: '新建看板', body: boardSaveSchema, response: { 200: idResponse } } },
    async (req) => ok(await kanban.saveBoard(req.user!, { ...req.body, id: undefined }), '添加成功！'),
  );
  app.put(
    `${K}/boardEdit`,
    { config: { access: perm(MISSION_PERMS.board), oplog: { content: '看板-编辑', type: 3 } }, schema: { tags: ktags, summary: '编辑看板', body: boardEditBody, response: { 200: idResponse } } },
    async (req) => ok(await kanban.saveBoard(req.user!, req.body), '编辑成功!'),
  );
  app.post(
    `${K}/move`,
    { config: { access: perm(MISSION_PERMS.move), oplog: { content: '看板-移动卡片', type: 3 } }, schema: { tags: ktags, summary: '移动卡片（版本校验）', body: kanbanMoveSchema, response: { 200: envelope(oaKanbanMoved) } } },
    async (req) => ok(await kanban.move(req.user!, req.body), '移动成功'),
  );
}
