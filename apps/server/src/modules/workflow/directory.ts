import type { Database } from '../../platform/db/database.js';
import { prepared } from '../../platform/db/prepared.js';

/** A user as the workflow screens show them (next-node users, candidates, history). */
export interface UserBrief {
  id: string;
  username: string;
  realname: string;
  /** the user's current org code; `mainOrgCode` on the wire */
  orgCode: string;
}

/**
 * Candidate rule types of a user task (wire values of the node-rule editor):
 * 0 role members (role code), 1 named users (usernames, comma-separated), 2 department members (org code
 * or department id), 3 the initiator, 4 heads of the initiator's department, 5 heads of a named
 * department, 6 a form field (`field` or `field:user|role|dept|deptManage`).
 */
export const RULE_TYPES = [0, 1, 2, 3, 4, 5, 6] as const;

export interface RuleContext {
  /** the applicant's username */
  starter: string;
  /** form data */
  vars: Record<string, unknown>;
}

const split = (v: unknown): string[] =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An active user by username (a rule naming one user, the initiator): built once. */
const activeUser = prepared(
  (db: Database, username: string) =>
    db
      .selectFrom('sysUser')
      .select(['sysUser.id', 'sysUser.username', 'sysUser.realname', 'sysUser.orgCode'])
      .where('sysUser.status', '=', 1)
      .where('sysUser.delFlag', '=', 0)
      .where('sysUser.username', '=', username),
  1,
);

/**
 * Read-only lookups of users, roles and departments for candidate rules. The workflow engine only reads
 * the organisation; it never changes it.
 */
export class Directory {
  constructor(private readonly db: Database) {}

  private users(db: Database = this.db) {
    return db
      .selectFrom('sysUser')
      .select(['sysUser.id', 'sysUser.username', 'sysUser.realname', 'sysUser.orgCode'])
      .where('sysUser.status', '=', 1)
      .where('sysUser.delFlag', '=', 0);
  }

  private static brief(rows: { id: string; username: string; realname: string | null; orgCode: string | null }[]): UserBrief[] {
    const seen = new Set<string>();
    const out: UserBrief[] = [];
    for (const r of rows) {
      if (seen.has(r.username)) continue;
      seen.add(r.username);
      out.push({ id: r.id, username: r.username, realname: r.realname ?? r.username, orgCode: r.orgCode ?? '' });
    }
    return out;
  }

  async byUsernames(usernames: string[], db: Database = this.db): Promise<UserBrief[]> {
    if (!usernames.length) return [];
    const rows = usernames.length === 1 ? (await activeUser(db, usernames[0])).rows : await this.users(db).where('sysUser.username', 'in', usernames).execute();
    const order = new Map(usernames.map((u, i) => [u, i]));
    return Directory.brief(rows).sort((a, b) => (order.get(a.username) ?? 0) - (order.get(b.username) ?? 0));
  }

  /** A user by username or id (delegation accepts either). */
  async find(usernameOrId: string, db: Database = this.db): Promise<UserBrief | undefined> {
    const rows = await this.users(db)
      .where((eb) => eb.or([eb('sysUser.username', '=', usernameOrId), eb('sysUser.id', '=', usernameOrId)]))
      .execute();
    return Directory.brief(rows)[0];
  }

  /** Real names by username (for lists); unknown usernames map to themselves. */
  async realnames(usernames: string[], db: Database = this.db): Promise<Map<string, string>> {
    const uniq = [...new Set(usernames.filter(Boolean))];
    const map = new Map<string, string>();
    if (!uniq.length) return map;
    const rows = await db.selectFrom('sysUser').select(['username', 'realname']).where('username', 'in', uniq).execute();
    for (const r of rows) map.set(r.username, r.realname ?? r.username);
    return map;
  }

  async roleCodes(username: string, db: Database = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('sysUserRole')
      .innerJoin('sysUser', 'sysUser.id', 'sysUserRole.userId')
      .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
      .select('sysRole.roleCode')
      .where('sysUser.username', '=', username)
      .execute();
    return rows.map((r) => r.roleCode);
  }

  async roleMembers(roleCodes: string[], db: Database = this.db): Promise<UserBrief[]> {
    if (!roleCodes.length) return [];
    const rows = await this.users(db)
      .innerJoin('sysUserRole', 'sysUserRole.userId', 'sysUser.id')
      .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
      .where('sysRole.roleCode', 'in', roleCodes)
      .orderBy('sysUser.createTime')
      .execute();
    return Directory.brief(rows);
  }

  private async departIds(refs: string[], db: Database): Promise<string[]> {
    if (!refs.length) return [];
    const rows = await db
      .selectFrom('sysDepart')
      .select('id')
      .where((eb) => eb.or([eb('id', 'in', refs), eb('orgCode', 'in', refs)]))
      .where('delFlag', '=', 0)
      .execute();
    return rows.map((r) => r.id);
  }

  async departMembers(refs: string[], db: Database = this.db, headsOnly = false): Promise<UserBrief[]> {
    const ids = await this.departIds(refs, db);
    if (!ids.length) return [];
    let q = this.users(db)
      .innerJoin('sysUserDepart', 'sysUserDepart.userId', 'sysUser.id')
      .where('sysUserDepart.depId', 'in', ids);
    if (headsOnly) q = q.where('sysUser.userIdentity', '=', 2);
    return Directory.brief(await q.orderBy('sysUser.createTime').execute());
  }

  /**
   * Heads (user identity 2) of the user's current department other than the user; when there are none,
   * the heads of the parent department, up to the company.
   */
  async headsOf(username: string, db: Database = this.db): Promise<UserBrief[]> {
    const u = await db.selectFrom('sysUser').select('orgCode').where('username', '=', username).executeTakeFirst();
    let code = u?.orgCode ?? '';
    while (code.length > 3) {
      const heads = (await this.departMembers([code], db, true)).filter((h) => h.username !== username);
      if (heads.length) return heads;
      code = code.slice(0, -3);
    }
    return [];
  }

  async admins(db: Database = this.db): Promise<UserBrief[]> {
    return this.roleMembers(['admin'], db);
  }

  /** Evaluates a node's candidate rules; the union, without duplicates or inactive users. */
  async candidates(rules: { type: number; relateId: string | null }[], ctx: RuleContext, db: Database = this.db): Promise<UserBrief[]> {
    const out: UserBrief[] = [];
    for (const r of rules) {
      switch (r.type) {
        case 0:
          out.push(...(await this.roleMembers(split(r.relateId), db)));
          break;
        case 1:
          out.push(...(await this.byUsernames(split(r.relateId), db)));
          break;
        case 2:
          out.push(...(await this.departMembers(split(r.relateId), db)));
          break;
        case 3:
          out.push(...(await this.byUsernames([ctx.starter], db)));
          break;
        case 4:
          out.push(...(await this.headsOf(ctx.starter, db)));
          break;
        case 5:
          out.push(...(await this.departMembers(split(r.relateId), db, true)));
          break;
        case 6: {
          const [field, kind = 'user'] = String(r.relateId ?? '').split(':');
          const value = split(ctx.vars[field]);
          if (kind === 'role') out.push(...(await this.roleMembers(value, db)));
          else if (kind === 'dept') out.push(...(await this.departMembers(value, db)));
          else if (kind === 'deptManage') out.push(...(await this.departMembers(value, db, true)));
          else out.push(...(await this.byUsernames(value, db)));
          break;
        }
      }
    }
    return Directory.brief(out.map((u) => ({ ...u })));
  }
}
