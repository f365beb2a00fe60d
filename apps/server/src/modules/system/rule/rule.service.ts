import type { Database } from '../../../platform/db/database.js';
import { formatDateTime } from '../../../platform/db/time.js';
import { businessError } from '../../../platform/http/errors.js';
import { likePrefix } from '../../../platform/query/like.js';
import { nextChildCode } from '../depart/org-code.js';
import { valueTaken } from './duplicate.js';

export interface CheckRulePart {
  digits: number | '*';
  pattern: string;
  message: string;
}

export interface CheckFailure extends CheckRulePart {
  beginIndex: number;
  endIndex: number;
  checkValue: string;
  passed: false;
}

/** Parses and checks a rule_json text: `[{digits: n | "*", pattern, message}]`. */
export function parseRuleJson(text: string): CheckRulePart[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data) || data.length === 0 || data.length > 20) throw new Error('rule_json must be a non-empty array');
  return data.map((p: unknown) => {
    const o = p as Record<string, unknown>;
    const digits = o.digits === '*' ? '*' : Number(o.digits);
    if (digits !== '*' && (!Number.isInteger(digits) || digits < 1 || digits > 1000)) throw new Error('bad digits');
    if (typeof o.pattern !== 'string' || o.pattern.length > 500) throw new Error('bad pattern');
    new RegExp(o.pattern); // must compile
    return { digits, pattern: o.pattern, message: typeof o.message === 'string' ? o.message.slice(0, 200) : '' };
  });
}

/** Applies the parts to consecutive slices of the value; the first failure is returned. */
export function checkValue(parts: CheckRulePart[], value: string): CheckFailure | null {
  let begin = 0;
  for (const part of parts) {
    const end = part.digits === '*' ? value.length : Math.min(value.length, begin + part.digits);
    const slice = value.slice(begin, end);
    if (!new RegExp(`^(?:${part.pattern})$`).test(slice)) {
      return { ...part, beginIndex: begin, endIndex: end, checkValue: slice, passed: false };
    }
    begin = end;
    if (part.digits === '*') break;
  }
  return null;
}

export type FillHandler = (ctx: { db: Database; params: Record<string, unknown>; formData: Record<string, unknown> }) => Promise<string>;

/**
 * Fill-rule handlers by name (sys_fill_rule.rule_class). Stock stores Java class names; here a rule
 * names one of these handlers. Modules may register more.
 */
export const fillHandlers = new Map<string, FillHandler>([
  [
    'org_code',
    async ({ db, formData }) => {
      const parentId = typeof formData.parentId === 'string' ? formData.parentId : '';
      let parentCode = '';
      if (parentId) {
        const p = await db.selectFrom('sysDepart').select('orgCode').where('id', '=', parentId).executeTakeFirst();
        if (!p) throw businessError('上级部门不存在');
        parentCode = p.orgCode;
      }
      const siblings = await db.selectFrom('sysDepart').select('orgCode').where(likePrefix('orgCode', parentCode)).execute();
      return nextChildCode(parentCode, siblings.map((s) => s.orgCode));
    },
  ],
  [
    'category_code',
    async ({ db, formData }) => {
      const pid = typeof formData.pid === 'string' && formData.pid ? formData.pid : '0';
      let parentCode = '';
      if (pid !== '0') {
        const p = await db.selectFrom('sysCategory').select('code').where('id', '=', pid).executeTakeFirst();
        if (!p) throw businessError('上级分类不存在');
        parentCode = p.code;
      }
      const siblings = await db.selectFrom('sysCategory').select('code').where('pid', '=', pid).execute();
      return nextChildCode(parentCode, siblings.map((s) => s.code));
    },
  ],
  [
    'order_num',
    async ({ params }) => {
      const prefix = typeof params.prefix === 'string' ? params.prefix.slice(0, 10) : 'CN';
      const stamp = formatDateTime().replace(/\D/g, '');
      return `${prefix}${stamp}${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
    },
  ],
]);

export class RuleService {
  constructor(private readonly db: Database) {}

  /** Whether another row (not `dataId`) holds the value in a whitelisted table column (`/sys/duplicate/check`). */
  valueTaken(target: { table: string; column: string }, value: string, dataId?: string): Promise<boolean> {
    return valueTaken(this.db, target.table, target.column, value, dataId);
  }

  async checkByCode(ruleCode: string, value: string): Promise<CheckFailure | null> {
    const rule = await this.db.selectFrom('sysCheckRule').select('ruleJson').where('ruleCode', '=', ruleCode).executeTakeFirst();
    if (!rule) throw businessError('该编码不存在');
    let parts: CheckRulePart[];
    try {
      parts = parseRuleJson(rule.ruleJson ?? '');
    } catch {
      throw businessError('校验规则配置有误');
    }
    return checkValue(parts, value);
  }

  async executeFill(ruleCode: string, formData: Record<string, unknown>): Promise<string> {
    const rule = await this.db
      .selectFrom('sysFillRule')
      .select(['ruleClass', 'ruleParams'])
      .where('ruleCode', '=', ruleCode)
      .executeTakeFirst();
    if (!rule) throw businessError('该编码不存在');
    const handler = fillHandlers.get(rule.ruleClass ?? '');
    if (!handler) throw businessError(`后台找不到该规则处理器：${rule.ruleClass ?? ''}`);
    let params: Record<string, unknown> = {};
    try {
      params = rule.ruleParams ? (JSON.parse(rule.ruleParams) as Record<string, unknown>) : {};
    } catch {
      params = {};
    }
    return handler({ db: this.db, params, formData });
  }
}
