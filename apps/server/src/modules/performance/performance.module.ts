import { kpiForm } from '@go/contract/performance/index';
import type { Api } from '../../platform/http/api.js';
import { registerDeclaredForm } from '../forms/forms.module.js';
import type { FormRegistry } from '../workflow/form-registry.js';
import { kpiHooks } from './kpi.hooks.js';
import { kpiRoundRoutes } from './kpi-round.routes.js';
import { KpiRoundService } from './kpi-round.service.js';
import './performance.tables.js';
import { performanceRoutes } from './performance.routes.js';
import { questionnaireRoutes } from './questionnaire.routes.js';
import { QuestionnaireService } from './questionnaire.service.js';
import { RankingService } from './ranking.service.js';
import { SheetService } from './sheet.service.js';

export { recordEvaluationScore, type FinishedEvaluation } from './sheet.service.js';

export { kpiHooks } from './kpi.hooks.js';

/**
 * Performance evaluation: yearly and quarterly sheets, ranking, questionnaires (问卷评价), and the
 * 季度KPI考评 form type (registered with the engine when a registry is given).
 */
export async function registerPerformanceModule(api: Api, registry?: FormRegistry): Promise<void> {
  if (registry) await registerDeclaredForm(api, registry, kpiForm, kpiHooks);
  await performanceRoutes(api, new SheetService(api.ctx.db), new RankingService(api.ctx.db));
  await questionnaireRoutes(api, new QuestionnaireService(api.ctx.db));
  // KPI rounds file forms through the engine: only with the workflow module
  if (registry) await kpiRoundRoutes(api, new KpiRoundService(api.ctx));
}
