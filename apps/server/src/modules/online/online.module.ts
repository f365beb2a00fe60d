import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../platform/db/database.js';
import { SecretBox } from '../system/datasource/secret-box.js';
import { reportRoutes } from './report/report.routes.js';
import { ReportService, type DictLookup } from './report/report.service.js';

/** Online reports (and, later, online forms): docs/online.md. */
export async function registerOnlineModule(api: FastifyInstance, deps: { dicts: DictLookup }): Promise<{ reports: ReportService }> {
  const handle = (api as unknown as { dbHandle: DbHandle }).dbHandle;
  const reports = new ReportService(api.ctx, handle, new SecretBox(api.ctx.config.jwtSecret), deps.dicts);
  await reportRoutes(api, reports);
  return { reports };
}
