import { z } from 'zod';
import { PERF_TEXT, yearPart } from './schemas.js';

/** Texts of the KPI round (发起KPI考评). */
export const KPI_ROUND_TEXT = {
  orgRequired: '请选择部门',
  goalRequired: '请输入KPI目标',
  departNotFound: '未找到该部门',
  noMembers: '该部门没有在职人员',
  skippedExists: '本期已有季度KPI考评',
  /** permission code: start a round */
  perm: 'performance:kpiRound:start',
  /** permission code: list rounds and their outcomes */
  listPerm: 'performance:kpiRound:list',
} as const;

/**
 * Starts the 季度KPI考评 of a department (or company, by its code) for one period: the period rules are
 * the form's own (year 2019–2119, quarter 1–4).
 */
export const kpiRoundStart = z.object({
  yearPart,
  quarter: z.coerce.number({ error: PERF_TEXT.quarterRange }).int(PERF_TEXT.quarterRange).min(1, PERF_TEXT.quarterRange).max(4, PERF_TEXT.quarterRange),
  orgCode: z.string({ error: KPI_ROUND_TEXT.orgRequired }).trim().regex(/^[A-Z0-9]{3,64}$/, KPI_ROUND_TEXT.orgRequired),
  kpiGoal: z.string({ error: KPI_ROUND_TEXT.goalRequired }).trim().min(1, KPI_ROUND_TEXT.goalRequired).max(2000),
});
export type KpiRoundStart = z.infer<typeof kpiRoundStart>;

export const kpiRoundItem = z.looseObject({
  username: z.string(),
  realname: z.string().nullable(),
  orgCode: z.string().nullable(),
  outcome: z.enum(['created', 'skipped', 'failed']),
  reason: z.string().nullable(),
  applicationId: z.string().nullable(),
});
export type KpiRoundItem = z.infer<typeof kpiRoundItem>;

export const kpiRoundRow = z.looseObject({
  id: z.string(),
  yearPart: z.number(),
  quarter: z.number(),
  orgCode: z.string(),
  departName: z.string().nullable(),
  kpiGoal: z.string().nullable(),
  createdCount: z.number(),
  skippedCount: z.number(),
  failedCount: z.number(),
  createBy: z.string().nullable(),
  createByName: z.string().nullable(),
  createTime: z.string().nullable(),
});

/** A round with every member's outcome (the answer of start and of queryById). */
export const kpiRoundResult = kpiRoundRow.extend({ items: z.array(kpiRoundItem) });
export type KpiRoundResult = z.infer<typeof kpiRoundResult>;

export const kpiRoundListQuery = z.looseObject({
  yearPart: z.preprocess((v) => (v === '' ? undefined : v), yearPart.optional()),
  pageNo: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
