import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { rules as shared, patternRule } from '@go/contract/validation';
import { DictRadio, DictSelect } from '../../../components/dict/DictSelect';
import { Auth } from '../../../components/list/auth';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { getAction, putAction } from '../../../app/http/client';
import { ListPage, type FormModalProps, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { DepartName, DepartPicker } from '../../../components/pickers/DepartPicker';
import { PositionPicker, RolePicker } from '../../../components/pickers/EntitySelector';
import { duplicateCheck } from '../../../components/pickers/validators';
import { datesToBody, datesToForm } from '../components/formValues';
import { PasswordModal } from '../components/PasswordModal';
import { listAuth } from '../components/perms';

const PERM = 'system:user';

const columns: ListColumn[] = [
  { title: '用户账号', dataIndex: 'username', search: 'like', sorter: true, width: 120 },
  { title: '用户姓名', dataIndex: 'realname', search: 'like', width: 100 },
  { title: '工号', dataIndex: 'workNo', search: 'like', hideInTable: true },
  { title: '性别', dataIndex: 'sex', dictCode: 'sex', search: 'eq', width: 70 },
  { title: '生日', dataIndex: 'birthday', type: 'date', width: 110 },
  { title: '手机号码', dataIndex: 'phone', search: 'like', width: 120 },
  { title: '邮箱', dataIndex: 'email', hideInTable: true },
  {
    title: '部门',
    dataIndex: 'orgCodeTxt',
    hideInSuperQuery: true,
    width: 180,
    // several companies have a 综合管理部: the column names the company
    render: (v, r) => <DepartName value={r.orgCode as string | null} fallback={v as string | null} />,
  },
  { title: '机构编码', dataIndex: 'orgCode', hideInTable: true },
  { title: '职务', dataIndex: 'post', width: 100, render: (v, r) => String(r.post_dictText ?? v ?? '') },
  { title: '状态', dataIndex: 'status', dictCode: 'user_status', search: 'eq', width: 80 },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true, search: 'range', width: 170 },
];

function UserForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal
      {...props}
      title="用户"
      width={800}
      urls={{ add: '/sys/user/add', edit: '/sys/user/edit' }}
      initialValues={{ userIdentity: '1' }}
      toForm={async (r) => {
        const roleRes = await getAction('/sys/user/queryUserRole', { userid: r.id });
        const roleIds = roleRes.success && Array.isArray(roleRes.result) ? (roleRes.result as unknown[]).map(String) : [];
        return {
          ...datesToForm(r, ['birthday']),
          sex: r.sex === null || r.sex === undefined ? undefined : String(r.sex),
          userIdentity: r.userIdentity === null || r.userIdentity === undefined ? undefined : String(r.userIdentity),
          selectedroles: roleIds.join(',') || undefined,
          selecteddeparts: (r.departIds as string | null) || undefined,
        };
      }}
      toBody={(v) => {
        const body = datesToBody(v, ['birthday']);
        return {
          ...body,
          selectedroles: Array.isArray(v.selectedroles) ? (v.selectedroles as string[]).join(',') : ((v.selectedroles as string | undefined) ?? ''),
          selecteddeparts: v.selecteddeparts ?? '',
        };
      }}
    >
      {(form, mode, record) => (
        <>
          <Form.Item
            name="username"
            label="用户账号"
            rules={[...shared.userName, duplicateCheck('sys_user', 'username', record?.id as string | undefined)]}
          >
            <Input placeholder="请输入用户账号" disabled={mode === 'edit'} />
          </Form.Item>
          {mode === 'add' && (
            <>
              <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入新密码!' }]}>
                <Input.Password autoComplete="new-password" placeholder="请输入登录密码" />
              </Form.Item>
              <Form.Item
                name="confirmpassword"
                label="确认密码"
                dependencies={['password']}
                rules={[
                  { required: true, message: '请确认新密码!' },
                  {
                    validator: async (_r, v) => {
                      if (v && v !== form.getFieldValue('password')) throw new Error('两次输入的密码不一样！');
                    },
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" placeholder="请重新输入登录密码" />
              </Form.Item>
            </>
          )}
          <Form.Item name="realname" label="用户名字" rules={[{ required: true, message: '请输入用户名称!' }]}>
            <Input placeholder="请输入用户名称" />
          </Form.Item>
          <Form.Item name="workNo" label="工号" rules={[duplicateCheck('sys_user', 'work_no', record?.id as string | undefined)]}>
            <Input placeholder="请输入工号" />
          </Form.Item>
          <Form.Item name="post" label="职务">
            <PositionPicker />
          </Form.Item>
          <Form.Item name="selectedroles" label="角色分配">
            <RolePicker multi />
          </Form.Item>
          <Form.Item name="selecteddeparts" label="部门分配" rules={[{ required: true, message: '请选择部门' }]}>
            <DepartPicker
              multi
              onChange={(v, departs) => {
                form.setFieldValue('selecteddeparts', v);
                if (departs[0]) form.setFieldValue('orgCode', departs[0].orgCode);
              }}
            />
          </Form.Item>
          <Form.Item name="orgCode" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="userIdentity" label="身份">
            <DictRadio dictCode="user_identity" />
          </Form.Item>
          <Form.Item name="birthday" label="生日">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="sex" label="性别">
            <DictSelect dictCode="sex" placeholder="请选择性别" />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={[...shared.email, duplicateCheck('sys_user', 'email', record?.id as string | undefined)]}>
            <Input placeholder="请输入邮箱" />
          </Form.Item>
          <Form.Item
            name="phone"
            label="手机号码"
            rules={[patternRule('mobile'), duplicateCheck('sys_user', 'phone', record?.id as string | undefined)]}
          >
            <Input placeholder="请输入手机号码" />
          </Form.Item>
          <Form.Item name="telephone" label="座机" rules={[patternRule('landline')]}>
            <Input placeholder="请输入座机" />
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

/** 用户管理: users with roles and departments, freeze/unfreeze, password reset, import/export. */
export default function UserList() {
  const { message, modal } = App.useApp();
  const [pwdUser, setPwdUser] = useState<string | undefined>();

  const setStatus = (ids: string[], status: 1 | 2, h: ListHelpers<Row>) => {
    if (ids.length === 0) {
      message.warning('请选择一条记录！');
      return;
    }
    modal.confirm({
      title: '确认操作',
      content: `是否${status === 2 ? '冻结' : '解冻'}选中账号?`,
      onOk: async () => {
        const res = await putAction('/sys/user/frozenBatch', { ids: ids.join(','), status: String(status) });
        if (res.success) {
          message.success(res.message || '操作成功');
          h.clearSelection();
          h.reload();
        } else message.warning(res.message);
      },
    });
  };

  return (
    <>
      <ListPage
        columns={columns}
        url={{
          list: '/sys/user/list',
          delete: '/sys/user/delete',
          deleteBatch: '/sys/user/deleteBatch',
          exportXls: '/sys/user/exportXls',
          importExcel: '/sys/user/importExcel',
        }}
        exportName="用户信息.xlsx"
        form={UserForm}
        auth={listAuth('user')}
        toolbar={(h) => (
          <Auth code={`${PERM}:frozen`}>
            <Space>
              <Button icon={<LockOutlined />} onClick={() => setStatus(h.selectedRowKeys, 2, h)}>
                冻结
              </Button>
              <Button icon={<UnlockOutlined />} onClick={() => setStatus(h.selectedRowKeys, 1, h)}>
                解冻
              </Button>
            </Space>
          </Auth>
        )}
        rowMenu={(r, h) => [
          { key: 'password', label: '密码', auth: `${PERM}:password`, onClick: () => setPwdUser(String(r.username)) },
          String(r.status) === '2'
            ? { key: 'unfreeze', label: '解冻', auth: `${PERM}:frozen`, onClick: () => setStatus([String(r.id)], 1, h) }
            : { key: 'freeze', label: '冻结', auth: `${PERM}:frozen`, onClick: () => setStatus([String(r.id)], 2, h) },
        ]}
      />
      <PasswordModal username={pwdUser} onClose={() => setPwdUser(undefined)} />
    </>
  );
}
