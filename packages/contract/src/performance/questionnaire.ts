import { round2 } from './scoring.js';
import type { QuestionType } from './schemas.js';

/** A stored question as the scoring rules see it. */
export interface ScoredQuestion {
  id: string;
  type: QuestionType;
  weight: number;
  options: { label: string; score: number }[];
}

/**
 * One answer's score on a 0–100 scale, or null when the question is not scored (text) or not answered.
 * - single choice: the chosen option's score (the value is the option index);
 * - multiple choice: the sum of the chosen options' scores, capped at 100;
 * - scale 1–5: value × 20; scale 1–10: value × 10.
 */
export function answerScore(q: ScoredQuestion, value: unknown): number | null {
  switch (q.type) {
    case 'single': {
      const i = typeof value === 'string' && value !== '' ? Number(value) : value;
      if (typeof i !== 'number' || !Number.isInteger(i) || !q.options[i]) return null;
      return q.options[i].score;
    }
    case 'multiple': {
      if (!Array.isArray(value) || value.length === 0) return null;
      const idx = [...new Set(value.map(Number))];
      if (idx.some((i) => !Number.isInteger(i) || !q.options[i])) return null;
      return Math.min(100, idx.reduce((s, i) => s + q.options[i].score, 0));
    }
    case 'scale5':
    case 'scale10': {
      const max = q.type === 'scale5' ? 5 : 10;
      const v = typeof value === 'string' && value !== '' ? Number(value) : value;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) return null;
      return (v * 100) / max;
    }
    default:
      return null;
  }
}

/** Whether a value is a valid answer to the question (text: non-blank). */
export function isValidAnswer(q: ScoredQuestion, value: unknown): boolean {
  if (q.type === 'text') return typeof value === 'string' && value.trim().length > 0;
  return answerScore(q, value) !== null;
}

export interface QuestionResult {
  questionId: string;
  /** mean score of the raters who answered, 0–100, to 2 decimals (null for text or no answers) */
  average: number | null;
  answered: number;
}

/**
 * The weighted result of one person: each scored question's mean over the raters who answered it,
 * then Σ(weight × mean) / Σ weight over the questions that have at least one answer (to 2 decimals).
 * `answers` holds one map of questionId → value per rater.
 */
export function aggregateSurvey(questions: ScoredQuestion[], answers: Record<string, unknown>[]): { total: number | null; questions: QuestionResult[] } {
  let weighted = 0;
  let weights = 0;
  const results: QuestionResult[] = questions.map((q) => {
    const scores = answers.map((a) => answerScore(q, a[q.id])).filter((s): s is number => s !== null);
    const answered = q.type === 'text' ? answers.filter((a) => isValidAnswer(q, a[q.id])).length : scores.length;
    if (!scores.length) return { questionId: q.id, average: null, answered };
    const mean = scores.reduce((s, v) => s + v, 0) / scores.length;
    if (q.weight > 0) {
      weighted += q.weight * mean;
      weights += q.weight;
    }
    return { questionId: q.id, average: round2(mean), answered };
  });
  return { total: weights > 0 ? round2(weighted / weights) : null, questions: results };
}
