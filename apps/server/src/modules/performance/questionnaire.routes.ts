import {
  pfIdResult,
  pfQuestionnaireDetail,
  pfQuestionnaireRow,
  pfRaterRow,
  pfRaterTaskRow,
  pfSurveyForm,
  pfSurveyResult,
  pfSurveyRow,
  questionnaireEdit,
  questionnaireInput,
  surveyAnswer,
  surveySend,
} from '@go/contract/performance/index';
import { envelope, listResponse, messageResponse, pageResponse } from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import { PERF_PERMS } from './performance.perms.js';
import type { QuestionnaireService } from './questionnaire.service.js';

const num = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : Number(v)), z.number().int().min(min).max(max).optional());
const pageQuery = z.looseObject({ title: z.string().max(200).optional(), pageNo: num(1, 100000), pageSize: num(1, 500) });
const surveyQuery = z.looseObject({ targetName: z.string().max(100).optional(), yearPart: z.string().max(4).optional(), pageNo: num(1, 100000), pageSize: num(1, 500) });
const myQuery = z.looseObject({ status: num(0, 1), pageNo: num(1, 100000), pageSize: num(1, 500) });
const byId = z.object({ id: z.string().min(1).max(64) });

/** Questionnaire design (HR), sending, results, and answering by raters (any signed-in user, own tasks only). */
export async function questionnaireRoutes(app: Api, svc: QuestionnaireService): Promise<void> {
  const tags = ['问卷评价'];
  const base = '/performance/questionnaire';
  app.get(`${base}/list`, { config: { access: perm(PERF_PERMS.questionnaireList) }, schema: { tags, summary: '问卷列表', querystring: pageQuery, response: { 200: pageResponse(pfQuestionnaireRow) } } }, async (req) =>
    ok(await svc.list(req.user!, req.query), '查询成功'),
  );
  app.get(`${base}/queryById`, { config: { access: perm(PERF_PERMS.questionnaireList) }, schema: { tags, summary: '问卷详情（含题目）', querystring: byId, response: { 200: envelope(pfQuestionnaireDetail) } } }, async (req) =>
    ok(await svc.detail(req.user!, req.query.id)),
  );
  app.post(
    `${base}/add`,
    { config: { access: perm(PERF_PERMS.questionnaireAdd), oplog: { content: '添加问卷', type: 2 } }, schema: { tags, summary: '添加问卷', body: questionnaireInput, response: { 200: envelope(pfIdResult) } } },
    async (req) => ok(await svc.add(req.user!, req.body), '添加成功！'),
  );
  app.route({
    method: ['PUT', 'POST'],
    url: `${base}/edit`,
    config: { access: perm(PERF_PERMS.questionnaireEdit), oplog: { content: '编辑问卷', type: 3 } },
    schema: { tags, summary: '编辑问卷（发出前）', body: questionnaireEdit, response: { 200: messageResponse } },
    handler: async (req) => {
      await svc.edit(req.user!, req.body);
      return ok(null, '编辑成功!');
    },
  });
  app.delete(
    `${base}/delete`,
    { config: { access: perm(PERF_PERMS.questionnaireDelete), oplog: { content: '删除问卷', type: 4 } }, schema: { tags, summary: '删除问卷', querystring: byId, response: { 200: messageResponse } } },
    async (req) => {
      await svc.remove(req.user!, req.query.id);
      return ok(null, '删除成功!');
    },
  );

  const s = '/performance/survey';
  app.post(
    `${s}/send`,
    { config: { access: perm(PERF_PERMS.surveySend), oplog: { content: '发出问卷评价', type: 2 } }, schema: { tags, summary: '向评价人发出问卷', body: surveySend, response: { 200: envelope(pfIdResult) } } },
    async (req) => ok(await svc.send(req.user!, req.body), '发送成功'),
  );
  app.get(`${s}/list`, { config: { access: perm(PERF_PERMS.surveyResult) }, schema: { tags, summary: '问卷评价列表', querystring: surveyQuery, response: { 200: pageResponse(pfSurveyRow) } } }, async (req) =>
    ok(await svc.surveys(req.user!, req.query), '查询成功'),
  );
  app.get(`${s}/raters`, { config: { access: perm(PERF_PERMS.surveySend) }, schema: { tags, summary: '评价人及是否已评价（不含答案）', querystring: byId, response: { 200: listResponse(pfRaterRow) } } }, async (req) =>
    ok(await svc.raters(req.user!, req.query.id)),
  );
  app.get(`${s}/result`, { config: { access: perm(PERF_PERMS.surveyResult) }, schema: { tags, summary: '加权汇总结果（匿名）', querystring: byId, response: { 200: envelope(pfSurveyResult) } } }, async (req) =>
    ok(await svc.result(req.user!, req.query.id)),
  );
  app.get(`${s}/myList`, { config: { access: LOGIN }, schema: { tags, summary: '我的待评问卷', querystring: myQuery, response: { 200: pageResponse(pfRaterTaskRow) } } }, async (req) =>
    ok(await svc.myTasks(req.user!, req.query), '查询成功'),
  );
  app.get(`${s}/form`, { config: { access: LOGIN }, schema: { tags, summary: '待评问卷的题目', querystring: byId, response: { 200: envelope(pfSurveyForm) } } }, async (req) =>
    ok(await svc.form(req.user!, req.query.id)),
  );
  app.post(
    `${s}/answer`,
    { config: { access: LOGIN, oplog: { content: '提交问卷评价', type: 2 } }, schema: { tags, summary: '提交问卷答案（每人一次）', body: surveyAnswer, response: { 200: messageResponse } } },
    async (req) => {
      await svc.answer(req.user!, req.body);
      return ok(null, '提交成功');
    },
  );
}
