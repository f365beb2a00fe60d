/**
 * The field-level audit trail of business records (docs/audit.md). A service that changes a record calls
 * `recordChanges` with the transaction of the write: the change rows are part of that transaction, so a
 * change without its audit rows cannot be committed, and audit rows of a change that rolled back never exist.
 * Who and from where come from the request being served (`installChangeContext`), or from `opts.actor`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { newId } from '../db/ids.js';
import { now } from '../db/time.js';
import { maskValue } from '@go/contract';
import './audit.tables.js';

/** Who made a change and from where. */
export interface ChangeActor {
  /** the account (username) */
  userId: string | null;
  userName: string | null;
  ip: string | null;
  orgCode: string | null;
}

/** The record a change belongs to. */
export interface ChangeTarget {
  /** a key of CHANGE_RECORD_TYPES (sys_user, sys_dict_item, hy_user, …) */
  type: string;
  id: string;
  /** a name people know the record by (the account, the dictionary code), shown in the search */
  name?: string | null;
  /** the record's org code (company scoping of the trail); default: the actor's */
  orgCode?: string | null;
}

export type Values = Record<string, unknown>;

export interface ChangeOptions {
  /** only these fields (default: every key of the new values; of the old ones for a delete) */
  fields?: readonly string[];
  /** never these fields (besides the bookkeeping columns) */
  ignore?: readonly string[];
  actor?: ChangeActor;
  /** what made the change when it is more than add/edit/delete (an HR move: hire, transfer, …) */
  action?: string;
}

const requests = new AsyncLocalStorage<{ req: FastifyRequest }>();

/**
 * Makes the request being served known to `recordChanges` (its user and IP). Registered as the last hook
 * before the handler, after body parsing and the guard, so the handler and everything it awaits run inside.
 */
export function installChangeContext(app: FastifyInstance): void {
  app.addHook('preHandler', (req, _reply, done) => {
    requests.run({ req }, done);
  });
}

/** The actor of the request being served, or the system (jobs, process callbacks without a request). */
export function currentActor(): ChangeActor {
  const req = requests.getStore()?.req;
  const u = req?.user;
  if (!req || !u) return { userId: 'system', userName: '系统', ip: req?.ip ?? null, orgCode: null };
  return { userId: u.username, userName: u.realname, ip: req.ip ?? null, orgCode: u.orgCode || null };
}

/** Columns that record bookkeeping, not content: never a change row of their own. */
const BOOKKEEPING = new Set(['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'tenantId', 'namePinyin', 'nameInitials', 'pinyinOf']);
/** Secrets: a change is recorded, its values never (the operation log masks the same keys). */
const SECRET = /^(pass(word)?|salt|captcha|token|secret|oldpassword|confirmpassword)$/i;
/** Masked as the lists mask them (HR lists, person pickers): 138****1234, 110*************2X, 6222********1234. */
const MASKED: Record<string, 'mobile' | 'idCard' | 'bankCard'> = {
  phone: 'mobile',
  mobile: 'mobile',
  idCard: 'idCard',
  bankCard: 'bankCard',
};

/** The most characters of one stored value. */
const MAX_VALUE = 2000;

/** A value as the trail stores it: text, empty as null, secrets and sensitive values masked. */
export function storedValue(field: string, v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (SECRET.test(field)) return '******';
  let s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  const mask = MASKED[field];
  if (mask) s = maskValue(mask, s) ?? s;
  return s.length > MAX_VALUE ? s.slice(0, MAX_VALUE) + '…' : s;
}

/** The change rows of one record: a field whose stored value differs before and after. */
export function changeRows(target: ChangeTarget, before: Values | null, after: Values | null, opts: ChangeOptions = {}) {
  const action = opts.action ?? (before === null ? 'add' : after === null ? 'delete' : 'edit');
  const fields = opts.fields ?? Object.keys((after ?? before) as Values);
  const ignore = new Set(opts.ignore ?? []);
  const actor = opts.actor ?? currentActor();
  const t = now();
  const rows = [];
  for (const f of fields) {
    if (BOOKKEEPING.has(f) || ignore.has(f)) continue;
    const raw = { old: before ? before[f] : undefined, new: after ? after[f] : undefined };
    // an edit names the fields it sets; a field it does not name did not change
    if (before && after && !(f in after)) continue;
    const oldValue = storedValue(f, raw.old);
    const newValue = storedValue(f, raw.new);
    // a secret set again (a new password) is a change even though both sides read ******
    const secretChanged = SECRET.test(f) && before !== null && after !== null && raw.new !== undefined && raw.old !== raw.new;
    if (oldValue === newValue && !secretChanged) continue;
    rows.push({
      id: newId(),
      createTime: t,
      userId: actor.userId,
      userName: actor.userName,
      ip: actor.ip,
      orgCode: target.orgCode ?? actor.orgCode,
      recordType: target.type,
      recordId: target.id,
      recordName: target.name ? String(target.name).slice(0, 200) : null,
      action,
      field: f,
      oldValue,
      newValue,
    });
  }
  return rows;
}

/**
 * Writes the change rows of one record (add: `before` null; delete: `after` null; edit: `after` holds the
 * fields set) inside the caller's transaction and answers how many. Outside a transaction it refuses: the
 * record change and its trail are committed together or not at all.
 */
export async function recordChanges(trx: Database, target: ChangeTarget, before: Values | null, after: Values | null, opts: ChangeOptions = {}): Promise<number> {
  if (!trx.isTransaction) throw new Error('recordChanges runs inside the transaction of the write it records');
  const rows = changeRows(target, before, after, opts);
  for (let i = 0; i < rows.length; i += 200) await trx.insertInto('sysChangeLog').values(rows.slice(i, i + 200)).execute();
  return rows.length;
}

/** `recordChanges` for several records of one type (batch deletes, restores). */
export async function recordManyChanges(
  trx: Database,
  type: string,
  pairs: { id: string; name?: string | null; orgCode?: string | null; before: Values | null; after: Values | null }[],
  opts: ChangeOptions = {},
): Promise<number> {
  let n = 0;
  for (const p of pairs) n += await recordChanges(trx, { type, id: p.id, name: p.name, orgCode: p.orgCode }, p.before, p.after, opts);
  return n;
}
