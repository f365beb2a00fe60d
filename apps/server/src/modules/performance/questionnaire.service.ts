import { randomUUID } from 'node:crypto';
import {
  aggregateSurvey,
  isValidAnswer,
  PERF_TEXT,
  QUESTION_TYPE_TEXT,
  RATER_RELATION_TEXT,
  type QuestionnaireInput,
  type QuestionType,
  type RaterRelation,
  type ScoredQuestion,
  type SurveyAnswer,
  type SurveySend,
} from '@go/contract/performance/index';
import type { CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { recordChanges } from '../../platform/audit/audit.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { paging } from '../../platform/query/query-builder.js';
import { findPerson } from './performance.repo.js';
import type { PfQuestion, PfSurveyAnswer } from './performance.tables.js';
import * as repo from './questionnaire.repo.js';

export const Q_TEXT = {
  notFound: '未找到对应数据',
  sent: '问卷已发出，不能修改题目',
  raterNotFound: '评价人不存在：',
  taskNotFound: '未找到该评价任务',
  answered: '该问卷已提交，不能重复提交',
  ownRaters: '不能查看评价自己的评价人',
} as const;

/** Largest page of the questionnaire lists (their query schemas allow no more). */
const LIST_MAX = 500;

const parseOptions = (s: string | null): { label: string; score: number }[] => (s ? (JSON.parse(s) as { label: string; score: number }[]) : []);

function presentQuestion(q: PfQuestion) {
  return {
    id: q.id,
    sortNo: q.sortNo,
    type: q.type,
    type_dictText: QUESTION_TYPE_TEXT[q.type as QuestionType] ?? q.type,
    title: q.title,
    weight: q.weight,
    required: q.required === 1,
    options: parseOptions(q.options),
  };
}

/** The questions as one readable text (the questionnaire's `questions` field in its audit trail). */
function questionsText(rows: PfQuestion[]): string {
  return rows
    .map((q) => {
      const opts = parseOptions(q.options).map((o) => `${o.label}=${o.score}`);
      const type = QUESTION_TYPE_TEXT[q.type as QuestionType] ?? q.type;
      return `${q.sortNo}. ${q.title}（${type}，权重${q.weight}${q.required === 1 ? '，必答' : ''}）${opts.length ? `：${opts.join('、')}` : ''}`;
    })
    .join('\n');
}

/**
 * The audit trail of a questionnaire's questions (docs/audit.md): a question kept by its id is an edit, a new
 * one an add, a dropped one a delete; the questionnaire names them all in its `questions` field.
 */
async function recordQuestions(trx: Database, questionnaire: { title: string; sysOrgCode: string | null }, before: PfQuestion[], after: PfQuestion[]) {
  const old = new Map(before.map((q) => [q.id, q]));
  const target = (q: PfQuestion) => ({ type: 'pf_question', id: q.id, name: `${questionnaire.title}：${q.title}`, orgCode: questionnaire.sysOrgCode ?? undefined });
  for (const q of after) await recordChanges(trx, target(q), old.has(q.id) ? { ...old.get(q.id) } : null, { ...q });
  const kept = new Set(after.map((q) => q.id));
  for (const q of before) if (!kept.has(q.id)) await recordChanges(trx, target(q), { ...q }, null);
}

const toScored = (q: PfQuestion): ScoredQuestion => ({ id: q.id, type: q.type as QuestionType, weight: q.weight, options: parseOptions(q.options) });

/**
 * Questionnaire evaluation (问卷评价): HR designs a questionnaire, sends it to chosen raters about a
 * person; each rater answers once from their list; results aggregate per person with the question
 * weights. Answers are stored as anonymous sheets, so no result can say who answered what.
 */
export class QuestionnaireService {
  constructor(private readonly db: Database) {}

  async list(user: CurrentUser, q: { title?: string; pageNo?: number; pageSize?: number }) {
    return repo.questionnairePage(this.db, user, q.title?.trim() || undefined, paging(q, LIST_MAX));
  }

  private async scoped(user: CurrentUser, id: string) {
    const row = await repo.questionnaireById(this.db, id);
    if (!row || !inCompanyScope(user, row.sysOrgCode)) throw businessError(Q_TEXT.notFound);
    return row;
  }

  async detail(user: CurrentUser, id: string) {
    const row = await this.scoped(user, id);
    const questions = await repo.questionsOf(this.db, id);
    return { ...row, questions: questions.map(presentQuestion), surveyCount: await repo.surveyCountOf(this.db, id) };
  }

  /** The question rows of a save; a question sent with the id of one of `keep` keeps it (its trail goes on). */
  private questionRows(questionnaireId: string, input: QuestionnaireInput, keep: Set<string> = new Set()): PfQuestion[] {
    return input.questions.map((q, i) => ({
      id: q.id && keep.delete(q.id) ? q.id : newId(),
      questionnaireId,
      sortNo: i + 1,
      type: q.type,
      title: q.title,
      weight: q.type === 'text' ? 0 : q.weight,
      required: q.required ? 1 : 0,
      options: q.type === 'single' || q.type === 'multiple' ? JSON.stringify(q.options) : null,
    }));
  }

  async add(user: CurrentUser, input: QuestionnaireInput) {
    const id = newId();
    const row = { id, title: input.title, description: input.description ?? null, sysOrgCode: user.orgCode, createBy: user.username, createTime: now() };
    const questions = this.questionRows(id, input);
    await this.db.transaction().execute(async (trx) => {
      await repo.insertQuestionnaire(trx, row);
      await repo.replaceQuestions(trx, id, questions);
      await recordChanges(trx, { type: 'pf_questionnaire', id, name: row.title, orgCode: row.sysOrgCode }, null, { ...row, questions: questionsText(questions) });
      await recordQuestions(trx, row, [], questions);
    });
    return { id };
  }

  async edit(user: CurrentUser, input: QuestionnaireInput & { id: string }) {
    const existing = await this.scoped(user, input.id);
    if ((await repo.surveyCountOf(this.db, input.id)) > 0) throw businessError(Q_TEXT.sent);
    const set = { title: input.title, description: input.description ?? null, updateBy: user.username, updateTime: now() };
    await this.db.transaction().execute(async (trx) => {
      const before = await repo.questionsOf(trx, input.id);
      const questions = this.questionRows(input.id, input, new Set(before.map((q) => q.id)));
      await repo.updateQuestionnaire(trx, input.id, set);
      await repo.replaceQuestions(trx, input.id, questions);
      const target = { type: 'pf_questionnaire', id: existing.id, name: input.title, orgCode: existing.sysOrgCode ?? undefined };
      await recordChanges(trx, target, { ...existing, questions: questionsText(before) }, { ...set, questions: questionsText(questions) });
      await recordQuestions(trx, { ...existing, title: input.title }, before, questions);
    });
  }

  async remove(user: CurrentUser, id: string) {
    const existing = await this.scoped(user, id);
    await this.db.transaction().execute(async (trx) => {
      await repo.softDeleteQuestionnaire(trx, id);
      await recordChanges(trx, { type: 'pf_questionnaire', id, name: existing.title, orgCode: existing.sysOrgCode ?? undefined }, existing, { delFlag: 1 }, { action: 'delete' });
    });
  }

  /** Sends a questionnaire about one person to the chosen raters (all within the sender's company scope). */
  async send(user: CurrentUser, input: SurveySend) {
    const questionnaire = await this.scoped(user, input.questionnaireId);
    const target = await findPerson(this.db, input.targetUserId);
    if (!target || !inCompanyScope(user, target.orgCode)) throw businessError('未找到被评价人');
    const raters: { username: string; relation: RaterRelation }[] = [];
    for (const r of input.raters) {
      const p = await findPerson(this.db, r.username);
      // a rater of another company is refused like an unknown one (A01 reaches every company)
      if (!p || !inCompanyScope(user, p.orgCode)) throw businessError(`${Q_TEXT.raterNotFound}${r.username}`);
      if (p.id === target.id) throw businessError(PERF_TEXT.selfRater);
      raters.push({ username: p.username, relation: r.relation });
    }
    const seen = new Set<string>();
    for (const r of raters) {
      if (seen.has(r.username)) throw businessError('评价人不能重复');
      seen.add(r.username);
    }
    const id = newId();
    const t = now();
    await this.db.transaction().execute(async (trx) => {
      const survey = {
        id,
        questionnaireId: questionnaire.id,
        title: input.title || `${target.realname}的${questionnaire.title}`,
        yearPart: input.yearPart ?? null,
        targetUserId: target.id,
        targetUsername: target.username,
        targetRealname: target.realname,
        sysOrgCode: target.orgCode,
        departName: target.departName,
        createBy: user.username,
        createTime: t,
        updateBy: null,
        updateTime: null,
      };
      await repo.insertSurvey(
        trx,
        survey,
        raters.map((r) => ({ id: newId(), surveyId: id, username: r.username, relation: r.relation, status: 0, answerTime: null, createTime: t })),
      );
      // who rates stays out of the trail (the person evaluated may read it): only how many
      await recordChanges(trx, { type: 'pf_survey', id, name: survey.title, orgCode: survey.sysOrgCode }, null, { ...survey, raters: `${raters.length}人` });
    });
    return { id };
  }

  async surveys(user: CurrentUser, q: { targetName?: string; yearPart?: string; pageNo?: number; pageSize?: number }) {
    return repo.surveyPage(this.db, user, { targetName: q.targetName?.trim() || undefined, yearPart: q.yearPart }, paging(q, LIST_MAX));
  }

  private async scopedSurvey(user: CurrentUser, id: string) {
    const s = await repo.surveyById(this.db, id);
    if (!s || !inCompanyScope(user, s.sysOrgCode)) throw businessError(Q_TEXT.notFound);
    return s;
  }

  /** Who was asked and whether they answered (never what they answered); refused to the person evaluated. */
  async raters(user: CurrentUser, id: string) {
    const s = await this.scopedSurvey(user, id);
    if (s.targetUsername === user.username) throw businessError(Q_TEXT.ownRaters);
    const rows = await repo.ratersOf(this.db, id);
    return rows.map((r) => ({ ...r, relation_dictText: RATER_RELATION_TEXT[r.relation as RaterRelation] ?? r.relation, status_dictText: r.status === 1 ? '已评价' : '待评价' }));
  }

  /** The weighted result of a survey: per-question averages, the total, and text answers without names. */
  async result(user: CurrentUser, id: string) {
    const s = await this.scopedSurvey(user, id);
    const questions = await repo.questionsOf(this.db, s.questionnaireId);
    const answers = await repo.answersOf(this.db, id);
    const sheets = new Map<string, Record<string, unknown>>();
    for (const a of answers) {
      const sheet = sheets.get(a.sheetNo) ?? {};
      sheet[a.questionId] = a.value === null ? null : JSON.parse(a.value);
      sheets.set(a.sheetNo, sheet);
    }
    const sheetList = [...sheets.values()];
    const agg = aggregateSurvey(questions.map(toScored), sheetList);
    const raters = await repo.ratersOf(this.db, id);
    return {
      id: s.id,
      title: s.title,
      targetRealname: s.targetRealname,
      departName: s.departName,
      yearPart: s.yearPart,
      raterCount: raters.length,
      answeredCount: raters.filter((r) => r.status === 1).length,
      total: agg.total,
      questions: questions.map((q, i) => {
        const p = presentQuestion(q);
        const texts =
          q.type === 'text'
            ? sheetList
                .map((sh) => sh[q.id])
                .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
                .sort((a, b) => a.localeCompare(b, 'zh'))
            : undefined;
        const counts =
          q.type === 'single' || q.type === 'multiple'
            ? p.options.map((_o, oi) => sheetList.filter((sh) => (Array.isArray(sh[q.id]) ? (sh[q.id] as unknown[]).map(Number).includes(oi) : Number(sh[q.id]) === oi && sh[q.id] !== null && sh[q.id] !== undefined && sh[q.id] !== '')).length)
            : undefined;
        return { ...p, average: agg.questions[i].average, answered: agg.questions[i].answered, texts, optionCounts: counts };
      }),
    };
  }

  async myTasks(user: CurrentUser, q: { status?: number; pageNo?: number; pageSize?: number }) {
    const pg = await repo.myRaterTasks(this.db, user.username, q.status, paging(q, LIST_MAX));
    return {
      ...pg,
      records: pg.records.map((r) => ({ ...r, relation_dictText: RATER_RELATION_TEXT[r.relation as RaterRelation] ?? r.relation, status_dictText: r.status === 1 ? '已评价' : '待评价' })),
    };
  }

  private async myTask(user: CurrentUser, id: string) {
    const task = await repo.raterById(this.db, id);
    if (!task || task.username !== user.username) throw businessError(Q_TEXT.taskNotFound);
    const survey = (await repo.surveyById(this.db, task.surveyId))!;
    return { task, survey };
  }

  /** The questions a rater answers (the rater's own task only). */
  async form(user: CurrentUser, id: string) {
    const { task, survey } = await this.myTask(user, id);
    const q = await repo.questionnaireById(this.db, survey.questionnaireId);
    const questions = await repo.questionsOf(this.db, survey.questionnaireId);
    return {
      id: task.id,
      status: task.status,
      title: survey.title,
      targetRealname: survey.targetRealname,
      departName: survey.departName,
      description: q?.description ?? null,
      relation_dictText: RATER_RELATION_TEXT[task.relation as RaterRelation] ?? task.relation,
      questions: questions.map(presentQuestion),
    };
  }

  /** Stores one rater's answers as an anonymous sheet, once (a second submit is refused). */
  async answer(user: CurrentUser, input: SurveyAnswer) {
    const { task, survey } = await this.myTask(user, input.id);
    if (task.status === 1) throw businessError(Q_TEXT.answered);
    const questions = await repo.questionsOf(this.db, survey.questionnaireId);
    const given = new Map(input.answers.map((a) => [a.questionId, a.value]));
    for (const id of given.keys()) if (!questions.some((q) => q.id === id)) throw businessError('题目不存在');
    const rows: PfSurveyAnswer[] = [];
    const sheetNo = randomUUID().replace(/-/g, '');
    for (const q of questions) {
      const v = given.get(q.id);
      const valid = v !== undefined && v !== null && isValidAnswer(toScored(q), v);
      if (!valid && v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) throw businessError(`答案无效：${q.title}`);
      if (!valid && q.required === 1) throw businessError(`${PERF_TEXT.answerRequired}：${q.title}`);
      if (valid) rows.push({ id: newId(), surveyId: survey.id, sheetNo, questionId: q.id, value: JSON.stringify(typeof v === 'string' ? v.trim() : v) });
    }
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.claimRater(trx, task.id, now()))) throw businessError(Q_TEXT.answered);
      await repo.insertAnswers(trx, rows);
    });
  }
}
