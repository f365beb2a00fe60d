import { PERF_YEAR_OPTIONS_FROM, PERF_YEAR_OPTIONS_TO } from './years';

/** Years 2019–2119 (docs/performance.md) for the year selects. */
export const YEAR_OPTIONS = Array.from({ length: PERF_YEAR_OPTIONS_TO - PERF_YEAR_OPTIONS_FROM + 1 }, (_, i) => PERF_YEAR_OPTIONS_FROM + i).map((y) => ({
  value: String(y),
  label: `${y}年`,
}));

export const thisYear = () => String(new Date().getFullYear());

/** A score cell: blank for "not filled". */
export const scoreText = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v));

/** Button codes of the performance screens (server: performance.perms.ts). */
export const PERF_AUTH = {
  yearAdd: 'performance:yearPerf:add',
  yearEdit: 'performance:yearPerf:edit',
  yearExport: 'performance:yearPerf:export',
  yearImport: 'performance:yearPerf:import',
  partAdd: 'performance:yearPart:add',
  partEdit: 'performance:yearPart:edit',
  partExport: 'performance:yearPart:export',
  partImport: 'performance:yearPart:import',
  rankingExport: 'performance:ranking:export',
  questionnaireAdd: 'performance:questionnaire:add',
  questionnaireEdit: 'performance:questionnaire:edit',
  questionnaireDelete: 'performance:questionnaire:delete',
  surveySend: 'performance:survey:send',
} as const;
