import type { Database } from '../../platform/db/database.js';
import { now } from '../../platform/db/time.js';
import type { FinishOutcome } from '../workflow/form-registry.js';
import './performance.tables.js';
import { recordEvaluationScore } from './sheet.service.js';

/**
 * 季度KPI考评: each `jxpass` may carry the approver's score (kept on the form); when the evaluation passes,
 * the last score (else the self score) is the final score and lands once in the person's sheets.
 * The forms module's hooks in shape (`FormHooks`): the composition registers the form with them.
 */
export const kpiHooks = {
  async onApprove(db: Database, id: string, payload: Record<string, unknown>, approver: string): Promise<void> {
    const score = payload.score;
    if (typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 100) {
      await db.updateTable('fmKpiPart').set({ score, updateBy: approver, updateTime: now() }).where('id', '=', id).execute();
    }
  },
  async onFinish(db: Database, id: string, outcome: FinishOutcome): Promise<void> {
    if (outcome !== 'passed') return;
    const r = await db.selectFrom('fmKpiPart').select(['applicant', 'yearPart', 'quarter', 'score', 'selfScore']).where('id', '=', id).executeTakeFirst();
    if (!r) return;
    const finalScore = r.score ?? r.selfScore ?? null;
    await db.updateTable('fmKpiPart').set({ finalScore, evalTime: now() }).where('id', '=', id).execute();
    await recordEvaluationScore(db, { id, applicant: r.applicant, yearPart: String(r.yearPart ?? ''), quarter: Number(r.quarter), score: finalScore });
  },
};
