import type { Api } from '../../platform/http/api.js';
import type { FormRegistry } from '../workflow/form-registry.js';
import { kpiRoundRoutes } from './kpi-round.routes.js';
import { KpiRoundService } from './kpi-round.service.js';
import './performance.tables.js';
import { performanceRoutes } from './performance.routes.js';
import { questionnaireRoutes } from './questionnaire.routes.js';
import { QuestionnaireService } from './questionnaire.service.js';
import { RankingService } from './ranking.service.js';
import { SheetService } from './sheet.service.js';
import { sheetImportRoutes } from './sheet-import.routes.js';

export { recordEvaluationScore, type FinishedEvaluation } from './sheet.service.js';

export { kpiHooks } from './kpi.hooks.js';

/**
 * Performance evaluation: yearly and quarterly sheets, ranking, questionnaires (问卷评价), and the
 * KPI rounds of the 季度KPI考评 form when a registry is given. The form type itself (`kpiForm` with
 * `kpiHooks`) is registered by the composition (`modules/index.ts`) through the forms module, which imports
 * this module (the 绩效 form's score lands in the sheets), so this module imports nothing of it.
 */
export async function registerPerformanceModule(api: Api, registry?: FormRegistry): Promise<void> {
  const sheets = new SheetService(api.ctx.db);
  await performanceRoutes(api, sheets, new RankingService(api.ctx.db));
  sheetImportRoutes(api, sheets);
  await questionnaireRoutes(api, new QuestionnaireService(api.ctx.db));
  // KPI rounds file forms through the engine: only with the workflow module
  if (registry) await kpiRoundRoutes(api, new KpiRoundService(api.ctx));
}
