import type { Api } from '../../platform/http/api.js';
import { CaptchaService } from '../system/auth/captcha.service.js';
import type { HrService } from './hr.service.js';
import { registrationRoutes } from './registration.routes.js';
import { RegistrationService } from './registration.service.js';
import './registration.tables.js';

/** Public applicant registration and the personality test (docs/hr.md "在线登记"), on top of the HR service. */
export async function registerRegistrationModule(
  api: Api,
  hr: HrService,
): Promise<RegistrationService> {
  // The login captcha: same images, same store, same single-use keys.
  const service = new RegistrationService(api.ctx, hr, new CaptchaService(api.ctx.kv));
  await registrationRoutes(api, service);
  return service;
}
