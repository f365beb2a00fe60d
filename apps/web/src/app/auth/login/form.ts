import { validators } from '@go/contract';
import { useCallback, useState } from 'react';

/** A field's check: its error text, or null when the value passes. */
export type Check = (value: string) => string | null;

/** The sign-in form's checks, with the texts of the stock page. */
export const ACCOUNT_CHECKS = {
  username: (v: string) => (v.trim() ? null : '请输入用户名'),
  password: (v: string) => (v ? null : '请输入密码'),
  captcha: (v: string) => (v ? null : '请输入验证码'),
} satisfies Record<string, Check>;

export const PHONE_CHECKS = {
  mobile: (v: string) => validators.mobile(v),
  smscode: (v: string) => (!v ? '请输入短信验证码' : /^\d{6}$/.test(v) ? null : '短信验证码为6位数字'),
} satisfies Record<string, Check>;

/**
 * Form state for a handful of text fields: a field is checked whenever it changes, every field on
 * submit (as antd's form does); `submit` answers the values when all pass, else the first failing name.
 */
export function useCheckedFields<N extends string>(checks: Record<N, Check>, initial: Record<N, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<N, string>>>({});

  const set = useCallback(
    (name: N, value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      const problem = checks[name](value);
      setErrors((e) => ({ ...e, [name]: problem ?? undefined }));
    },
    [checks],
  );

  /** Sets a value without checking it (a programmatic reset, as antd's setFieldValue). */
  const put = useCallback((name: N, value: string) => setValues((v) => ({ ...v, [name]: value })), []);

  const setError = useCallback((name: N, message: string | null) => setErrors((e) => ({ ...e, [name]: message ?? undefined })), []);

  /** Checks every field; the name of the first failing one, or null. */
  const checkAll = useCallback((): N | null => {
    const next: Partial<Record<N, string>> = {};
    let first: N | null = null;
    for (const name of Object.keys(checks) as N[]) {
      const problem = checks[name](values[name]);
      if (problem) {
        next[name] = problem;
        first ??= name;
      }
    }
    setErrors(next);
    return first;
  }, [checks, values]);

  return { values, errors, set, put, setError, checkAll };
}
