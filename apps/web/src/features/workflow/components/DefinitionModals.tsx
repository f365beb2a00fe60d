import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { getAction } from '../../../app/http/client';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import type { Row as ListRow } from '../../../components/list/types';
import { DepartPicker } from '../../../components/pickers/DepartPicker';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
import type { Definition, DefinitionNode, NodeRule } from '../api';
import { wfApi } from '../api';
import { BpmnDiagram } from './BpmnDiagram';

type DefinitionRow = Definition & ListRow;
/** A definition as the dialog's record (the same object, so the dialog loads once per opening). */
const asRow = (d: Definition | null) => (d ?? undefined) as DefinitionRow | undefined;

export const CATEGORY_OPTIONS = ['行政', '人事', '财务', '采购', '资产'].map((value) => ({ value }));

/** Candidate rule types of a user task (workflow-semantics §1). */
export const RULE_TYPES = [
  { value: 0, label: '角色' },
  { value: 1, label: '指定用户' },
  { value: 2, label: '部门成员' },
  { value: 3, label: '发起人' },
  { value: 4, label: '发起人的部门负责人' },
  { value: 5, label: '指定部门的负责人' },
  { value: 6, label: '表单字段' },
];
export const EMPTY_POLICIES = [
  { value: 'admin', label: '转交管理员' },
  { value: 'skip', label: '自动跳过' },
  { value: 'cancel', label: '自动取消流程' },
  { value: 'error', label: '提示错误，不能提交' },
];
export const REPEAT_POLICIES = [
  { value: 'again', label: '仍需再次审批' },
  { value: 'auto', label: '自动通过' },
];

export function useRoleOptions() {
  return (
    useQuery({
      queryKey: ['wfRoles'],
      staleTime: 60_000,
      queryFn: async () => {
        const res = await getAction<{ roleCode: string; roleName: string }[]>('/sys/role/queryall');
        return res.success && Array.isArray(res.result)
          ? res.result.map((r) => ({ value: r.roleCode, label: r.roleName }))
          : [];
      },
    }).data ?? []
  );
}

export function useFormTypeOptions() {
  return (
    useQuery({
      queryKey: ['wfFormTypes'],
      staleTime: 60_000,
      queryFn: async () => {
        const res = await wfApi.formTypes();
        return res.success && Array.isArray(res.result)
          ? res.result.map((f) => ({ value: f.tableName, label: `${f.label}（${f.tableName}）` }))
          : [];
      },
    }).data ?? []
  );
}

/** The diagram of a definition. */
export function DiagramModal({ def, onClose }: { def: Definition | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['wfDefinition', def?.id],
    enabled: !!def,
    queryFn: async () => {
      const res = await wfApi.definition(def!.id);
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
  });
  return (
    <Modal
      title={`流程图：${def?.name ?? ''} v${def?.version ?? ''}`}
      open={!!def}
      width="80%"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={q.isFetching}>
        {q.data?.xml ? <BpmnDiagram xml={q.data.xml} height={480} /> : <div style={{ height: 200 }} />}
      </Spin>
    </Modal>
  );
}

/** Upload or edit BPMN 2.0 XML; deploying makes a new version of the process key. */
export function DeployModal({
  base,
  open,
  onClose,
}: {
  base: Definition | null;
  open: boolean;
  onClose: (changed: boolean) => void;
}) {
  const roles = useRoleOptions();
  const formTypes = useFormTypeOptions();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (open) setPreview(null);
  }, [open]);

  return (
    <CrudFormModal<DefinitionRow>
      open={open}
      mode={base ? 'edit' : 'add'}
      record={asRow(base)}
      onClose={onClose}
      title="流程定义"
      modalTitle={base ? `编辑流程定义（部署为新版本）：${base.name}` : '部署流程定义'}
      width="80%"
      maskClosable={false}
      okText="部署"
      layout="vertical"
      failure="error"
      successText="部署成功"
      // editing starts from the stored XML and settings of the version
      toForm={async (b) => {
        const res = await wfApi.definition(b.id).catch(() => null);
        if (!res?.success) return {};
        return {
          xml: res.result.xml,
          name: res.result.name,
          description: res.result.description,
          categoryId: res.result.categoryId,
          businessTable: res.result.businessTable ?? undefined,
          roles: (res.result.roles ?? '').split(',').filter(Boolean),
        };
      }}
      save={(v) =>
        wfApi.deploy({
          xml: String(v.xml),
          name: (v.name as string) || undefined,
          description: (v.description as string) || undefined,
          categoryId: (v.categoryId as string) || undefined,
          businessTable: (v.businessTable as string) || undefined,
          roles: Array.isArray(v.roles) ? v.roles.join(',') : undefined,
        })
      }
    >
      {(form) => (
        <>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="name" label="流程名称">
                <Input placeholder="不填则取 BPMN 中的名称" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="categoryId" label="分类">
                <AutoComplete options={CATEGORY_OPTIONS} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="businessTable" label="表单类型">
                <Select allowClear options={formTypes} placeholder="请选择" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="roles" label="可发起角色（不选则所有人可发起）">
                <Select
                  mode="multiple"
                  allowClear
                  options={roles}
                  placeholder="请选择"
                  optionFilterProp="label"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="description" label="描述">
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="xml"
            label={
              <Space>
                <span>BPMN 2.0 XML</span>
                <Upload
                  accept=".bpmn,.xml"
                  showUploadList={false}
                  beforeUpload={async (file) => {
                    form.setFieldsValue({ xml: await file.text() });
                    return false;
                  }}
                >
                  <Button size="small" icon={<UploadOutlined />}>
                    上传文件
                  </Button>
                </Upload>
                <Button size="small" onClick={() => setPreview(String(form.getFieldValue('xml') ?? ''))}>
                  预览流程图
                </Button>
              </Space>
            }
            rules={[{ required: true, whitespace: true, message: '流程定义XML不能为空' }]}
          >
            <Input.TextArea rows={14} spellCheck={false} style={{ fontFamily: 'monospace', fontSize: 12 }} />
          </Form.Item>
          {preview && <BpmnDiagram xml={preview} height={360} />}
        </>
      )}
    </CrudFormModal>
  );
}

/** Form type, start roles, category, name and description of one version. */
export function InfoModal({ def, onClose }: { def: Definition | null; onClose: (changed: boolean) => void }) {
  const roles = useRoleOptions();
  const formTypes = useFormTypeOptions();
  return (
    <CrudFormModal<DefinitionRow>
      open={!!def}
      mode="edit"
      record={asRow(def)}
      onClose={onClose}
      title="流程设置"
      modalTitle={`流程设置：${def?.name ?? ''} v${def?.version ?? ''}`}
      width={640}
      layout="vertical"
      failure="error"
      successText="修改成功"
      toForm={(d) => ({
        name: d.name,
        description: d.description,
        categoryId: d.categoryId,
        businessTable: d.businessTable ?? undefined,
        roles: (d.roles ?? '').split(',').filter(Boolean),
      })}
      save={(v, _mode, d) =>
        wfApi.updateInfo({
          id: d!.id,
          name: v.name as string,
          description: (v.description as string) ?? '',
          categoryId: (v.categoryId as string) ?? '',
          businessTable: (v.businessTable as string) ?? '',
          roles: ((v.roles as string[] | undefined) ?? []).join(','),
        })
      }
    >
      {() => (
        <>
          <Form.Item name="name" label="流程名称" rules={[{ required: true, message: '请输入流程名称' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="businessTable" label="表单类型">
            <Select allowClear options={formTypes} placeholder="请选择" />
          </Form.Item>
          <Form.Item name="roles" label="可发起角色（不选则所有人可发起）">
            <Select mode="multiple" allowClear options={roles} optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="categoryId" label="分类">
            <AutoComplete options={CATEGORY_OPTIONS} allowClear />
          </Form.Item>
          <Form.Item name="description" label="描述">
            <Input.TextArea rows={3} />
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

function RuleObject({
  rule,
  onChange,
  roles,
}: {
  rule: NodeRule;
  onChange: (relateId: string | null) => void;
  roles: { value: string; label: string }[];
}) {
  const v = rule.relateId ?? undefined;
  switch (rule.type) {
    case 0:
      return (
        <Select
          style={{ width: '100%' }}
          mode="multiple"
          options={roles}
          value={v ? v.split(',') : []}
          onChange={(x: string[]) => onChange(x.join(',') || null)}
          placeholder="请选择角色"
        />
      );
    case 1:
      return (
        <UserByDepPicker
          allDeparts
          value={v}
          onChange={(x) => onChange(x ?? null)}
          placeholder="请选择用户"
        />
      );
    case 2:
    case 5:
      return <DepartPicker multi store="orgCode" value={v} onChange={(x) => onChange(x ?? null)} />;
    case 6:
      return (
        <Input
          value={v}
          onChange={(e) => onChange(e.target.value || null)}
          placeholder="字段[:user/role/dept/deptManage]，如 approver:user"
        />
      );
    default:
      return <Typography.Text type="secondary">无需选择</Typography.Text>;
  }
}

/** Candidate rules and policies of one user task. */
function NodeEditor({
  procDefId,
  node,
  onSaved,
}: {
  procDefId: string;
  node: DefinitionNode;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const roles = useRoleOptions();
  const [rules, setRules] = useState<NodeRule[]>(node.rules ?? []);
  const [emptyPolicy, setEmptyPolicy] = useState(node.emptyPolicy ?? 'admin');
  const [repeatPolicy, setRepeatPolicy] = useState(node.repeatPolicy ?? 'again');
  const [chooseMark, setChooseMark] = useState(node.chooseMark === 1);
  const [commentRequired, setCommentRequired] = useState(node.commentRequired === 1);
  const [allowInitiator, setAllowInitiator] = useState(node.allowInitiator === 1);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const res = await wfApi.editNode({
        procDefId,
        nodeId: node.id,
        rules,
        emptyPolicy,
        repeatPolicy,
        chooseMark: chooseMark ? 1 : 0,
        commentRequired: commentRequired ? 1 : 0,
        allowInitiator: allowInitiator ? 1 : 0,
      });
      if (res.success) {
        message.success(res.message || '操作成功');
        onSaved();
      } else message.error(res.message);
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      size="small"
      title={`${node.title}（${node.id}）`}
      style={{ marginBottom: 12 }}
      extra={
        <Button type="primary" size="small" loading={saving} onClick={save}>
          保存
        </Button>
      }
    >
      {rules.map((r, i) => (
        <Row key={i} gutter={8} style={{ marginBottom: 8 }} align="middle">
          <Col xs={24} sm={7}>
            <Select
              style={{ width: '100%' }}
              options={RULE_TYPES}
              value={r.type}
              onChange={(type: number) =>
                setRules(rules.map((x, k) => (k === i ? { type, relateId: null } : x)))
              }
            />
          </Col>
          <Col xs={20} sm={14}>
            <RuleObject
              rule={r}
              roles={roles}
              onChange={(relateId) => setRules(rules.map((x, k) => (k === i ? { ...x, relateId } : x)))}
            />
          </Col>
          <Col xs={4} sm={3}>
            <Button danger type="link" onClick={() => setRules(rules.filter((_x, k) => k !== i))}>
              删除
            </Button>
          </Col>
        </Row>
      ))}
      <Button
        type="dashed"
        block
        onClick={() => setRules([...rules, { type: 0, relateId: null }])}
        style={{ marginBottom: 12 }}
      >
        添加审批人规则
      </Button>
      <Row gutter={[16, 8]}>
        <Col xs={24} md={12}>
          <Space>
            <span>找不到审批人时：</span>
            <Select
              style={{ width: 180 }}
              options={EMPTY_POLICIES}
              value={emptyPolicy}
              onChange={setEmptyPolicy}
            />
          </Space>
        </Col>
        <Col xs={24} md={12}>
          <Space>
            <span>审批人已审批过：</span>
            <Select
              style={{ width: 160 }}
              options={REPEAT_POLICIES}
              value={repeatPolicy}
              onChange={setRepeatPolicy}
            />
          </Space>
        </Col>
        <Col xs={24} md={12}>
          <Space>
            <Switch checked={chooseMark} onChange={setChooseMark} />
            <span>由上一步选择审批人</span>
          </Space>
        </Col>
        <Col xs={24} md={12}>
          <Space>
            <Switch checked={commentRequired} onChange={setCommentRequired} />
            <span>审批意见必填</span>
          </Space>
        </Col>
        <Col xs={24} md={12}>
          <Space>
            <Switch checked={allowInitiator} onChange={setAllowInitiator} aria-label="允许申请人本人处理" aria-describedby={`allow-initiator-${node.id}`} />
            <span>允许申请人本人处理</span>
          </Space>
          <div id={`allow-initiator-${node.id}`} style={{ color: 'rgba(0,0,0,0.65)', fontSize: 12 }}>
            默认申请人不能审批自己的申请；仅“重新提交”等需申请人本人办理的环节才打开
          </div>
        </Col>
      </Row>
    </Card>
  );
}

/** 节点设置: every user task of a version with its candidate rules and policies. */
export function NodesModal({ def, onClose }: { def: Definition | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['wfNodes', def?.id],
    enabled: !!def,
    staleTime: 0,
    queryFn: async () => {
      const res = await wfApi.nodes(def!.id);
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
  });
  const users = (q.data ?? []).filter((n) => n.type === 1);
  return (
    <Modal
      title={`节点审批人设置：${def?.name ?? ''} v${def?.version ?? ''}`}
      open={!!def}
      width="80%"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={q.isFetching}>
        {q.isError && <Typography.Text type="danger">{(q.error as Error).message}</Typography.Text>}
        {!q.isFetching && !users.length && <Empty description="没有用户任务节点" />}
        {def &&
          users.map((n) => (
            <NodeEditor key={n.id} procDefId={def.id} node={n} onSaved={() => void q.refetch()} />
          ))}
      </Spin>
    </Modal>
  );
}

/** Every version of a process key. */
export function VersionsModal({
  def,
  onClose,
  onDiagram,
}: {
  def: Definition | null;
  onClose: () => void;
  onDiagram: (d: Definition) => void;
}) {
  const q = useQuery({
    queryKey: ['wfVersions', def?.processKey],
    enabled: !!def,
    staleTime: 0,
    queryFn: async () => {
      const res = await wfApi.versions(def!.processKey);
      return res.success && Array.isArray(res.result) ? res.result : [];
    },
  });
  return (
    <Modal
      title={`版本：${def?.name ?? ''}（${def?.processKey ?? ''}）`}
      open={!!def}
      width={760}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<Definition>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 600 }}
        columns={[
          {
            title: '版本',
            dataIndex: 'version',
            width: 90,
            render: (v: number, r) => (
              <span>
                v{v} {r.latest === 1 && <Tag color="blue">最新</Tag>}
              </span>
            ),
          },
          { title: '名称', dataIndex: 'name' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (v: number) => (
              <Tag color={v === 1 ? 'green' : 'orange'}>{v === 1 ? '激活' : '挂起'}</Tag>
            ),
          },
          { title: '部署时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'a',
            width: 80,
            render: (_v, r) => <a onClick={() => onDiagram(r)}>流程图</a>,
          },
        ]}
      />
    </Modal>
  );
}
