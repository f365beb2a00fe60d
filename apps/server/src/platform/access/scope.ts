import { sql, type SelectQueryBuilder } from 'kysely';
import { isGroupLevel, type CurrentUser } from './access.js';

/**
 * Company scoping for list and detail queries: group level (A01) sees every company, anyone else only
 * rows whose org code starts with their company code. Every list/detail repository passes its query
 * through here with the column that holds the row's org code.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function scopeToCompany<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  user: Pick<CurrentUser, 'company'>,
  column: string,
): QB {
  if (isGroupLevel(user)) return qb;
  // A user without a department belongs to no company and sees no company's rows.
  if (!/^[A-Z][0-9]{2}$/.test(user.company)) return qb.where(sql<boolean>`1 = 0`) as QB;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return qb.where(column as any, 'like', `${user.company}%`) as QB;
}

/** Whether a single row's org code is visible to the user (for detail, edit and delete checks). */
export function inCompanyScope(user: Pick<CurrentUser, 'company'>, rowOrgCode: string | null | undefined): boolean {
  if (isGroupLevel(user)) return true;
  return /^[A-Z][0-9]{2}$/.test(user.company) && (rowOrgCode ?? '').startsWith(user.company);
}
