/**
 * Who may call a route. Every route declares one of these in `config.access`; a test walks the route
 * table and fails on any route without it.
 * - `public`: anyone, no token needed.
 * - `login`: any signed-in user.
 * - `permission`: a signed-in user holding the code (from roles or department roles).
 */
export type Access = { public: true } | { login: true } | { permission: string };

export const PUBLIC: Access = { public: true };
export const LOGIN: Access = { login: true };
export const perm = (code: string): Access => ({ permission: code });

/** The signed-in user of a request. */
export interface CurrentUser {
  id: string;
  username: string;
  realname: string;
  /** the current department's org code, e.g. A03A01 */
  orgCode: string;
  /** the company part of the org code (A01 … A09); A01 is group level and sees every company */
  company: string;
  tenantId: number;
  sessionId: string;
}

export const GROUP_COMPANY = 'A01';

/** The company of an org code: its first 3-character segment. */
export function companyOf(orgCode: string | null | undefined): string {
  return (orgCode ?? '').slice(0, 3);
}

export function isGroupLevel(user: Pick<CurrentUser, 'company'>): boolean {
  return user.company === GROUP_COMPANY;
}
