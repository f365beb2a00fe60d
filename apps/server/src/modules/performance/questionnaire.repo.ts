import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import './performance.tables.js';
import type { PfQuestion, PfSurvey, PfSurveyAnswer, PfSurveyRater } from './performance.tables.js';
import { likeContains } from '../../platform/query/like.js';


export async function questionnairePage(db: Database, user: CurrentUser, title: string | undefined, limit: number, offset: number) {
  let qb = scopeToCompany(db.selectFrom('pfQuestionnaire as q').where('q.delFlag', '=', 0), user, 'q.sysOrgCode');
  if (title) qb = qb.where(likeContains('q.title', title));
  const n = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await qb
    .select((eb) => [
      'q.id',
      'q.title',
      'q.description',
      'q.sysOrgCode',
      'q.createBy',
      'q.createTime',
      eb.selectFrom('pfQuestion as x').select((e) => e.fn.countAll<number>().as('c')).whereRef('x.questionnaireId', '=', 'q.id').as('questionCount'),
      eb.selectFrom('pfSurvey as s').select((e) => e.fn.countAll<number>().as('c')).whereRef('s.questionnaireId', '=', 'q.id').as('surveyCount'),
    ])
    .orderBy('q.createTime', 'desc')
    .orderBy('q.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map((r) => ({ ...r, questionCount: Number(r.questionCount ?? 0), surveyCount: Number(r.surveyCount ?? 0) })), total: Number(n?.n ?? 0) };
}

export async function questionnaireById(db: Database, id: string) {
  return db.selectFrom('pfQuestionnaire').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export async function questionsOf(db: Database, questionnaireId: string): Promise<PfQuestion[]> {
  return db.selectFrom('pfQuestion').selectAll().where('questionnaireId', '=', questionnaireId).orderBy('sortNo').execute();
}

export async function insertQuestionnaire(db: Database, row: { id: string; title: string; description: string | null; sysOrgCode: string; createBy: string; createTime: string }) {
  await db.insertInto('pfQuestionnaire').values({ ...row, delFlag: 0, updateBy: null, updateTime: null }).execute();
}

export async function updateQuestionnaire(db: Database, id: string, set: { title: string; description: string | null; updateBy: string; updateTime: string }) {
  await db.updateTable('pfQuestionnaire').set(set).where('id', '=', id).execute();
}

export async function softDeleteQuestionnaire(db: Database, id: string) {
  await db.updateTable('pfQuestionnaire').set({ delFlag: 1 }).where('id', '=', id).execute();
}

export async function replaceQuestions(db: Database, questionnaireId: string, rows: PfQuestion[]) {
  await db.deleteFrom('pfQuestion').where('questionnaireId', '=', questionnaireId).execute();
  if (rows.length) await db.insertInto('pfQuestion').values(rows).execute();
}

export async function surveyCountOf(db: Database, questionnaireId: string): Promise<number> {
  const r = await db.selectFrom('pfSurvey').select((eb) => eb.fn.countAll<number>().as('n')).where('questionnaireId', '=', questionnaireId).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function insertSurvey(db: Database, survey: PfSurvey, raters: PfSurveyRater[]) {
  await db.insertInto('pfSurvey').values(survey).execute();
  await db.insertInto('pfSurveyRater').values(raters).execute();
}

export async function surveyById(db: Database, id: string) {
  return db.selectFrom('pfSurvey').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function surveyPage(db: Database, user: CurrentUser, f: { targetName?: string; yearPart?: string }, limit: number, offset: number) {
  let qb = scopeToCompany(db.selectFrom('pfSurvey as s'), user, 's.sysOrgCode');
  if (f.targetName) qb = qb.where(likeContains('s.targetRealname', f.targetName));
  if (f.yearPart) qb = qb.where('s.yearPart', '=', f.yearPart);
  const n = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await qb
    .select((eb) => [
      's.id',
      's.title',
      's.questionnaireId',
      's.yearPart',
      's.targetUserId',
      's.targetUsername',
      's.targetRealname',
      's.departName',
      's.sysOrgCode',
      's.createBy',
      's.createTime',
      eb.selectFrom('pfSurveyRater as r').select((e) => e.fn.countAll<number>().as('c')).whereRef('r.surveyId', '=', 's.id').as('raterCount'),
      eb
        .selectFrom('pfSurveyRater as r')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('r.surveyId', '=', 's.id')
        .where('r.status', '=', 1)
        .as('answeredCount'),
    ])
    .orderBy('s.createTime', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map((r) => ({ ...r, raterCount: Number(r.raterCount ?? 0), answeredCount: Number(r.answeredCount ?? 0) })), total: Number(n?.n ?? 0) };
}

export async function ratersOf(db: Database, surveyId: string) {
  return db
    .selectFrom('pfSurveyRater as r')
    .leftJoin('sysUser as u', 'u.username', 'r.username')
    .select(['r.id', 'r.username', 'u.realname', 'r.relation', 'r.status', 'r.answerTime'])
    .where('r.surveyId', '=', surveyId)
    .orderBy('r.relation')
    .orderBy('r.username')
    .execute();
}

export async function raterById(db: Database, id: string) {
  return db.selectFrom('pfSurveyRater').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function myRaterTasks(db: Database, username: string, status: number | undefined, limit: number, offset: number) {
  let qb = db.selectFrom('pfSurveyRater as r').innerJoin('pfSurvey as s', 's.id', 'r.surveyId').where('r.username', '=', username);
  if (status !== undefined) qb = qb.where('r.status', '=', status);
  const n = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await qb
    .select(['r.id', 'r.surveyId', 's.title', 's.targetRealname', 's.departName', 's.yearPart', 'r.relation', 'r.status', 'r.answerTime', 'r.createTime', 's.createBy'])
    .orderBy('r.status')
    .orderBy('r.createTime', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(n?.n ?? 0) };
}

/** Marks the rater's task answered; false when it was answered before (or concurrently). */
export async function claimRater(db: Database, id: string, answerTime: string): Promise<boolean> {
  const r = await db.updateTable('pfSurveyRater').set({ status: 1, answerTime }).where('id', '=', id).where('status', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertAnswers(db: Database, rows: PfSurveyAnswer[]) {
  if (rows.length) await db.insertInto('pfSurveyAnswer').values(rows).execute();
}

export async function answersOf(db: Database, surveyId: string) {
  return db.selectFrom('pfSurveyAnswer').select(['sheetNo', 'questionId', 'value']).where('surveyId', '=', surveyId).execute();
}
