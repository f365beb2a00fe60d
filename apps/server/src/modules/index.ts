import type { Api } from '../platform/http/api.js';
import { healthRoutes } from './health/health.routes.js';
import { registerAnnouncementModule } from './announcement/register.js';
import { AccountService } from './system/account/account.service.js';
import { accountRoutes } from './system/account/account.routes.js';
import { authRoutes } from './system/auth/auth.routes.js';
import { CaptchaService } from './system/auth/captcha.service.js';
import { LoginService } from './system/auth/login.service.js';
import { LoginThrottle } from './system/auth/throttle.js';
import { dictRoutes } from './system/dict/dict.routes.js';
import { DictService } from './system/dict/dict.service.js';
import { permissionRoutes } from './system/permission/permission.routes.js';
import { PermissionService } from './system/permission/permission.service.js';
import { userRoutes } from './system/user/user.routes.js';
import { smsCodes } from './system/sms/sms.service.js';
import { smsRoutes } from './system/sms/sms.routes.js';
import { OnlineUserService } from './system/online/online.service.js';
import { onlineRoutes } from './system/online/online.routes.js';
import { SsoService } from './system/sso/sso.service.js';
import { ssoRoutes } from './system/sso/sso.routes.js';
import { registerFileModule } from './system/file/file.routes.js';
import { UserService } from './system/user/user.service.js';
import { registerSystemAdmin } from './system/system-admin.js';
import { registerWorkflowModule, workflowOf } from './workflow/workflow.module.js';
import { registerFormsModule } from './forms/forms.module.js';
import { registerOfficeModule } from './office/office.module.js';
import { registerHrModule } from './hr/hr.module.js';
import { registerRegistrationModule } from './hr/registration.module.js';
import { kpiHooks, registerPerformanceModule } from './performance/performance.module.js';
import { registerDeclaredForm } from './forms/forms.module.js';
import { kpiForm } from '@go/contract/performance/index';
import { registerLedgerModule } from './ledger/ledger.module.js';
import { registerDashboardModule } from './dashboard/dashboard.routes.js';
import { registerOnlineModule } from './online/online.module.js';
import { ChangeLogService } from '../platform/audit/change-log.service.js';
import { changeLogRoutes } from '../platform/audit/change-log.routes.js';

/**
 * Builds the services of every module and registers their routes under the API prefix.
 * Services are built here (not inside route files) so modules call each other's services, never
 * each other's repositories.
 */
export async function registerModules(api: Api): Promise<void> {
  const ctx = api.ctx;
  const permissions = new PermissionService(ctx.db);
  ctx.permissions = permissions;
  const dicts = new DictService(ctx.db);
  const captcha = new CaptchaService(ctx.kv);
  const sms = smsCodes(ctx);
  const logins = new LoginService(ctx, captcha, new LoginThrottle(ctx.kv), dicts, sms);
  const accounts = new AccountService(ctx, sms);
  const users = new UserService(ctx);

  await healthRoutes(api);
  await registerAnnouncementModule(api, { dicts });
  await authRoutes(api, captcha, logins);
  await permissionRoutes(api, permissions);
  await accountRoutes(api, accounts);
  await smsRoutes(api, sms, logins);
  await onlineRoutes(api, new OnlineUserService(ctx));
  await ssoRoutes(api, new SsoService(ctx, logins));
  await dictRoutes(api, dicts);
  await userRoutes(api, users);
  // the person search asks the workflow module (registered below) whether a picker takes part in an instance
  const participates = (procInstId: string, username: string) => workflowOf(ctx).queries.participates(procInstId, username);
  await registerSystemAdmin(api, { dicts, permissions, users, participates });
  await changeLogRoutes(api, new ChangeLogService(ctx.db, permissions));
  await registerFileModule(api);
  const workflow = await registerWorkflowModule(api);
  await registerFormsModule(api, workflow.registry);
  await registerOfficeModule(api, workflow.registry);
  const hr = await registerHrModule(api, { translate: (code, v) => dicts.translate(code, v as string), registry: workflow.registry });
  await registerRegistrationModule(api, hr);
  await registerDeclaredForm(api, workflow.registry, kpiForm, kpiHooks);
  await registerPerformanceModule(api, workflow.registry);
  await registerLedgerModule(api, workflow, (code, v) => dicts.translate(code, v as string));
  await registerDashboardModule(api);
  await registerOnlineModule(api, { dicts });
}
