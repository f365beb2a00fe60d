import type { FastifyInstance } from 'fastify';
import type { Translator } from '../../platform/query/present.js';
import { CategoryService } from './category/category.service.js';
import { categoryCrud, categoryRoutes } from './category/category.routes.js';
import { dataSourceRoutes, dataSourceService } from './datasource/datasource.routes.js';
import { SecretBox } from './datasource/secret-box.js';
import type { DictService } from './dict/dict.service.js';
import { gatewayRoutes, gatewayService } from './gateway/gateway.routes.js';
import { LogService } from './log/log.service.js';
import { logRoutes } from './log/log.routes.js';
import type { PermissionService } from './permission/permission.service.js';
import { positionRoutes, positionService } from './position/position.routes.js';
import { checkRuleService, fillRuleService, ruleRoutes } from './rule/rule.routes.js';
import { RuleService } from './rule/rule.service.js';
import { tenantRoutes, tenantService } from './tenant/tenant.routes.js';
import type { UserService } from './user/user.service.js';

export interface SystemAdminDeps {
  dicts: DictService;
  permissions: PermissionService;
  users: UserService;
}

/**
 * The system administration screens' endpoints (users, roles, menus, departments, dictionaries,
 * categories, positions, tenants, logs, gateway routes, data sources, rules).
 */
export async function registerSystemAdmin(api: FastifyInstance, deps: SystemAdminDeps): Promise<void> {
  const { db, config } = api.ctx;
  const translate: Translator = (code, v) => deps.dicts.translate(code, v as string);

  const categories = new CategoryService(db);
  await categoryRoutes(api, categoryCrud(db, translate, categories), categories);
  await positionRoutes(api, positionService(db, translate));
  await tenantRoutes(api, tenantService(db, translate));
  await gatewayRoutes(api, gatewayService(db, translate));
  const box = new SecretBox(config.jwtSecret);
  await dataSourceRoutes(api, dataSourceService(db, translate, box), box);
  await ruleRoutes(api, checkRuleService(db, translate), fillRuleService(db, translate), new RuleService(db), db);
  await logRoutes(api, new LogService(db, translate));
}
