import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Drawer, Empty, Form, Input, InputNumber, Row as GridRow, Space, Tabs, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { patternRule } from '@go/contract/validation';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { DictRadio } from '../../../components/dict/DictSelect';
import { Auth } from '../../../components/list/auth';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { deleteAction, downloadFile, putAction } from '../../../app/http/client';
import { ImportExcelModal } from '../../../components/list/ImportExcelModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { flatten, useDepartTree, type DepartNode } from '../../../components/pickers/useDepartTree';
import { PermissionTree } from '../components/PermissionTree';

const PERM = 'system:depart';

/** The fields of a department (org code generated hierarchically by the server, shown read-only). */
function DepartFields({ orgCode }: { orgCode?: string }) {
  return (
    <>
      <Form.Item name="departName" label="机构名称" rules={[{ required: true, message: '请输入机构/部门名称!' }]}>
        <Input placeholder="请输入机构/部门名称" />
      </Form.Item>
      {orgCode !== undefined && (
        <Form.Item label="机构编码">
          <Input value={orgCode} disabled />
        </Form.Item>
      )}
      <Form.Item name="orgCategory" label="机构类型" rules={[{ required: true, message: '请选择机构类型' }]}>
        <DictRadio dictCode="org_category" />
      </Form.Item>
      <Form.Item name="departOrder" label="排序">
        <InputNumber precision={0} min={0} />
      </Form.Item>
      <Form.Item name="mobile" label="手机号" rules={[patternRule('mobile')]}>
        <Input />
      </Form.Item>
      <Form.Item name="fax" label="传真">
        <Input />
      </Form.Item>
      <Form.Item name="address" label="地址">
        <Input />
      </Form.Item>
      <Form.Item name="memo" label="备注">
        <Input.TextArea rows={2} />
      </Form.Item>
    </>
  );
}

function DepartAddForm(props: FormModalProps<Row>) {
  const parentName = props.record?.parentName as string | undefined;
  return (
    <CrudFormModal
      {...props}
      title={parentName ? `子部门（上级：${parentName}）` : '机构'}
      width={700}
      urls={{ add: '/sys/sysDepart/add', edit: '/sys/sysDepart/edit' }}
      initialValues={{ orgCategory: parentName ? '2' : '1', departOrder: 0 }}
      toBody={(v) => ({ ...v, parentName: undefined })}
    >
      {() => (
        <>
          <Form.Item name="parentId" hidden>
            <Input />
          </Form.Item>
          <DepartFields />
        </>
      )}
    </CrudFormModal>
  );
}

function BasicInfo({ depart, onSaved }: { depart: DepartNode & Row; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ ...depart, departName: depart.departName ?? depart.title, orgCategory: String(depart.orgCategory ?? '') });
  }, [depart, form]);
  return (
    <Form form={form} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}>
      <DepartFields orgCode={depart.orgCode} />
      <Form.Item wrapperCol={{ sm: { offset: 5 } }}>
        <Space wrap>
          <Auth code={`${PERM}:edit`}>
            <Button
              type="primary"
              onClick={async () => {
                const v = await form.validateFields();
                const res = await putAction('/sys/sysDepart/edit', { ...v, id: depart.id, parentId: depart.parentId });
                if (res.success) {
                  message.success(res.message || '保存成功');
                  onSaved();
                } else message.warning(res.message);
              }}
            >
              保存
            </Button>
          </Auth>
          <ChangeLogButton recordType="sys_depart" recordId={depart.id} />
        </Space>
      </Form.Item>
    </Form>
  );
}

const roleColumns: ListColumn[] = [
  { title: '部门角色名称', dataIndex: 'roleName', search: 'like' },
  { title: '部门角色编码', dataIndex: 'roleCode' },
  { title: '描述', dataIndex: 'description' },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true },
];

function deptRoleForm(departId: string) {
  return function DeptRoleForm(props: FormModalProps<Row>) {
    return (
      <CrudFormModal
        {...props}
        title="部门角色"
        width={600}
        urls={{ add: '/sys/sysDepartRole/add', edit: '/sys/sysDepartRole/edit' }}
        toBody={(v) => ({ ...v, departId })}
      >
        {() => (
          <>
            <Form.Item name="roleName" label="部门角色名称" rules={[{ required: true, message: '请输入部门角色名称' }]}>
              <Input />
            </Form.Item>
            <Form.Item name="roleCode" label="部门角色编码" rules={[{ required: true, message: '请输入部门角色编码' }]}>
              <Input />
            </Form.Item>
            <Form.Item name="description" label="描述">
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
      </CrudFormModal>
    );
  };
}

function DeptRoles({ departId }: { departId: string }) {
  const [authRole, setAuthRole] = useState<Row | undefined>();
  const form = useMemo(() => deptRoleForm(departId), [departId]);
  const extra = useMemo(() => ({ deptId: departId }), [departId]);
  return (
    <>
      <ListPage
        columns={roleColumns}
        url={{ list: '/sys/sysDepartRole/list', delete: '/sys/sysDepartRole/delete', deleteBatch: '/sys/sysDepartRole/deleteBatch' }}
        extraParams={extra}
        syncUrl={false}
        superQuery={false}
        bordered={false}
        size="small"
        showDetail={false}
        form={form}
        auth={{ add: `${PERM}:role`, edit: `${PERM}:role`, delete: `${PERM}:role`, deleteBatch: `${PERM}:role` }}
        rowActions={(r) => (
          <Auth code={`${PERM}:auth`}>
            <a onClick={() => setAuthRole(r)}>授权</a>
          </Auth>
        )}
      />
      <Drawer
        title={authRole ? `部门角色权限配置：${String(authRole.roleName)}` : ''}
        open={!!authRole}
        width={Math.min(650, window.innerWidth)}
        onClose={() => setAuthRole(undefined)}
        destroyOnHidden
      >
        {authRole && (
          <PermissionTree
            treeUrl="/sys/sysDepartPermission/queryTreeListForDeptRole"
            treeParams={{ departId }}
            checkedUrl="/sys/sysDepartPermission/queryDeptRolePermission"
            checkedParams={{ roleId: authRole.id }}
            saveUrl="/sys/sysDepartPermission/saveDeptRolePermission"
            saveBody={{ roleId: authRole.id }}
          />
        )}
      </Drawer>
    </>
  );
}

function searchTree(nodes: DepartNode[], kw: string): DepartNode[] {
  if (!kw) return nodes;
  const out: DepartNode[] = [];
  for (const n of nodes) {
    const kids = searchTree(n.children ?? [], kw);
    if (n.title.includes(kw) || kids.length) out.push({ ...n, children: kids.length ? kids : n.children });
  }
  return out;
}

/** 部门管理: the department tree; basic info, department permissions and department roles. */
export default function DepartList() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const { nodes } = useDepartTree();
  const flat = useMemo(() => flatten(nodes), [nodes]);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [kw, setKw] = useState('');
  const [adding, setAdding] = useState<Row | undefined | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const selected = flat.find((n) => n.id === selectedId) as (DepartNode & Row) | undefined;
  const reload = () => void qc.invalidateQueries({ queryKey: ['departTree'] });

  return (
    <GridRow gutter={[12, 12]}>
      <Col xs={24} md={9} lg={8}>
        <Card variant="borderless">
          <Space wrap style={{ marginBottom: 12 }}>
            <Auth code={`${PERM}:add`}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(undefined)}>
                添加部门
              </Button>
            </Auth>
            <Auth code={`${PERM}:add`}>
              <Button
                onClick={() =>
                  selected ? setAdding({ parentId: selected.id, parentName: selected.title }) : message.warning('请先选择一个部门！')
                }
              >
                添加下级
              </Button>
            </Auth>
            <Auth code={`${PERM}:delete`}>
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => {
                  if (!selected) {
                    message.warning('请先选择一个部门！');
                    return;
                  }
                  modal.confirm({
                    title: '确认删除',
                    content: `确定要删除部门「${selected.title}」吗?`,
                    onOk: async () => {
                      const res = await deleteAction('/sys/sysDepart/delete', { id: selected.id });
                      if (res.success) {
                        message.success(res.message || '删除成功');
                        setSelectedId(undefined);
                        reload();
                      } else message.warning(res.message);
                    },
                  });
                }}
              >
                删除
              </Button>
            </Auth>
            <Auth code={`${PERM}:export`}>
              <Button icon={<DownloadOutlined aria-hidden />} data-testid="list-export" onClick={() => void downloadFile('/sys/sysDepart/exportXls', '部门信息')}>
                导出
              </Button>
            </Auth>
            <Auth code={`${PERM}:import`}>
              <Button icon={<UploadOutlined aria-hidden />} data-testid="list-import" onClick={() => setImportOpen(true)}>
                导入
              </Button>
            </Auth>
          </Space>
          <ImportExcelModal open={importOpen} url="/sys/sysDepart/importExcel" onClose={() => setImportOpen(false)} onImported={reload} />
          <Input.Search placeholder="请输入部门名称" allowClear onSearch={setKw} style={{ marginBottom: 8 }} />
          <div style={{ maxHeight: 'calc(100vh - 320px)', minHeight: 200, overflow: 'auto' }}>
            <Tree
              treeData={searchTree(nodes, kw)}
              defaultExpandAll
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(k) => setSelectedId(k[0] ? String(k[0]) : undefined)}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} md={15} lg={16}>
        <Card variant="borderless">
          {selected ? (
            <Tabs
              items={[
                { key: 'info', label: '基本信息', children: <BasicInfo depart={selected} onSaved={reload} /> },
                {
                  key: 'perm',
                  label: '部门权限',
                  children: (
                    <PermissionTree
                      saveAuth={`${PERM}:auth`}
                      treeUrl="/sys/role/queryTreeList"
                      checkedUrl="/sys/permission/queryDepartPermission"
                      checkedParams={{ departId: selected.id }}
                      saveUrl="/sys/permission/saveDepartPermission"
                      saveBody={{ departId: selected.id }}
                    />
                  ),
                },
                { key: 'roles', label: '部门角色', children: <DeptRoles departId={selected.id} /> },
              ]}
            />
          ) : (
            <Empty description="请先在左侧选择一个部门" />
          )}
        </Card>
      </Col>
      {adding !== null && (
        <DepartAddForm
          open
          mode="add"
          record={adding}
          onClose={(saved) => {
            setAdding(null);
            if (saved) reload();
          }}
        />
      )}
    </GridRow>
  );
}
