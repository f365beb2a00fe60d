import { getAction } from '../../app/http/client';

/**
 * Uniqueness check for a form field (docs/contract.md, "Validation texts"): asks `/sys/duplicate/check` only when a value is
 * present; the server's message is the error. `dataId` excludes the record being edited.
 */
export function duplicateCheck(tableName: string, fieldName: string, dataId?: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || String(value).trim() === '') return;
      const res = await getAction('/sys/duplicate/check', { tableName, fieldName, fieldVal: String(value), dataId });
      if (!res.success) throw new Error(res.message || '该值不可用，系统中已存在！');
    },
  };
}

/** Code rule check (docs/contract.md, "Validation texts"): `/sys/checkRule/checkByCode` with the URL-encoded value. */
export function checkRule(ruleCode: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || String(value) === '') return;
      const res = await getAction('/sys/checkRule/checkByCode', { ruleCode, value: encodeURIComponent(String(value)) });
      if (!res.success) throw new Error(res.message);
    },
  };
}
