import { MESSAGES, nationalIdError, patternRule, validators } from '@go/contract';
import type { Rule } from 'antd/es/form';

/** antd rules for the person fields of HR records and the public registration, from the shared contract (the server checks the same with zod). */
const fromValidator =
  (fn: (v: unknown) => string | null): Rule =>
  () => ({
    validator: async (_r, value) => {
      const err = fn(value);
      if (err) throw new Error(err);
    },
  });

export const hrRules = {
  realname: [{ required: true, whitespace: true, message: '请输入姓名' }] as Rule[],
  mobile: [{ required: true, message: MESSAGES.mobileRequired }, patternRule('mobile')] as Rule[],
  mobileOptional: [patternRule('mobile')] as Rule[],
  idCard: [fromValidator(nationalIdError)] as Rule[],
  email: [patternRule('email')] as Rule[],
  qq: [patternRule('qq')] as Rule[],
  telephone: [patternRule('landline')] as Rule[],
  bankCard: [patternRule('bankCard')] as Rule[],
  children: [fromValidator(validators.naturalNumber)] as Rule[],
  reason: [{ required: true, whitespace: true, message: '请填写原因' }] as Rule[],
};
