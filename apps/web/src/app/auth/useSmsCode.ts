import { SMS_RESEND_SECONDS, validators } from '@go/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { feedback } from '../feedback';
import { postAction } from '../http/client';

/** The 60 s wait before another code may be asked for: seconds left, and `start` to begin it. */
export function useResendCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const start = useCallback(() => {
    setLeft(SMS_RESEND_SECONDS);
    if (timer.current) clearInterval(timer.current);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n <= 1 && timer.current) {
          clearInterval(timer.current);
          timer.current = null;
        }
        return n - 1;
      });
    }, 1000);
  }, []);

  return { left, start };
}

/**
 * 获取验证码 for a mobile: checks it, asks the server for a code with the stock smsmode ('0' login,
 * '1' register, '2' forgotten password), then counts down 60 s before another. `send` answers the
 * mobile's problem text at once, or null when the code is being asked for.
 */
export function useSmsCode(smsmode: '0' | '1' | '2') {
  const { left, start } = useResendCountdown();
  const [sending, setSending] = useState(false);

  const request = useCallback(
    async (mobile: string) => {
      setSending(true);
      try {
        const res = await postAction('/sys/sms', { mobile, smsmode });
        if (res.success) {
          start();
          feedback.message.success(res.message || '验证码已发送');
        } else feedback.message.warning(res.message);
      } catch {
        /* shown by the client */
      } finally {
        setSending(false);
      }
    },
    [smsmode, start],
  );

  /** Checks the mobile at once: its problem text, or null when the code was asked for. */
  const send = useCallback(
    (value: unknown): string | null => {
      const mobile = String(value ?? '').trim();
      const problem = validators.mobile(mobile);
      if (problem) return problem;
      void request(mobile);
      return null;
    },
    [request],
  );

  return { left, sending, send };
}
