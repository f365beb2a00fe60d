import type { Api } from '../../platform/http/api.js';
import { registerCrudImport } from '../../platform/excel/import-route.js';
import type { Translator } from '../../platform/query/present.js';
import { CategoryService } from './category/category.service.js';
import { categoryCrud, categoryRoutes } from './category/category.routes.js';
import { dataSourceRoutes, dataSourceService } from './datasource/datasource.routes.js';
import { SecretBox } from './datasource/secret-box.js';
import { dictAdminRoutes, dictCrud, dictItemCrud } from './dict/dict-admin.routes.js';
import type { DictService } from './dict/dict.service.js';
import { gatewayRoutes, gatewayService } from './gateway/gateway.routes.js';
import { LogService } from './log/log.service.js';
import { logRoutes } from './log/log.routes.js';
import { DepartService } from './depart/depart.service.js';
import { departRoutes } from './depart/depart.routes.js';
import { departExcelRoutes } from './depart/depart-excel.routes.js';
import { permissionAdminRoutes } from './permission/permission-admin.routes.js';
import { PermissionAdminService } from './permission/permission-admin.service.js';
import type { PermissionService } from './permission/permission.service.js';
import { roleCrud, roleRoutes } from './role/role.routes.js';
import { RoleService } from './role/role.service.js';
import { positionRoutes, positionService } from './position/position.routes.js';
import { checkRuleService, fillRuleService, ruleRoutes } from './rule/rule.routes.js';
import { RuleService } from './rule/rule.service.js';
import { tenantRoutes, tenantService } from './tenant/tenant.routes.js';
import { TenantService } from './tenant/tenant.service.js';
import { thirdAppRoutes } from './third-app/third-app.routes.js';
import { userAgentRoutes } from './agent/user-agent.routes.js';
import { UserAgentService } from './agent/user-agent.service.js';
import { UserAdminService } from './user/user-admin.service.js';
import { userAdminRoutes } from './user/user-admin.routes.js';
import { personSearchRoutes } from './user/person-search.routes.js';
import type { Participation } from './user/person-search.js';
import type { UserService } from './user/user.service.js';

export interface SystemAdminDeps {
  dicts: DictService;
  permissions: PermissionService;
  users: UserService;
  /** whether a user takes part in a workflow instance (the workflow module's, for the person search) */
  participates: Participation;
}

/**
 * The system administration screens' endpoints (users, roles, menus, departments, dictionaries,
 * categories, positions, tenants, logs, gateway routes, data sources, rules).
 */
export async function registerSystemAdmin(api: Api, deps: SystemAdminDeps): Promise<void> {
  const { db, config } = api.ctx;
  const translate: Translator = (code, v) => deps.dicts.translate(code, v as string);

  const permAdmin = new PermissionAdminService(db, deps.permissions);
  const departs = new DepartService(db);
  await permissionAdminRoutes(api, permAdmin);
  const roles = roleCrud(db, translate);
  await roleRoutes(api, roles, new RoleService(db), permAdmin);
  await departRoutes(api, departs, permAdmin);
  await departExcelRoutes(api, departs);
  await userAdminRoutes(api, new UserAdminService(api.ctx, deps.dicts, permAdmin));
  await personSearchRoutes(api, deps.participates);
  await userAgentRoutes(api, new UserAgentService(db));
  await thirdAppRoutes(api);

  const categories = new CategoryService(db);
  const categoryAdmin = categoryCrud(db, translate, categories);
  await categoryRoutes(api, categoryAdmin, categories);
  const positions = positionService(db, translate);
  await positionRoutes(api, positions);
  // Imports read the export's own layout (so an exported file, saved as .xls by the stock client, re-imports).
  const decodeDict = async (code: string, text: string) => {
    const items = (await deps.dicts.items(code)) ?? [];
    return items.find((i) => i.text === text || i.value === text)?.value ?? null;
  };
  registerCrudImport(api, roles, { required: 'roleCode' });
  registerCrudImport(api, positions, { required: 'code', decodeDict });
  registerCrudImport(api, categoryAdmin, { required: 'name' });
  await tenantRoutes(api, tenantService(db, translate), new TenantService(db));
  await gatewayRoutes(api, gatewayService(db, translate));
  const box = new SecretBox(config.jwtSecret);
  await dataSourceRoutes(api, dataSourceService(db, translate, box, config), box);
  await ruleRoutes(api, checkRuleService(db, translate), fillRuleService(db, translate), new RuleService(db));
  await logRoutes(api, new LogService(db, translate, api.ctx.dbKind));
  await dictAdminRoutes(api, deps.dicts, dictCrud(db, translate, deps.dicts), dictItemCrud(db, translate, deps.dicts));
}
