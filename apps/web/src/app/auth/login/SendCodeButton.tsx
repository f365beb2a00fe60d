import { useSmsCode } from '../useSmsCode';
import { Button } from './controls';

interface Props {
  /** the mobile as typed */
  mobile: string;
  /** shows the mobile's problem under its field */
  onInvalid(problem: string): void;
  /** stock smsmode: '0' login, '1' register, '2' forgotten password */
  smsmode: '0' | '1' | '2';
  testId?: string;
}

/** 获取验证码 on the sign-in page: checks the mobile, asks for a code, then counts down 60 s before another. */
export function SendCodeButton({ mobile, onInvalid, smsmode, testId }: Props) {
  const { left, sending, send } = useSmsCode(smsmode);
  const onClick = () => {
    const problem = send(mobile);
    if (problem) onInvalid(problem);
  };
  return (
    <Button disabled={left > 0} loading={sending} onClick={onClick} testId={testId}>
      {left > 0 ? `${left} s` : '获取验证码'}
    </Button>
  );
}
