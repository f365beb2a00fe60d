import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SmsCodeButton } from './SmsCodeButton';

const http = vi.hoisted(() => ({ postAction: vi.fn() }));
vi.mock('../http/client', () => http);

function Harness() {
  const [form] = Form.useForm();
  return (
    <AntApp>
      <Form form={form}>
        <Form.Item name="mobile">
          <Input aria-label="手机号" />
        </Form.Item>
        <SmsCodeButton form={form} field="mobile" smsmode="2" testId="send" />
      </Form>
    </AntApp>
  );
}

describe('SmsCodeButton', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    http.postAction.mockReset();
  });

  it('checks the mobile first and asks for nothing when it is wrong', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('send'));
    await screen.findByText('请输入手机号');
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('send'));
    await screen.findByText('请输入正确手机号');
    expect(http.postAction).not.toHaveBeenCalled();
  });

  it('asks for a code with the stock smsmode and counts down 60 s before another', async () => {
    http.postAction.mockResolvedValue({ success: true, message: '验证码已发送，5分钟内有效', code: 200, result: null });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13811110006' } });
    fireEvent.click(screen.getByTestId('send'));
    await waitFor(() => expect(screen.getByTestId('send').textContent?.replace(/\s/g, '')).toBe('60s'));
    expect(http.postAction).toHaveBeenCalledWith('/sys/sms', { mobile: '13811110006', smsmode: '2' });
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    await waitFor(() => expect(screen.getByTestId('send').textContent?.replace(/\s/g, '')).toBe('获取验证码'));
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the button usable when the server refuses', async () => {
    http.postAction.mockResolvedValue({ success: false, message: '获取验证码太频繁，请60秒后再试', code: 500, result: null });
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13811110006' } });
    fireEvent.click(screen.getByTestId('send'));
    await waitFor(() => expect(http.postAction).toHaveBeenCalled());
    expect(screen.getByTestId('send').textContent?.replace(/\s/g, '')).toBe('获取验证码');
  });
});
