import { escapeLike, maskValue } from '@go/contract';
import { sql, type SqlBool, type Expression } from 'kysely';
import { pinyin } from 'pinyin-pro';
import { GROUP_COMPANY, isGroupLevel, type CurrentUser } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import { likeMatch, likePrefix } from '../../../platform/query/like.js';

/**
 * The one person search behind every person picker (转办, 加签, 抄送, 委托, reassign, the HR and office
 * pickers, the phone's delegate list): by real name, account, full pinyin and initials; active accounts only;
 * phone and birthday masked.
 *
 * Reach (whom a pick may name) — enforced here and again by the workflow actions:
 * - everyone: the caller's own company (A01, the group level, reaches every company);
 * - a participant of a workflow instance (`procInstId`: applicant, candidate, assignee, owner or executor)
 *   additionally reaches the group company A01 (the group's finance, HR and heads serve every company);
 * - `forceA01` narrows to the group company; `departId` to one department's members.
 */

/** `zhulin` / `zl` for 朱琳 (surname readings: 单 shan, 曾 zeng); letters kept, lower case, no spaces. */
export function namePinyin(realname: string): { full: string; initials: string } {
  const name = realname.trim();
  if (!name) return { full: '', initials: '' };
  const opts = { toneType: 'none', type: 'array', surname: 'head', nonZh: 'consecutive', v: true } as const;
  const full = pinyin(name, opts)
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const initials = pinyin(name, { ...opts, pattern: 'first' })
    .map((s) => (/^[a-z]/i.test(s) ? s[0] : s))
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return { full: full.slice(0, 200), initials: initials.slice(0, 100) };
}

/** A birthday as pickers show it: the year only (`1996-**-**`); the date of birth stays in the HR file. */
export function maskBirthday(v: string | null | undefined): string | null {
  if (!v) return v ?? null;
  return /^\d{4}/.test(v) ? `${v.slice(0, 4)}-**-**` : '****-**-**';
}

export interface PersonRow {
  id: string;
  username: string;
  realname: string | null;
  sex: number | null;
  sex_dictText: string;
  /** masked: 138****1234 (as the HR lists) */
  phone: string | null;
  /** masked: 1996-**-** */
  birthday: string | null;
  orgCode: string | null;
  orgCodeTxt: string;
  deptName: string;
  post: string | null;
  post_dictText: string;
}

export interface PersonQuery {
  keyword?: string;
  departId?: string;
  forceA01?: boolean;
  procInstId?: string;
  /** usernames to read back (a saved value's names), within reach */
  usernames?: string[];
  pageNo?: number;
  pageSize?: number;
}

const SEX: Record<number, string> = { 1: '男', 2: '女' };

/**
 * Whether a user took part in a workflow instance (applicant, candidate, assignee, owner or executor): the
 * workflow module's `WorkflowQueries.participates`, passed in by whoever builds the search (this module
 * imports nothing of the workflow module, which imports it).
 */
export type Participation = (procInstId: string, username: string) => Promise<boolean>;

export class PersonSearch {
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly participation: Participation,
  ) {}

  /** Recomputes the stored pinyin of rows whose name changed since (or that never had one). */
  async refreshPinyin(): Promise<void> {
    if (!this.refreshing) {
      this.refreshing = this.refreshOnce().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async refreshOnce(): Promise<void> {
    for (let round = 0; round < 50; round++) {
      const stale = await this.db
        .selectFrom('sysUser')
        .select(['id', 'realname'])
        .where('realname', 'is not', null)
        .where((eb) => eb.or([eb('pinyinOf', 'is', null), eb('pinyinOf', '<>', eb.ref('realname'))]))
        .limit(500)
        .execute();
      if (!stale.length) return;
      await this.db.transaction().execute(async (trx) => {
        for (const r of stale) {
          const p = namePinyin(r.realname ?? '');
          await trx
            .updateTable('sysUser')
            .set({ namePinyin: p.full, nameInitials: p.initials, pinyinOf: r.realname })
            .where('id', '=', r.id)
            .execute();
        }
      });
      if (stale.length < 500) return;
    }
  }

  /** Whether the user takes part in the instance (may then reach the group company). */
  private async participates(username: string, procInstId: string | undefined): Promise<boolean> {
    return !!procInstId && this.participation(procInstId, username);
  }

  /** The companies a pick may reach (null: every company). */
  async reach(user: CurrentUser, opts: { procInstId?: string; forceA01?: boolean }): Promise<string[] | null> {
    if (opts.forceA01) return [GROUP_COMPANY];
    if (isGroupLevel(user)) return null;
    if (!/^[A-Z][0-9]{2}$/.test(user.company)) return [];
    const out = [user.company];
    if (await this.participates(user.username, opts.procInstId)) out.push(GROUP_COMPANY);
    return out;
  }

  /**
   * The picked accounts (usernames or ids) that are active but outside the caller's reach. Unknown and frozen
   * accounts are left to the caller's own refusal (the engine answers 审批人不存在或已停用 for them).
   */
  async outOfReach(user: CurrentUser, picked: string[], procInstId?: string): Promise<string[]> {
    const names = [...new Set(picked.filter(Boolean))].slice(0, 500);
    if (!names.length) return [];
    const companies = await this.reach(user, { procInstId });
    if (!companies) return [];
    const rows = await this.db
      .selectFrom('sysUser')
      .select(['username', 'realname', 'orgCode'])
      .where((eb) => eb.or([eb('username', 'in', names), eb('id', 'in', names)]))
      .where('status', '=', 1)
      .where('delFlag', '=', 0)
      .execute();
    return rows.filter((r) => !companies.some((c) => (r.orgCode ?? '').startsWith(c))).map((r) => r.realname || r.username);
  }

  async search(user: CurrentUser, query: PersonQuery): Promise<{ records: PersonRow[]; total: number; current: number; size: number; pages: number }> {
    const keyword = (query.keyword ?? '').trim().toLowerCase().slice(0, 50);
    if (keyword) await this.refreshPinyin();
    const companies = await this.reach(user, query);
    const pageNo = Math.max(1, Math.floor(query.pageNo ?? 1));
    const pageSize = Math.min(50, Math.max(1, Math.floor(query.pageSize ?? 10)));

    let base = this.db.selectFrom('sysUser as u').where('u.delFlag', '=', 0).where('u.status', '=', 1);
    if (companies) base = base.where((eb) => eb.or(companies.length ? companies.map((c) => likePrefix('u.orgCode', c)) : [sql<SqlBool>`1 = 0`]));
    if (query.departId) base = base.where('u.id', 'in', (eb) => eb.selectFrom('sysUserDepart').select('userId').where('depId', '=', query.departId!));
    if (query.usernames?.length) base = base.where('u.username', 'in', query.usernames.slice(0, 200));
    let rank: Expression<number> = sql<number>`1`;
    if (keyword) {
      const compact = keyword.replace(/[\s']/g, '');
      const contains = `%${escapeLike(keyword)}%`;
      const conds = [likeMatch('u.realname', contains), sql<SqlBool>`lower(${sql.ref('u.username')}) like ${contains} escape '\\'`];
      if (/^[a-z0-9]+$/.test(compact)) {
        conds.push(likeMatch('u.namePinyin', `%${escapeLike(compact)}%`), likePrefix('u.nameInitials', compact));
      }
      base = base.where((eb) => eb.or(conds));
      rank = sql<number>`case when ${sql.ref('u.realname')} = ${keyword} or lower(${sql.ref('u.username')}) = ${keyword} or ${sql.ref('u.namePinyin')} = ${compact} or ${sql.ref('u.nameInitials')} = ${compact} then 0 else 1 end`;
    }
    const totalRow = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const total = Number(totalRow?.n ?? 0);
    const rows = await base
      .leftJoin('sysDepart as d', (j) => j.onRef('d.orgCode', '=', 'u.orgCode').on('d.delFlag', '=', 0))
      .select(['u.id', 'u.username', 'u.realname', 'u.sex', 'u.phone', 'u.birthday', 'u.orgCode', 'u.post', 'd.departName'])
      .orderBy(rank)
      .orderBy('u.createTime', 'desc')
      .orderBy('u.id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const posts = new Map((await this.db.selectFrom('sysPosition').select(['code', 'name']).execute()).map((p) => [p.code, p.name]));
    const seen = new Set<string>();
    const records: PersonRow[] = [];
    for (const r of rows) {
      // a department sharing an org code would repeat the row
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      records.push({
        id: r.id,
        username: r.username,
        realname: r.realname,
        sex: r.sex,
        sex_dictText: r.sex ? (SEX[r.sex] ?? '') : '',
        phone: maskValue('mobile', r.phone),
        birthday: maskBirthday(r.birthday),
        orgCode: r.orgCode,
        orgCodeTxt: r.departName ?? '',
        deptName: r.departName ?? '',
        post: r.post,
        post_dictText: (r.post ?? '')
          .split(',')
          .filter(Boolean)
          .map((p) => posts.get(p) ?? p)
          .join(','),
      });
    }
    return { records, total, current: pageNo, size: pageSize, pages: Math.ceil(total / pageSize) };
  }
}
