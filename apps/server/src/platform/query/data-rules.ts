/**
 * Data rules (sys_permission_data_rule) as list conditions. A rule says `rule_column <cond> rule_value`,
 * where the value may use the system variables #{sys_user_code} (username), #{sys_user_name} (real
 * name), #{sys_org_code} (current department), #{sys_multi_org_code} (all the user's departments),
 * #{sys_date}, #{sys_time} and #{tenant_id}. Rules go through the same whitelist and bound conditions
 * as request parameters; a rule naming a column outside the entity's whitelist is skipped.
 *
 * `USE_SQL_RULES` (a raw SQL fragment in stock) is refused on save and ignored when applied: a
 * fragment cannot be bound, so it would be an SQL-injection path for anyone who can edit rules, and it
 * would tie the rules to one database dialect.
 */
import { formatDate, formatDateTime } from '../db/time.js';
import { fieldSpec, type Condition, type Whitelist } from './query-builder.js';

export interface DataRuleRow {
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
}

export interface RuleVariables {
  username: string;
  realname: string;
  orgCode: string;
  /** org codes of every department of the user */
  orgCodes: string[];
  tenantId: number;
}

export const DATA_RULE_CONDITIONS = ['>', '>=', '<', '<=', '=', '!=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'] as const;

const toCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function substitute(value: string, vars: RuleVariables): string {
  return value
    .replace(/#\{sys_user_code\}/g, vars.username)
    .replace(/#\{sys_user_name\}/g, vars.realname)
    .replace(/#\{sys_org_code\}/g, vars.orgCode)
    .replace(/#\{sys_multi_org_code\}/g, vars.orgCodes.join(','))
    .replace(/#\{sys_date\}/g, formatDate())
    .replace(/#\{sys_time\}/g, formatDateTime())
    .replace(/#\{tenant_id\}/g, String(vars.tenantId));
}

/** The conditions of the active rules that apply to an entity with this whitelist. */
export function dataRuleConditions(rules: DataRuleRow[], vars: RuleVariables, wl: Whitelist): Condition[] {
  const out: Condition[] = [];
  for (const r of rules) {
    const cond = (r.ruleConditions ?? '').trim().toUpperCase();
    if (!r.ruleColumn || cond === 'USE_SQL_RULES') continue;
    const prop = fieldSpec(wl, r.ruleColumn) ? r.ruleColumn : toCamel(r.ruleColumn.toLowerCase());
    if (!fieldSpec(wl, prop)) continue;
    const value = substitute(r.ruleValue ?? '', vars);
    switch (cond) {
      case '>':
        out.push({ field: prop, rule: 'gt', value });
        break;
      case '>=':
        out.push({ field: prop, rule: 'ge', value });
        break;
      case '<':
        out.push({ field: prop, rule: 'lt', value });
        break;
      case '<=':
        out.push({ field: prop, rule: 'le', value });
        break;
      case '=':
        out.push({ field: prop, rule: value.includes(',') && /#\{sys_multi_org_code\}/.test(r.ruleValue ?? '') ? 'in' : 'eq', value });
        break;
      case '!=':
        out.push({ field: prop, rule: 'ne', value });
        break;
      case 'IN':
        out.push({ field: prop, rule: 'in', value: value.split(',').map((s) => s.trim()).filter(Boolean) });
        break;
      case 'LIKE':
        out.push({ field: prop, rule: 'like', value });
        break;
      case 'LEFT_LIKE':
        out.push({ field: prop, rule: 'left_like', value });
        break;
      case 'RIGHT_LIKE':
        out.push({ field: prop, rule: 'right_like', value });
        break;
      default:
        break;
    }
  }
  return out;
}
