import { z } from 'zod';
import { MONTH_FIELDS, QUARTER_FIELDS, RANKING_PAGE_SIZE, SCORE_MAX, SCORE_MIN, YEAR_MAX, YEAR_MIN } from './scoring.js';

export const PERF_TEXT = {
  yearRequired: '请选择考核年度',
  yearRange: `考核年度须在${YEAR_MIN}至${YEAR_MAX}之间`,
  scoreRange: `分数须在${SCORE_MIN}到${SCORE_MAX}之间`,
  userRequired: '请选择人员',
  idRequired: '缺少记录id',
  quarterRange: '季度须在1到4之间',
  questionnaireTitle: '请输入问卷名称',
  questionTitle: '请输入题目',
  questionsRequired: '请至少添加一道题目',
  optionsRequired: '选择题至少需要两个选项',
  optionLabel: '请输入选项内容',
  weightRange: '权重须在0到100之间',
  targetRequired: '请选择被评价人',
  ratersRequired: '请至少选择一位评价人',
  selfRater: '被评价人不能评价自己',
  answerRequired: '请回答必答题',
} as const;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** A score cell: a number 0–100 (numeric strings accepted), blank or null for "not filled". */
export const scoreCell = z.preprocess(
  blankToNull,
  z
    .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, PERF_TEXT.scoreRange).transform(Number)], { error: PERF_TEXT.scoreRange })
    .pipe(z.number().min(SCORE_MIN, PERF_TEXT.scoreRange).max(SCORE_MAX, PERF_TEXT.scoreRange))
    .nullable(),
);

/** `yearPart`: a year 2019–2119, sent as a string or a number, answered as a 4-digit string. */
export const yearPart = z
  .union([z.string(), z.number()], { error: PERF_TEXT.yearRequired })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, PERF_TEXT.yearRequired).regex(/^\d{4}$/, PERF_TEXT.yearRange))
  .refine((y) => Number(y) >= YEAR_MIN && Number(y) <= YEAR_MAX, PERF_TEXT.yearRange);

const optText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional());
const optInt = (min: number, max: number, message?: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

const monthShape = Object.fromEntries(MONTH_FIELDS.map((f) => [f, scoreCell.optional()])) as Record<
  (typeof MONTH_FIELDS)[number],
  z.ZodOptional<typeof scoreCell>
>;
const quarterShape = Object.fromEntries(QUARTER_FIELDS.map((f) => [f, scoreCell.optional()])) as Record<
  (typeof QUARTER_FIELDS)[number],
  z.ZodOptional<typeof scoreCell>
>;

const who = {
  /** the person's user id (a username is accepted too) */
  userId: z.string({ error: PERF_TEXT.userRequired }).trim().min(1, PERF_TEXT.userRequired).max(64),
  userName: optText(100),
  orgName: optText(100),
  yearPart,
};

/** `/userYearPerf/queryById` and `/userYearPart/queryById`: the row of a person and year, or nothing. */
export const sheetLookupQuery = z.looseObject({
  id: optText(64),
  userId: optText(64),
  userName: optText(100),
  orgName: optText(100),
  yearPart: z.preprocess(blankToNull, yearPart.nullable().optional()),
  pageNo: optInt(1, 100000),
  pageSize: optInt(1, 1000),
});
export type SheetLookupQuery = z.infer<typeof sheetLookupQuery>;

export const userYearPerfAdd = z.object({ ...who, ...monthShape });
export type UserYearPerfAdd = z.infer<typeof userYearPerfAdd>;
export const userYearPerfEdit = z.object({ id: z.string({ error: PERF_TEXT.idRequired }).min(1, PERF_TEXT.idRequired).max(64), ...monthShape });
export type UserYearPerfEdit = z.infer<typeof userYearPerfEdit>;

/**
 * The quarterly sheet as a client writes it. The `…QuarterId` links (a score from a finished evaluation,
 * the ✓ mark) are set by the server only: the client's are not part of the body and are dropped.
 */
export const userYearPartAdd = z.object({ ...who, ...quarterShape, departName: optText(100), postName: optText(100) });
export type UserYearPartAdd = z.infer<typeof userYearPartAdd>;
export const userYearPartEdit = z.object({
  id: z.string({ error: PERF_TEXT.idRequired }).min(1, PERF_TEXT.idRequired).max(64),
  ...quarterShape,
  departName: optText(100),
  postName: optText(100),
});
export type UserYearPartEdit = z.infer<typeof userYearPartEdit>;

/** List of either sheet. `sysOrgCode` filters by company (A01 only) or department org code prefix. */
export const sheetListQuery = z.looseObject({
  userName: optText(100),
  orgName: optText(100),
  departName: optText(100),
  yearPart: z.preprocess(blankToNull, yearPart.nullable().optional()),
  sysOrgCode: optText(64),
  pageNo: optInt(1, 100000),
  pageSize: optInt(1, 1000),
  column: optText(64),
  order: z.preprocess(blankToNull, z.enum(['asc', 'desc']).nullable().optional()),
});
export type SheetListQuery = z.infer<typeof sheetListQuery>;

/** `/rankingUserAvg/list`: a year's (or one quarter's) average, filtered by company and department. */
export const rankingQuery = z.looseObject({
  yearPart: z.preprocess(blankToNull, yearPart.nullable().optional()),
  quarter: optInt(1, 4, PERF_TEXT.quarterRange),
  sysOrgCode: optText(64),
  departName: optText(100),
  userName: optText(100),
  pageNo: optInt(1, 100000),
  pageSize: optInt(1, 100),
});
export type RankingQuery = z.infer<typeof rankingQuery>;
export const RANKING_DEFAULT_PAGE_SIZE = RANKING_PAGE_SIZE;

/* ---------------------------------------------------------------- questionnaires (问卷评价) */

export const QUESTION_TYPES = ['single', 'multiple', 'scale5', 'scale10', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_TEXT: Record<QuestionType, string> = {
  single: '单选题',
  multiple: '多选题',
  scale5: '评分题（1-5分）',
  scale10: '评分题（1-10分）',
  text: '问答题',
};
export const RATER_RELATIONS = ['manager', 'peer', 'subordinate', 'other'] as const;
export type RaterRelation = (typeof RATER_RELATIONS)[number];
export const RATER_RELATION_TEXT: Record<RaterRelation, string> = { manager: '上级', peer: '同事', subordinate: '下属', other: '其他' };

const weight = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? 1 : typeof v === 'string' ? Number(v) : v),
  z.number({ error: PERF_TEXT.weightRange }).min(0, PERF_TEXT.weightRange).max(100, PERF_TEXT.weightRange),
);

export const questionOption = z.object({
  label: z.string({ error: PERF_TEXT.optionLabel }).trim().min(1, PERF_TEXT.optionLabel).max(200),
  score: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: PERF_TEXT.scoreRange }).min(0, PERF_TEXT.scoreRange).max(100, PERF_TEXT.scoreRange),
  ),
});

export const questionInput = z
  .object({
    id: optText(64),
    type: z.enum(QUESTION_TYPES, { error: '请选择题型' }),
    title: z.string({ error: PERF_TEXT.questionTitle }).trim().min(1, PERF_TEXT.questionTitle).max(500),
    weight,
    required: z.boolean().optional().default(true),
    options: z.array(questionOption).max(20).optional().default([]),
  })
  .superRefine((q, ctx) => {
    if ((q.type === 'single' || q.type === 'multiple') && q.options.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: PERF_TEXT.optionsRequired });
    }
  });
export type QuestionInput = z.infer<typeof questionInput>;

export const questionnaireInput = z.object({
  title: z.string({ error: PERF_TEXT.questionnaireTitle }).trim().min(1, PERF_TEXT.questionnaireTitle).max(200),
  description: optText(2000),
  questions: z.array(questionInput, { error: PERF_TEXT.questionsRequired }).min(1, PERF_TEXT.questionsRequired).max(100),
});
export type QuestionnaireInput = z.infer<typeof questionnaireInput>;
export const questionnaireEdit = questionnaireInput.extend({ id: z.string({ error: PERF_TEXT.idRequired }).min(1, PERF_TEXT.idRequired).max(64) });

export const surveySend = z
  .object({
    questionnaireId: z.string({ error: '请选择问卷' }).min(1, '请选择问卷').max(64),
    /** the person evaluated: user id or username */
    targetUserId: z.string({ error: PERF_TEXT.targetRequired }).trim().min(1, PERF_TEXT.targetRequired).max(64),
    title: optText(200),
    yearPart: z.preprocess(blankToNull, yearPart.nullable().optional()),
    raters: z
      .array(z.object({ username: z.string().trim().min(1, PERF_TEXT.ratersRequired).max(64), relation: z.enum(RATER_RELATIONS).optional().default('peer') }), {
        error: PERF_TEXT.ratersRequired,
      })
      .min(1, PERF_TEXT.ratersRequired)
      .max(200),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.raters.forEach((r, i) => {
      if (seen.has(r.username)) ctx.addIssue({ code: 'custom', path: ['raters', i, 'username'], message: '评价人不能重复' });
      seen.add(r.username);
    });
  });
export type SurveySend = z.infer<typeof surveySend>;

export const answerValue = z.union([z.string().max(5000), z.number(), z.array(z.union([z.number(), z.string().max(200)])).max(20), z.null()]);
export const surveyAnswer = z.object({
  /** the rater's task id (from `/performance/survey/myList`) */
  id: z.string({ error: PERF_TEXT.idRequired }).min(1, PERF_TEXT.idRequired).max(64),
  answers: z.array(z.object({ questionId: z.string().min(1).max(64), value: answerValue.optional() })).max(100),
});
export type SurveyAnswer = z.infer<typeof surveyAnswer>;
