/** Permission codes of the performance screens (seeded as buttons for admin and HR). */
export const PERF_PERMS = {
  yearList: 'performance:yearPerf:list',
  yearAdd: 'performance:yearPerf:add',
  yearEdit: 'performance:yearPerf:edit',
  yearExport: 'performance:yearPerf:export',
  partList: 'performance:yearPart:list',
  partAdd: 'performance:yearPart:add',
  partEdit: 'performance:yearPart:edit',
  partExport: 'performance:yearPart:export',
  ranking: 'performance:ranking:list',
  rankingExport: 'performance:ranking:export',
  questionnaireList: 'performance:questionnaire:list',
  questionnaireAdd: 'performance:questionnaire:add',
  questionnaireEdit: 'performance:questionnaire:edit',
  questionnaireDelete: 'performance:questionnaire:delete',
  surveySend: 'performance:survey:send',
  surveyResult: 'performance:survey:result',
} as const;
