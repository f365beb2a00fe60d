import type { Audit } from '../../platform/db/schema.js';

export interface SysCategory extends Audit {
  id: string;
  /** parent id; '0' for roots */
  pid: string;
  name: string;
  code: string;
  /** '1' has children */
  hasChild: string | null;
  sysOrgCode: string | null;
}

export interface SysGatewayRoute extends Audit {
  id: string;
  routerId: string;
  name: string | null;
  uri: string | null;
  /** JSON */
  predicates: string | null;
  /** JSON */
  filters: string | null;
  retryable: number | null;
  stripPrefix: number | null;
  persistable: number | null;
  showApi: number | null;
  status: number | null;
  sysOrgCode: string | null;
}

export interface SysDataSource extends Audit {
  id: string;
  code: string;
  name: string | null;
  remark: string | null;
  dbType: string | null;
  dbDriver: string | null;
  dbUrl: string | null;
  dbName: string | null;
  dbUsername: string | null;
  /** AES-256-GCM sealed, never returned */
  dbPassword: string | null;
  sysOrgCode: string | null;
}

export interface SysCheckRule extends Audit {
  id: string;
  ruleName: string | null;
  ruleCode: string;
  /** JSON `[{digits, pattern, message}]` */
  ruleJson: string | null;
  ruleDescription: string | null;
  sysOrgCode: string | null;
}

export interface SysFillRule extends Audit {
  id: string;
  ruleName: string | null;
  ruleCode: string;
  /** handler name in the fill-rule registry */
  ruleClass: string | null;
  /** JSON */
  ruleParams: string | null;
  sysOrgCode: string | null;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    sysCategory: SysCategory;
    sysGatewayRoute: SysGatewayRoute;
    sysDataSource: SysDataSource;
    sysCheckRule: SysCheckRule;
    sysFillRule: SysFillRule;
  }
}
