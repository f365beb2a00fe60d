/**
 * What the performance endpoints answer: the yearly and quarterly sheets, the ranking, and the
 * questionnaires (问卷评价). Rows are loose: columns the clients do not read pass through.
 */
import { z } from 'zod';
import { MONTH_FIELDS, QUARTER_FIELDS, QUARTER_ID_FIELDS } from './scoring.js';

const text = z.string().nullable();
const score = z.number().nullable();
/** a month or quarter cell: present on every stored row, a number or empty */
const cell = score.optional();
const cellId = text.optional();

const sheetCommon = {
  id: z.string(),
  userId: z.string(),
  userName: text,
  orgName: text,
  yearPart: z.string(),
  sysOrgCode: text,
  departName: text,
  createTime: text,
};

/** A row of the yearly sheet (`/userYearPerf`): one score per month and the average. */
export const pfYearPerfRow = z.looseObject({
  ...sheetCommon,
  ...(Object.fromEntries(MONTH_FIELDS.map((f) => [f, cell])) as Record<(typeof MONTH_FIELDS)[number], typeof cell>),
  avgCount: score,
});

/** A row of the quarterly sheet (`/userYearPart`): four quarter scores, each with the evaluation behind it. */
export const pfYearPartRow = z.looseObject({
  ...sheetCommon,
  postName: text,
  ...(Object.fromEntries(QUARTER_FIELDS.map((f) => [f, cell])) as Record<(typeof QUARTER_FIELDS)[number], typeof cell>),
  ...(Object.fromEntries(QUARTER_ID_FIELDS.map((f) => [f, cellId])) as Record<(typeof QUARTER_ID_FIELDS)[number], typeof cellId>),
});

/** A row of `/rankingUserAvg/list`: equal scores share a rank. */
export const pfRankingRow = z.looseObject({
  id: z.string(),
  userId: z.string(),
  userName: text,
  orgName: text,
  departName: text,
  sysOrgCode: text,
  yearPart: z.string(),
  avgCount: z.number(),
  rank: z.number(),
});

/** The id of a saved questionnaire or survey. */
export const pfIdResult = z.object({ id: z.string() });

/** A question as answered to designers and raters (options parsed, `required` as a boolean). */
export const pfQuestionRow = z.looseObject({
  id: z.string(),
  sortNo: z.number(),
  type: z.string(),
  type_dictText: z.string(),
  title: z.string(),
  weight: z.number(),
  required: z.boolean(),
  options: z.array(z.object({ label: z.string(), score: z.number() })),
});

/** A row of `/performance/questionnaire/list`. */
export const pfQuestionnaireRow = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: text,
  sysOrgCode: text,
  createBy: text,
  /** the creator's real name (what the list shows) */
  createByName: text,
  createTime: text,
  questionCount: z.number(),
  surveyCount: z.number(),
});

/** `/performance/questionnaire/queryById`: the questionnaire with its questions. */
export const pfQuestionnaireDetail = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: text,
  sysOrgCode: text,
  questions: z.array(pfQuestionRow),
  surveyCount: z.number(),
});

/** A row of `/performance/survey/list`: a questionnaire sent about one person, with its progress. */
export const pfSurveyRow = z.looseObject({
  id: z.string(),
  title: z.string(),
  questionnaireId: z.string(),
  yearPart: text,
  targetUserId: z.string(),
  targetUsername: z.string(),
  targetRealname: text,
  departName: text,
  sysOrgCode: text,
  createBy: text,
  /** the sender's real name (what the list shows) */
  createByName: text,
  createTime: text,
  raterCount: z.number(),
  answeredCount: z.number(),
});

/** A rater of a survey and whether they answered (never what). */
export const pfRaterRow = z.looseObject({
  id: z.string(),
  username: z.string(),
  realname: text,
  relation: z.string(),
  relation_dictText: z.string(),
  status: z.number(),
  status_dictText: z.string(),
  answerTime: text,
});

/** `/performance/survey/result`: per-question averages, the weighted total, text answers without names. */
export const pfSurveyResult = z.object({
  id: z.string(),
  title: z.string(),
  targetRealname: text,
  departName: text,
  yearPart: text,
  raterCount: z.number(),
  answeredCount: z.number(),
  total: z.number().nullable(),
  questions: z.array(
    pfQuestionRow.extend({
      average: z.number().nullable(),
      answered: z.number(),
      texts: z.array(z.string()).optional(),
      optionCounts: z.array(z.number()).optional(),
    }),
  ),
});

/** A row of `/performance/survey/myList`: a rater's task. */
export const pfRaterTaskRow = z.looseObject({
  id: z.string(),
  surveyId: z.string(),
  title: z.string(),
  targetRealname: text,
  departName: text,
  yearPart: text,
  relation: z.string(),
  relation_dictText: z.string(),
  status: z.number(),
  status_dictText: z.string(),
  answerTime: text,
  createTime: text,
});

/** `/performance/survey/form`: the questions a rater answers. */
export const pfSurveyForm = z.object({
  id: z.string(),
  status: z.number(),
  title: z.string(),
  targetRealname: text,
  departName: text,
  description: text,
  relation_dictText: z.string(),
  questions: z.array(pfQuestionRow),
});

export type PfRankingRow = z.infer<typeof pfRankingRow>;
export type PfRaterRow = z.infer<typeof pfRaterRow>;
export type PfSurveyResult = z.infer<typeof pfSurveyResult>;
