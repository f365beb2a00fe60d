import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import './performance.tables.js';
import type { PfQuestion, PfSurvey, PfSurveyAnswer, PfSurveyRater } from './performance.tables.js';
import { likeContains } from '../../platform/query/like.js';
import { runPage, type Paging } from '../../platform/query/query-builder.js';

/** A page of the questionnaires the user may see (company scope, not deleted), newest first; `title` is searched literally. */
export async function questionnairePage(db: Database, user: CurrentUser, title: string | undefined, p: Paging) {
  let base = scopeToCompany(db.selectFrom('pfQuestionnaire as q').where('q.delFlag', '=', 0), user, 'q.sysOrgCode');
  if (title) base = base.where(likeContains('q.title', title));
  const select = (qb: typeof base) =>
    qb
      .select((eb) => [
        'q.id',
        'q.title',
        'q.description',
        'q.sysOrgCode',
        'q.createBy',
        // who created it, by name (people never see account names)
        eb.selectFrom('sysUser as cu').select('cu.realname').whereRef('cu.username', '=', 'q.createBy').limit(1).as('createByName'),
        'q.createTime',
        eb.selectFrom('pfQuestion as x').select((e) => e.fn.countAll<number>().as('c')).whereRef('x.questionnaireId', '=', 'q.id').as('questionCount'),
        eb.selectFrom('pfSurvey as s').select((e) => e.fn.countAll<number>().as('c')).whereRef('s.questionnaireId', '=', 'q.id').as('surveyCount'),
      ])
      .orderBy('q.createTime', 'desc')
      .orderBy('q.id', 'desc');
  const pg = await runPage<typeof base, Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]>(base, select, p);
  return { ...pg, records: pg.records.map((r) => ({ ...r, questionCount: Number(r.questionCount ?? 0), surveyCount: Number(r.surveyCount ?? 0) })) };
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

/** A page of the surveys the user may see (company scope of the person evaluated), newest first, with their progress. */
export async function surveyPage(db: Database, user: CurrentUser, f: { targetName?: string; yearPart?: string }, p: Paging) {
  let base = scopeToCompany(db.selectFrom('pfSurvey as s'), user, 's.sysOrgCode');
  if (f.targetName) base = base.where(likeContains('s.targetRealname', f.targetName));
  if (f.yearPart) base = base.where('s.yearPart', '=', f.yearPart);
  const select = (qb: typeof base) =>
    qb
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
        eb.selectFrom('sysUser as cu').select('cu.realname').whereRef('cu.username', '=', 's.createBy').limit(1).as('createByName'),
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
      .orderBy('s.id', 'desc');
  const pg = await runPage<typeof base, Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]>(base, select, p);
  return { ...pg, records: pg.records.map((r) => ({ ...r, raterCount: Number(r.raterCount ?? 0), answeredCount: Number(r.answeredCount ?? 0) })) };
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

/** A page of a rater's tasks: waiting ones first, then newest first. */
export async function myRaterTasks(db: Database, username: string, status: number | undefined, p: Paging) {
  let base = db.selectFrom('pfSurveyRater as r').innerJoin('pfSurvey as s', 's.id', 'r.surveyId').where('r.username', '=', username);
  if (status !== undefined) base = base.where('r.status', '=', status);
  const select = (qb: typeof base) =>
    qb
      .select(['r.id', 'r.surveyId', 's.title', 's.targetRealname', 's.departName', 's.yearPart', 'r.relation', 'r.status', 'r.answerTime', 'r.createTime', 's.createBy'])
      .orderBy('r.status')
      .orderBy('r.createTime', 'desc')
      .orderBy('r.id', 'desc');
  return runPage<typeof base, Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]>(base, select, p);
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
