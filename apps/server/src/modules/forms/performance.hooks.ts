import { performanceForm } from '@go/contract/forms/index';
import { now } from '../../platform/db/time.js';
import type { FormHooks } from './declared-form.js';
import type { FormHooksModule } from './discovery.js';
import { recordEvaluationScore } from '../performance/sheet.service.js';

/**
 * 绩效: each `jxpass` may carry the approver's score, kept on the form; when the evaluation passes, the last
 * score (else the self score) becomes the final score with the evaluation time.
 */
export const performanceHooks: FormHooks = {
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

/** Found by the forms module (every `*.hooks.ts` of this folder exporting `formHooks`). */
export const formHooks: FormHooksModule = { key: performanceForm.key, ...performanceHooks };
