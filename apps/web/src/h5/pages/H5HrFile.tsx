import { Button, Dialog, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { logout } from '../../app/session/actions';
import { useSession } from '../../app/session/store';
import { H5Page } from '../components/H5Page';

const FIELDS: [string, string][] = [
  ['realname', '姓名'],
  ['username', '账号'],
  ['workNo', '工号'],
  ['orgCodeTxt', '部门'],
  ['post_dictText', '职务'],
  ['phone', '手机号'],
  ['email', '邮箱'],
  ['birthday', '生日'],
  ['sex_dictText', '性别'],
  ['telephone', '座机'],
];

/** 我的档案: the signed-in user's own record, read-only; signing out. */
export default function H5HrFile() {
  const user = useSession((s) => s.userInfo);
  const navigate = useNavigate();
  const signOut = async () => {
    const ok = await Dialog.confirm({
      content: '确定要退出登录吗？',
      confirmText: '退出登录',
      cancelText: '取消',
    });
    if (!ok) return;
    await logout();
    navigate('/h5/login', { replace: true });
  };
  return (
    <H5Page title="我的档案" testId="h5-me">
      <List header="基本信息" data-testid="h5-hr-file">
        {FIELDS.filter(([k]) => user?.[k] !== undefined && user?.[k] !== null && user?.[k] !== '').map(
          ([k, label]) => (
            <List.Item key={k} extra={String(user?.[k])}>
              {label}
            </List.Item>
          ),
        )}
      </List>
      <List header="更多">
        <List.Item onClick={() => window.location.assign('/mbtiTest')} data-testid="h5-mbti">
          性格测试
        </List.Item>
        <List.Item onClick={() => navigate('/h5/weekly')}>写周报</List.Item>
      </List>
      <div className="h5-actions">
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          onClick={() => void signOut()}
          data-testid="h5-logout"
        >
          退出登录
        </Button>
      </div>
    </H5Page>
  );
}
