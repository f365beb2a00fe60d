import { Button, type FormInstance } from 'antd';
import { useSmsCode } from './useSmsCode';

interface Props {
  form: FormInstance;
  /** the form field holding the mobile */
  field: string;
  /** stock smsmode: '0' login, '1' register, '2' forgotten password */
  smsmode: '0' | '1' | '2';
  testId?: string;
}

/** 获取验证码 in an antd form: checks the mobile field, asks the server for a code, then counts down 60 s before another. */
export function SmsCodeButton({ form, field, smsmode, testId }: Props) {
  const { left, sending, send } = useSmsCode(smsmode);
  const onClick = () => {
    const problem = send(form.getFieldValue(field));
    if (problem) form.setFields([{ name: field, errors: [problem] }]);
  };
  return (
    <Button block size="large" disabled={left > 0} loading={sending} onClick={onClick} data-testid={testId}>
      {left > 0 ? `${left} s` : '获取验证码'}
    </Button>
  );
}
