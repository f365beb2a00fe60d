import { DownOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, SyncOutlined, UserOutlined, LockOutlined, PictureOutlined } from '@ant-design/icons';
import { ERROR_TEXTS } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { staticUrl } from '../config';
import { feedback } from '../feedback';
import { getAction } from '../http/client';
import { logout, refreshDictCache } from '../session/actions';
import { useSession } from '../session/store';
import { useShellSlots, type ShellDepart } from './slots';

/**
 * The avatar dropdown: 系统设置 (where the settings drawer exists), 密码修改, 切换部门 (several departments only),
 * 更换头像, 清理缓存, 退出登录.
 */
export function UserMenu({ onOpenSettings, compact }: { onOpenSettings?: () => void; compact?: boolean }) {
  const userInfo = useSession((s) => s.userInfo);
  const { PasswordDialog, DepartDialog, AvatarDialog } = useShellSlots();
  const [modal, setModal] = useState<'password' | 'depart' | 'avatar' | null>(null);
  const departs = useQuery({
    queryKey: ['currentUserDeparts', userInfo?.id],
    queryFn: async () => {
      const res = await getAction<{ list: ShellDepart[]; orgCode: string }>('/sys/user/getCurrentUserDeparts', undefined, { silent: true });
      return res.success ? res.result : { list: [], orgCode: '' };
    },
    enabled: !!userInfo,
    staleTime: 60_000,
  });
  const list = departs.data?.list ?? [];

  const items: MenuProps['items'] = [
    ...(onOpenSettings ? [{ key: 'settings', icon: <SettingOutlined />, label: '系统设置' }] : []),
    { key: 'password', icon: <LockOutlined />, label: '密码修改' },
    ...(list.length > 1 ? [{ key: 'depart', icon: <SwapOutlined />, label: '切换部门' }] : []),
    { key: 'avatar', icon: <PictureOutlined />, label: '更换头像' },
    { key: 'cache', icon: <SyncOutlined />, label: '清理缓存' },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'settings') onOpenSettings?.();
    else if (key === 'password') {
      if (!userInfo?.username) feedback.message.warning(ERROR_TEXTS.noLoggedInUser);
      else setModal(key);
    } else if (key === 'avatar') setModal(key);
    else if (key === 'depart') {
      if (list.length === 0) feedback.message.warning(ERROR_TEXTS.noDepart);
      else setModal('depart');
    } else if (key === 'cache') {
      try {
        const ok = await refreshDictCache();
        if (ok) feedback.message.success(ERROR_TEXTS.cacheCleared);
        else feedback.message.error(ERROR_TEXTS.cacheClearFailed);
      } catch {
        feedback.message.error(ERROR_TEXTS.cacheClearFailed);
      }
    } else if (key === 'logout') {
      feedback.modal.confirm({
        title: '提示',
        content: ERROR_TEXTS.logoutConfirm,
        okText: '确定',
        cancelText: '取消',
        onOk: async () => {
          try {
            await logout({ reload: true });
          } catch (e) {
            feedback.message.error((e as Error).message);
          }
        },
      });
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <span className="app-header-action" data-testid="user-menu" role="button" tabIndex={0}>
          <Avatar size="small" src={userInfo?.avatar ? staticUrl(userInfo.avatar) : undefined} alt={`${userInfo?.realname ?? ''}的头像`} icon={<UserOutlined />} />
          {!compact && <span className="app-user-name">{userInfo?.realname || userInfo?.username}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </span>
      </Dropdown>
      <Suspense fallback={null}>
        {modal === 'password' && <PasswordDialog open onClose={() => setModal(null)} />}
        {modal === 'depart' && <DepartDialog open departs={list} currentOrgCode={departs.data?.orgCode ?? userInfo?.orgCode} onClose={() => setModal(null)} />}
        {modal === 'avatar' && <AvatarDialog open onClose={() => setModal(null)} />}
      </Suspense>
    </>
  );
}
