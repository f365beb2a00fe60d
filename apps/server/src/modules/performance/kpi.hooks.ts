import { now } from '../../platform/db/time.js';
import type { FormHooks } from '../forms/index.js';
import './performance.tables.js';
import { recordEvaluationScore } from './sheet.service.js';

/**
 * 季度KPI考评: each `jxpass` may carry the approver's score (kept on the form); when the evaluation passes,
 * the last score (else the self score) is the final score and lands once in the person's sheets.
 */
export const kpiHooks: FormHooks = {
  async onApprove(db, id, payload, approver) {
    const score = payload.score;
    if (typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 100) {
      await db.updateTable('fmKpiPart').set({ score, updateBy: approver, updateTime: now() }).where('id', '=', id).execute();
    }
  },
  async onFinish(db, id, outcome) {
    if (outcome !== 'passed') return;
    const r = await db.selectFrom('fmKpiPart').select(['applicant', 'yearPart', 'quarter', 'score', 'selfScore']).where('id', '=', id).executeTakeFirst();
    if (!r) return;
    const finalScore = r.score ?? r.selfScore ?? null;
    await db.updateTable('fmKpiPart').set({ finalScore, evalTime: now() }).where('id', '=', id).execute();
    await recordEvaluationScore(db, { id, applicant: r.applicant, yearPart: String(r.yearPart ?? ''), quarter: Number(r.quarter), score: finalScore });
  },
};
