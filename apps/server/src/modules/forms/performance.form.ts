import { z } from 'zod';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import type { FormType } from '../workflow/form-registry.js';
import { recordEvaluationScore } from '../performance/performance.module.js';

export const PERFORMANCE_TABLE = 'fm_performance';

const QUARTER_TEXT = ['', '第一季度', '第二季度', '第三季度', '第四季度'];

export const performanceSchema = z.object({
  title: z.string().trim().max(200).optional(),
  yearPart: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(z.string().regex(/^\d{4}$/, '请选择考核年度'))
    .refine((y) => Number(y) >= 2019 && Number(y) <= 2119, '考核年度须在2019至2119之间'),
  quarter: z
    .union([z.number(), z.string().regex(/^\d$/)])
    .transform((v) => Number(v))
    .pipe(z.number().int().min(1, '请选择季度').max(4, '请选择季度')),
  selfScore: z
    .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)])
    .transform((v) => Number(v))
    .pipe(z.number().min(0, '自评分须在0到100之间').max(100, '自评分须在0到100之间')),
  summary: z.string({ error: '请输入工作总结' }).trim().min(1, '请输入工作总结').max(5000),
});

type PerfInput = z.infer<typeof performanceSchema>;

/** 绩效 (performance evaluation): approved with `/actTask/jxpass`, a comment always required; the score is kept on the form. */
export const performanceForm: FormType = {
  tableName: PERFORMANCE_TABLE,
  routeName: 'forms/PerformanceForm',
  label: '绩效',
  endLabel: '完成绩效考评',
  passPath: 'jxpass',
  commentRequired: true,
  fullScreen: true,
  schema: performanceSchema as unknown as z.ZodType<Record<string, unknown>>,
  async create(db, applicant, raw) {
    const data = raw as PerfInput;
    const id = newId();
    const title = data.title || `${applicant.realname}${data.yearPart}年${QUARTER_TEXT[data.quarter]}绩效考评`;
    await db
      .insertInto('fmPerformance')
      .values({
        id,
        title,
        applicant: applicant.username,
        applicantName: applicant.realname,
        sysOrgCode: applicant.orgCode,
        yearPart: data.yearPart,
        quarter: data.quarter,
        selfScore: data.selfScore,
        summary: data.summary,
        score: null,
        finalScore: null,
        evalTime: null,
        actStatus: null,
        delFlag: 0,
        createBy: applicant.username,
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    return { id, title };
  },
  async update(db, id, raw, by) {
    const data = raw as PerfInput;
    const row = await db.selectFrom('fmPerformance').select(['applicantName']).where('id', '=', id).executeTakeFirstOrThrow();
    const title = data.title || `${row.applicantName ?? ''}${data.yearPart}年${QUARTER_TEXT[data.quarter]}绩效考评`;
    await db
      .updateTable('fmPerformance')
      .set({ title, yearPart: data.yearPart, quarter: data.quarter, selfScore: data.selfScore, summary: data.summary, updateBy: by, updateTime: now() })
      .where('id', '=', id)
      .execute();
    return { title };
  },
  async load(db, id) {
    const r = await db.selectFrom('fmPerformance').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!r) return undefined;
    return {
      id: r.id,
      title: r.title,
      applicant: r.applicant,
      applicantName: r.applicantName,
      sysOrgCode: r.sysOrgCode,
      yearPart: r.yearPart,
      quarter: r.quarter,
      selfScore: r.selfScore,
      summary: r.summary,
      score: r.score,
      finalScore: r.finalScore,
      evalTime: r.evalTime,
      actStatus: r.actStatus,
      createTime: r.createTime,
    };
  },
  async remove(db, id) {
    await db.updateTable('fmPerformance').set({ delFlag: 1 }).where('id', '=', id).execute();
  },
  async setActStatus(db: Database, id: string, text: string) {
    await db.updateTable('fmPerformance').set({ actStatus: text }).where('id', '=', id).execute();
  },
  /** The approver's score (optional on each step); the last one given becomes the final score. */
  async onApprove(db, id, payload, approver) {
    const score = payload.score;
    if (typeof score === 'number' && Number.isFinite(score)) {
      await db.updateTable('fmPerformance').set({ score, updateBy: approver, updateTime: now() }).where('id', '=', id).execute();
    }
  },
  async onFinish(db, id, outcome) {
    if (outcome !== 'passed') return;
    const r = await db.selectFrom('fmPerformance').select(['score', 'selfScore', 'applicant', 'yearPart', 'quarter']).where('id', '=', id).executeTakeFirst();
    const finalScore = r?.score ?? r?.selfScore ?? null;
    await db.updateTable('fmPerformance').set({ finalScore, evalTime: now() }).where('id', '=', id).execute();
    // The score lands once in the person's quarterly sheet (the third quarter also in the yearly sheet).
    if (r) await recordEvaluationScore(db, { id, applicant: r.applicant, yearPart: String(r.yearPart), quarter: Number(r.quarter), score: finalScore });
  },
};
