import type { Audit } from '../../../platform/db/schema.js';

/** 用户代理人: `agentUserName` acts for `userName` from `startTime` to `endTime` while `status` is '1'. */
export interface SysUserAgent extends Audit {
  id: string;
  userName: string;
  agentUserName: string;
  startTime: string | null;
  endTime: string | null;
  /** '1' 有效, '0' 无效 */
  status: string;
  /** the represented user's org code (company scope) */
  sysOrgCode: string | null;
}

declare module '../../../platform/db/schema.js' {
  interface DB {
    sysUserAgent: SysUserAgent;
  }
}

/** An agent row as a plain object type (what the wire schemas accept). */
export type UserAgentRow = { [K in keyof SysUserAgent]: SysUserAgent[K] };
