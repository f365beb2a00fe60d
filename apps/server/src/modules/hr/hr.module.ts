import type { Api } from '../../platform/http/api.js';
import type { Translator } from '../../platform/query/present.js';
import type { FormRegistry } from '../workflow/form-registry.js';
import { registerHrApprovals } from './hr-approval.js';
import { registerDimissionJob } from './hr-dimission.js';
import { HrImportService } from './hr-import.service.js';
import { HrRecordsService } from './hr-records.service.js';
import { hrRoutes } from './hr.routes.js';
import { HrService } from './hr.service.js';

/** The HR records module (docs/hr.md), with the approval form types of hire, transfer and dimission. */
export async function registerHrModule(api: Api, deps: { translate: Translator; registry: FormRegistry }): Promise<HrService> {
  const hr = new HrService(api.ctx, deps.translate);
  const records = new HrRecordsService(hr);
  const imports = new HrImportService(api.ctx, hr);
  const startMove = await registerHrApprovals(api, deps.registry, hr);
  registerDimissionJob(api.ctx, hr);
  await hrRoutes(api, { hr, records, imports, startMove });
  return hr;
}
