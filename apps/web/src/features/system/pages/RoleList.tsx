import { Drawer, Form, Input } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../components/list/auth';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { duplicateCheck } from '../../../components/pickers/validators';
import { PermissionTree } from '../components/PermissionTree';
import { listAuth } from '../components/perms';


const columns: ListColumn[] = [
  { title: '角色名称', dataIndex: 'roleName', search: 'like', sorter: true },
  { title: '角色编码', dataIndex: 'roleCode', search: 'like', sorter: true },
  { title: '描述', dataIndex: 'description', ellipsis: true },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true, search: 'range' },
];

function RoleForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal {...props} title="角色" width={600} urls={{ add: '/sys/role/add', edit: '/sys/role/edit' }}>
      {(_f, mode, record) => (
        <>
          <Form.Item
            name="roleName"
            label="角色名称"
            rules={[{ required: true, message: '请输入角色名称!' }, { min: 2, max: 30, message: '长度在 2 到 30 个字符' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="roleCode"
            label="角色编码"
            rules={[
              { required: true, message: '请输入角色编码!' },
              { min: 0, max: 64, message: '长度不超过 64 个字符' },
              duplicateCheck('sys_role', 'role_code', record?.id as string | undefined),
            ]}
          >
            <Input disabled={mode === 'edit'} />
          </Form.Item>
          <Form.Item name="description" label="描述" rules={[{ max: 126, message: '长度不超过 126 个字符' }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

/** 角色管理: roles and their permission tree (menus, buttons, data rules). */
export default function RoleList() {
  const [authRole, setAuthRole] = useState<Row | undefined>();
  return (
    <>
      <ListPage
        columns={columns}
        url={{
          list: '/sys/role/list',
          delete: '/sys/role/delete',
          deleteBatch: '/sys/role/deleteBatch',
          exportXls: '/sys/role/exportXls',
          importExcel: '/sys/role/importExcel',
        }}
        exportName="角色信息"
        form={RoleForm}
        auth={listAuth('role')}
        rowActions={(r) => (
          <Auth code="system:role:auth">
            <a onClick={() => setAuthRole(r)}>授权</a>
          </Auth>
        )}
      />
      <Drawer
        title={authRole ? `角色权限配置：${String(authRole.roleName)}` : ''}
        open={!!authRole}
        width={Math.min(720, window.innerWidth)}
        onClose={() => setAuthRole(undefined)}
        destroyOnHidden
      >
        {authRole && (
          <PermissionTree
            treeUrl="/sys/role/queryTreeList"
            checkedUrl="/sys/permission/queryRolePermission"
            checkedParams={{ roleId: authRole.id }}
            saveUrl="/sys/permission/saveRolePermission"
            saveBody={{ roleId: authRole.id }}
            roleId={String(authRole.id)}
            dataRules={{ load: '/sys/role/datarule', save: '/sys/role/datarule' }}
          />
        )}
      </Drawer>
    </>
  );
}
