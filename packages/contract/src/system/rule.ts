import { z } from 'zod';

/** Wire shapes of the coding rules (`/sys/checkRule/*`, `/sys/fillRule/*`) and the duplicate check. */

const text = z.string().nullable();

/** A check rule (sys_check_rule). */
export const sysCheckRuleRow = z.looseObject({
  id: z.string(),
  ruleName: text,
  ruleCode: text,
  ruleJson: text,
  ruleDescription: text,
});

/** A fill rule (sys_fill_rule). */
export const sysFillRuleRow = z.looseObject({
  id: z.string(),
  ruleName: text,
  ruleCode: text,
  ruleClass: text,
  ruleParams: text,
});

/** One result of `executeRuleByCodeBatch`. */
export const sysFillRuleResult = z.object({ ruleCode: z.string(), result: z.string() });
