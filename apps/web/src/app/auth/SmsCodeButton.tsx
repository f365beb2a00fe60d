import { SMS_RESEND_SECONDS, validators } from '@go/contract';
import { Button, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../feedback';
import { postAction } from '../http/client';

interface Props {
  form: FormInstance;
  /** the form field holding the mobile */
  field: string;
  /** stock smsmode: '0' login, '1' register, '2' forgotten password */
  smsmode: '0' | '1' | '2';
  testId?: string;
}

/** 获取验证码: checks the mobile field, asks the server for a code, then counts down 60 s before another. */
export function SmsCodeButton({ form, field, smsmode, testId }: Props) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const start = () => {
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
  };

  const send = async () => {
    const mobile = String(form.getFieldValue(field) ?? '').trim();
    const problem = validators.mobile(mobile);
    if (problem) {
      form.setFields([{ name: field, errors: [problem] }]);
      return;
    }
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
  };

  return (
    <Button block size="large" disabled={left > 0} loading={sending} onClick={() => void send()} data-testid={testId}>
      {left > 0 ? `${left} s` : '获取验证码'}
    </Button>
  );
}
