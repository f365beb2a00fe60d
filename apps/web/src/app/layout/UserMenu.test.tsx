import { ERROR_TEXTS } from '@go/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store';
import { ShellSlotsProvider, type ShellSlots } from './slots';

const warnings = vi.hoisted(() => ({ warning: vi.fn() }));
vi.mock('../feedback', () => ({ feedback: { message: warnings, notification: {}, modal: {} } }));
vi.mock('../http/client', () => ({ getAction: vi.fn(async () => ({ success: true, result: { list: [], orgCode: '' } })) }));

const { UserMenu } = await import('./UserMenu');

const nothing = () => null;
const slots: ShellSlots = {
  NoticeBell: nothing,
  Ticker: nothing,
  PasswordDialog: ({ open }) => (open ? <div data-testid="password-dialog" /> : null),
  DepartDialog: nothing,
  AvatarDialog: nothing,
};

function openPasswordItem() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShellSlotsProvider value={slots}>
        <UserMenu />
      </ShellSlotsProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('user-menu'));
}

describe('UserMenu 密码修改', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    useSession.setState({ token: null, userInfo: null });
  });

  it('without a signed-in user warns 当前系统无登录用户! and opens no dialog', async () => {
    useSession.setState({ token: 'tok', userInfo: null });
    openPasswordItem();
    fireEvent.click(await screen.findByText('密码修改'));
    expect(warnings.warning).toHaveBeenCalledWith('当前系统无登录用户!');
    expect(ERROR_TEXTS.noLoggedInUser).toBe('当前系统无登录用户!');
    expect(screen.queryByTestId('password-dialog')).toBeNull();
  });

  it('with a user whose name is blank warns the same', async () => {
    useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: '', realname: '' } });
    openPasswordItem();
    fireEvent.click(await screen.findByText('密码修改'));
    expect(warnings.warning).toHaveBeenCalledWith('当前系统无登录用户!');
  });

  it('with a signed-in user opens the dialog', async () => {
    useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: 'chenjing', realname: '陈静' } });
    openPasswordItem();
    fireEvent.click(await screen.findByText('密码修改'));
    await waitFor(() => expect(screen.getByTestId('password-dialog')).toBeTruthy());
    expect(warnings.warning).not.toHaveBeenCalled();
  });
});

describe('UserMenu 系统设置', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, userInfo: null });
  });

  it('is offered only where the settings drawer exists', async () => {
    useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: 'chenjing', realname: '陈静' } });
    const onOpenSettings = vi.fn();
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <UserMenu onOpenSettings={onOpenSettings} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('系统设置'));
    expect(onOpenSettings).toHaveBeenCalled();
    unmount();
    openPasswordItem();
    await screen.findByText('密码修改');
    expect(screen.queryByText('系统设置')).toBeNull();
  });
});
