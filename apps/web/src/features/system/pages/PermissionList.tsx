import { Drawer, Form, Input, InputNumber, Radio, Select, Switch, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { getAction } from '../../../app/http/client';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { EnumOption, ListColumn, Row } from '../../../components/list/types';
import { flag } from '../components/formValues';
import { listAuth } from '../components/perms';

const PERM = 'system:permission';

const MENU_TYPES: EnumOption[] = [
  { value: '0', text: '菜单', color: 'blue' },
  { value: '1', text: '菜单', color: 'cyan' },
  { value: '2', text: '按钮/权限', color: 'orange' },
];
const PERMS_TYPES: EnumOption[] = [
  { value: '1', text: '可见/可访问(授权后可见/可访问)' },
  { value: '2', text: '可编辑(未授权时禁用)' },
];
const STATUS: EnumOption[] = [
  { value: '1', text: '有效', color: 'green' },
  { value: '0', text: '无效' },
];
const FLAGS = ['route', 'hidden', 'keepAlive', 'alwaysShow', 'internalOrExternal'];

const columns: ListColumn[] = [
  { title: '菜单名称', dataIndex: 'name', align: 'left', width: 220, search: 'eq' },
  {
    title: '菜单类型',
    dataIndex: 'menuType',
    options: MENU_TYPES,
  },
  { title: '图标', dataIndex: 'icon' },
  { title: '组件', dataIndex: 'component', ellipsis: true },
  { title: '路径', dataIndex: 'url', ellipsis: true },
  { title: '授权标识', dataIndex: 'perms' },
  { title: '授权策略', dataIndex: 'permsType', options: PERMS_TYPES, hideInTable: true },
  { title: '状态', dataIndex: 'status', options: STATUS, hideInTable: true },
  { title: '排序', dataIndex: 'sortNo', type: 'number' },
];

interface MenuOpt {
  value: string;
  title: string;
  children?: MenuOpt[];
}

function menuOptions(raw: unknown): MenuOpt[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((n: Record<string, unknown>) => String(n.menuType) !== '2')
    .map((n: Record<string, unknown>) => {
      const kids = menuOptions(n.children);
      return { value: String(n.id ?? n.key), title: String(n.name ?? n.title ?? ''), children: kids.length ? kids : undefined };
    });
}

function PermissionForm(props: FormModalProps<Row>) {
  const menus = useQuery({
    queryKey: ['permissionMenus'],
    queryFn: async () => {
      const res = await getAction('/sys/permission/list');
      return res.success ? menuOptions(Array.isArray(res.result) ? res.result : (res.result as { records?: unknown })?.records) : [];
    },
  });
  return (
    <CrudFormModal
      {...props}
      title="菜单"
      width={800}
      urls={{ add: '/sys/permission/add', edit: '/sys/permission/edit' }}
      initialValues={{ menuType: '0', route: true, status: '1', permsType: '1', sortNo: 1 }}
      toForm={(r) => ({
        ...r,
        menuType: String(r.menuType ?? '0'),
        permsType: String(r.permsType ?? '1'),
        status: String(r.status ?? '1'),
        ...Object.fromEntries(FLAGS.map((f) => [f, flag(r[f]) === 1])),
      })}
      toBody={(v) => ({ ...v, menuType: Number(v.menuType), ...Object.fromEntries(FLAGS.map((f) => [f, flag(v[f])])) })}
    >
      {(form) => (
        <>
          <Form.Item name="menuType" label="菜单类型">
            <Radio.Group>
              <Radio value="0">一级菜单</Radio>
              <Radio value="1">子菜单</Radio>
              <Radio value="2">按钮/权限</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.menuType !== b.menuType}>
            {() => {
              const type = String(form.getFieldValue('menuType'));
              const button = type === '2';
              return (
                <>
                  <Form.Item
                    name="name"
                    label={button ? '按钮/权限' : '菜单名称'}
                    rules={[{ required: true, message: button ? '请输入按钮/权限名称' : '请输入菜单名称' }]}
                  >
                    <Input />
                  </Form.Item>
                  {type !== '0' && (
                    <Form.Item name="parentId" label="上级菜单" rules={[{ required: true, message: '请选择上级菜单' }]}>
                      <TreeSelect treeData={menus.data ?? []} listHeight={400} showSearch treeNodeFilterProp="title" allowClear />
                    </Form.Item>
                  )}
                  {button ? (
                    <>
                      <Form.Item name="perms" label="授权标识" rules={[{ required: true, message: '请输入授权标识' }]}>
                        <Input placeholder="如 user:add" />
                      </Form.Item>
                      <Form.Item name="permsType" label="授权策略">
                        <Radio.Group options={PERMS_TYPES.map((o) => ({ value: o.value, label: o.text }))} />
                      </Form.Item>
                      <Form.Item name="status" label="状态">
                        <Radio.Group options={STATUS.map((o) => ({ value: o.value, label: o.text }))} />
                      </Form.Item>
                    </>
                  ) : (
                    <>
                      <Form.Item name="url" label="访问路径" rules={[{ required: true, message: '请输入访问路径' }]}>
                        <Input placeholder="/isystem/user" />
                      </Form.Item>
                      <Form.Item name="component" label="前端组件" rules={[{ required: true, message: '请输入前端组件' }]}>
                        <Input placeholder="system/UserList 或 layouts/RouteView" />
                      </Form.Item>
                      <Form.Item name="componentName" label="组件名称">
                        <Input />
                      </Form.Item>
                      {type === '0' && (
                        <Form.Item name="redirect" label="默认跳转地址">
                          <Input />
                        </Form.Item>
                      )}
                      <Form.Item name="icon" label="菜单图标">
                        <Input placeholder="如 setting、user" />
                      </Form.Item>
                      <Form.Item name="sortNo" label="排序">
                        <InputNumber precision={1} />
                      </Form.Item>
                      {(
                        [
                          ['route', '是否路由菜单'],
                          ['hidden', '隐藏路由'],
                          ['keepAlive', '是否缓存路由'],
                          ['alwaysShow', '聚合路由'],
                          ['internalOrExternal', '打开方式(外部)'],
                        ] as const
                      ).map(([name, label]) => (
                        <Form.Item key={name} name={name} label={label} valuePropName="checked">
                          <Switch />
                        </Form.Item>
                      ))}
                    </>
                  )}
                </>
              );
            }}
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

const RULE_CONDITIONS = ['>', '>=', '<', '<=', '=', '!=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'USE_SQL_RULES'].map((v) => ({
  value: v,
  label: v,
}));

const ruleColumns: ListColumn[] = [
  { title: '规则名称', dataIndex: 'ruleName' },
  { title: '规则字段', dataIndex: 'ruleColumn' },
  { title: '条件', dataIndex: 'ruleConditions' },
  { title: '规则值', dataIndex: 'ruleValue' },
  { title: '状态', dataIndex: 'status', options: STATUS },
];

function ruleForm(permissionId: string) {
  return function RuleForm(props: FormModalProps<Row>) {
    return (
      <CrudFormModal
        {...props}
        title="数据规则"
        width={600}
        urls={{ add: '/sys/permission/addPermissionRule', edit: '/sys/permission/editPermissionRule' }}
        initialValues={{ status: '1', ruleConditions: '=' }}
        toForm={(r) => ({ ...r, status: String(r.status ?? '1') })}
        toBody={(v) => ({ ...v, permissionId })}
      >
        {() => (
          <>
            <Form.Item name="ruleName" label="规则名称" rules={[{ required: true, message: '请输入规则名称' }]}>
              <Input />
            </Form.Item>
            <Form.Item name="ruleColumn" label="规则字段">
              <Input placeholder="如 sysOrgCode（条件为 USE_SQL_RULES 时可空）" />
            </Form.Item>
            <Form.Item name="ruleConditions" label="条件规则" rules={[{ required: true, message: '请选择条件规则' }]}>
              <Select options={RULE_CONDITIONS} />
            </Form.Item>
            <Form.Item
              name="ruleValue"
              label="规则值"
              rules={[{ required: true, message: '请输入规则值' }]}
              extra="可用系统变量：#{sys_user_code} #{sys_user_name} #{sys_org_code} #{sys_multi_org_code} #{sys_date} #{sys_time} #{tenant_id}"
            >
              <Input />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Radio.Group options={STATUS.map((o) => ({ value: o.value, label: o.text }))} />
            </Form.Item>
          </>
        )}
      </CrudFormModal>
    );
  };
}

function DataRules({ menu, onClose }: { menu?: Row; onClose: () => void }) {
  const id = menu ? String(menu.id) : '';
  const form = useMemo(() => ruleForm(id), [id]);
  const extra = useMemo(() => ({ permissionId: id }), [id]);
  return (
    <Drawer title={menu ? `数据权限规则：${String(menu.name)}` : ''} open={!!menu} width={Math.min(800, window.innerWidth)} onClose={onClose} destroyOnHidden>
      {menu && (
        <ListPage
          columns={ruleColumns}
          url={{ list: '/sys/permission/getPermRuleListByPermId', delete: '/sys/permission/deletePermissionRule' }}
          extraParams={extra}
          syncUrl={false}
          superQuery={false}
          hideSearch
          bordered={false}
          size="small"
          pagination={false}
          selection={false}
          showDetail={false}
          form={form}
          auth={{ add: `${PERM}:datarule`, edit: `${PERM}:datarule`, delete: `${PERM}:datarule` }}
        />
      )}
    </Drawer>
  );
}

/** 菜单管理: the menu and button tree (menu types, perms, perms_type, status) and data rules. */
export default function PermissionList() {
  const [ruleMenu, setRuleMenu] = useState<Row | undefined>();
  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: '/sys/permission/list', delete: '/sys/permission/delete', deleteBatch: '/sys/permission/deleteBatch' }}
        form={PermissionForm}
        pagination={false}
        superQuery={false}
        defaultSort={{ column: 'sortNo', order: 'asc' }}
        auth={listAuth('permission')}
        rowMenu={(r, h) =>
          String(r.menuType) === '2'
            ? []
            : [
                { key: 'child', label: '添加下级', auth: `${PERM}:add`, onClick: () => h.openAdd({ menuType: '1', parentId: String(r.id) } as Row) },
                { key: 'rules', label: '数据规则', auth: `${PERM}:datarule`, onClick: () => setRuleMenu(r) },
              ]
        }
      />
      <DataRules menu={ruleMenu} onClose={() => setRuleMenu(undefined)} />
    </>
  );
}
