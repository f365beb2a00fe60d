import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { useDepartTree } from '../../../components/pickers/useDepartTree';

export const DEPART_PAGE_PATH = '/isystem/depart';

/**
 * A clean install starts without any company: whoever may add departments is shown where to begin, until the
 * first company exists.
 */
export function EmptyOrganisationNotice() {
  const { has } = useAuth();
  const mayAdd = has('system:depart:add');
  return mayAdd ? <Notice /> : null;
}

function Notice() {
  const { nodes, loading } = useDepartTree();
  const navigate = useNavigate();
  if (loading || nodes.length) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="home-empty-org"
      style={{ marginTop: 16 }}
      message="组织架构还是空的"
      description="请先在「部门管理」创建第一家公司（集团总部），再在其下添加部门，然后在「用户管理」为同事开通账号。"
      action={
        <Button type="primary" size="small" onClick={() => void navigate(DEPART_PAGE_PATH)}>
          创建第一家公司
        </Button>
      }
    />
  );
}
