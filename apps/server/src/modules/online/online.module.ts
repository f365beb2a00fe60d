import type { DbHandle } from '../../platform/db/database.js';
import type { Api } from '../../platform/http/api.js';
import { SecretBox } from '../system/datasource/secret-box.js';
import { registerOnlineChangeReader } from './form/form-audit.js';
import { FormDataService } from './form/form-data.service.js';
import { formRoutes } from './form/form.routes.js';
import { FormDesignService } from './form/form.service.js';
import { reportPopupRoutes } from './report/report-popup.routes.js';
import { reportRoutes } from './report/report.routes.js';
import { ReportService, type DictLookup } from './report/report.service.js';

/** Online reports and online forms: docs/online.md. */
export async function registerOnlineModule(api: Api, deps: { dicts: DictLookup }): Promise<{ reports: ReportService }> {
  const handle = (api as unknown as { dbHandle: DbHandle }).dbHandle;
  const reports = new ReportService(api.ctx, handle, new SecretBox(api.ctx.config.jwtSecret), deps.dicts);
  await reportRoutes(api, reports);
  await reportPopupRoutes(api, reports);
  const forms = new FormDesignService(api.ctx);
  await formRoutes(api, forms, new FormDataService(api.ctx, forms, deps.dicts));
  // the change trail of the forms' rows: read with online:form:data, named by the designs
  registerOnlineChangeReader();
  return { reports };
}
