import type { FastifyInstance } from 'fastify';
import './performance.tables.js';
import { performanceRoutes } from './performance.routes.js';
import { questionnaireRoutes } from './questionnaire.routes.js';
import { QuestionnaireService } from './questionnaire.service.js';
import { RankingService } from './ranking.service.js';
import { SheetService } from './sheet.service.js';

export { recordEvaluationScore, type FinishedEvaluation } from './sheet.service.js';

/** Performance evaluation: yearly and quarterly sheets, ranking, questionnaires (问卷评价). */
export async function registerPerformanceModule(api: FastifyInstance): Promise<void> {
  await performanceRoutes(api, new SheetService(api.ctx.db), new RankingService(api.ctx.db));
  await questionnaireRoutes(api, new QuestionnaireService(api.ctx.db));
}
