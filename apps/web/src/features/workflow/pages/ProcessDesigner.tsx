import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { UploadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Card, Checkbox, Divider, Empty, Form, Input, InputNumber, Radio, Select, Space, Switch, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { engineApi } from '../engine/engineApi';
import {
  decisionProblems,
  engineNamespace,
  formPropertyOf,
  keptExtensions,
  parseMappings,
  ratioCondition,
  readProps,
  setEngineAttr,
  STARTER_XML,
  timerText,
  type BusinessObject,
  type DecisionFieldDraft,
  type NodeProps,
  type SignMode,
  type TimeoutAction,
  type TimerDraft,
  type TimeUnit,
} from '../engine/designerModel';
import { executableProcess, prepareForDeploy, restoreUnresolvedReferences, saveFaithfully, withDiagram, type ModdleNode, type ReadWarning } from '../engine/designerXml';
import '../workflow.css';
import '../engine/designer.css';

interface Shape {
  id: string;
  type: string;
  businessObject: BusinessObject;
}
interface Modeling {
  updateProperties(element: Shape, props: Record<string, unknown>): void;
}
interface Moddle {
  create(type: string, attrs?: Record<string, unknown>): unknown;
  createAny(name: string, nsUri: string, props?: Record<string, unknown>): unknown;
}
interface EventBus {
  on(event: string, cb: (e: { newSelection?: Shape[]; element?: Shape }) => void): void;
}
interface Canvas {
  zoom(level: 'fit-viewport' | number, center?: 'auto'): number;
  getRootElement(): Shape;
}

const UNITS: { value: TimeUnit; label: string }[] = [
  { value: 'M', label: '分钟' },
  { value: 'H', label: '小时' },
  { value: 'D', label: '天' },
];

/** An amount and a unit (or a fixed date-time) for a due date or a timer. */
function TimerInput({ id, value, onChange, allowDate }: { id: string; value: TimerDraft | null; onChange: (v: TimerDraft | null) => void; allowDate?: boolean }) {
  const v = value ?? { kind: 'duration' as const, amount: null, unit: 'H' as TimeUnit, text: '' };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {allowDate && (
        <Radio.Group
          aria-label="定时方式"
          value={v.kind}
          onChange={(e) => onChange({ ...v, kind: e.target.value as 'duration' | 'date', amount: e.target.value === 'duration' ? (v.amount ?? 1) : null, text: '' })}
          options={[
            { label: '等待时长', value: 'duration' },
            { label: '固定时间点', value: 'date' },
          ]}
        />
      )}
      {v.kind === 'date' ? (
        <Input id={id} placeholder="2026-12-01T09:00:00" value={v.text} onChange={(e) => onChange({ ...v, text: e.target.value })} />
      ) : v.amount === null && v.text ? (
        <Input id={id} value={v.text} onChange={(e) => onChange(e.target.value.trim() ? { ...v, text: e.target.value } : null)} />
      ) : (
        <Space.Compact>
          <InputNumber id={id} min={1} max={9999} placeholder="不限" value={v.amount ?? undefined} onChange={(n) => onChange(n ? { ...v, kind: 'duration', amount: Number(n), text: '' } : null)} />
          <Select aria-label="时间单位" style={{ width: 80 }} value={v.unit} onChange={(unit) => onChange({ ...v, amount: v.amount ?? 1, unit })} options={UNITS} />
        </Space.Compact>
      )}
    </Space>
  );
}

/** The decision fields of a user task: 变量名, 显示名, type, options, required. */
function DecisionFieldsEditor({ value, onChange }: { value: DecisionFieldDraft[]; onChange: (v: DecisionFieldDraft[]) => void }) {
  const set = (i: number, patch: Partial<DecisionFieldDraft>) => onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const problems = decisionProblems(value);
  return (
    <div data-testid="prop-decisions">
      {value.map((f, i) => (
        <div key={i} className="wf-designer-decision">
          <Space.Compact style={{ width: '100%' }}>
            <Input aria-label={`决定字段${i + 1}变量名`} placeholder="变量名，如 approved" value={f.name} onChange={(e) => set(i, { name: e.target.value })} />
            <Input aria-label={`决定字段${i + 1}显示名`} placeholder="显示名，如 是否同意" value={f.label} onChange={(e) => set(i, { label: e.target.value })} />
          </Space.Compact>
          <Space wrap style={{ marginTop: 4 }}>
            <Select
              aria-label={`决定字段${i + 1}类型`}
              style={{ width: 90 }}
              value={f.type}
              onChange={(type) => set(i, { type })}
              options={[
                { value: 'radio', label: '单选' },
                { value: 'text', label: '文本' },
                { value: 'number', label: '数字' },
              ]}
            />
            <Checkbox checked={f.required} onChange={(e) => set(i, { required: e.target.checked })}>
              必填
            </Checkbox>
            <Button size="small" danger onClick={() => onChange(value.filter((_, j) => j !== i))}>
              删除
            </Button>
          </Space>
          {f.type === 'radio' && (
            <Input style={{ marginTop: 4 }} aria-label={`决定字段${i + 1}选项`} placeholder="yes:同意, no:不同意" value={f.options} onChange={(e) => set(i, { options: e.target.value })} />
          )}
        </div>
      ))}
      <Button size="small" onClick={() => onChange([...value, { name: value.length ? `decision${value.length + 1}` : 'approved', label: '是否同意', type: 'radio', options: 'true:同意, false:不同意', required: true }])}>
        添加决定字段
      </Button>
      {problems.length > 0 && <Alert style={{ marginTop: 8 }} type="warning" showIcon message={problems.join('；')} />}
    </div>
  );
}

/**
 * 流程设计: the bpmn-js modeler with a properties panel for what the engine runs — approvers
 * (assignee, candidate users, candidate role codes), countersign 会签 (parallel or sequential, pass ratio),
 * decision fields, due dates with the timeout action, boundary timers, called processes with their
 * variables, and the outcome of end events. Deploying creates a new version; running instances keep theirs.
 */
export default function ProcessDesigner() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const host = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<Shape | null>(null);
  const [props, setProps] = useState<NodeProps | null>(null);
  const [processKey, setProcessKey] = useState('new_process');
  const [processName, setProcessName] = useState('新流程');
  const [formType, setFormType] = useState<string | undefined>(undefined);
  const [formTypes, setFormTypes] = useState<{ tableName: string; label: string }[]>([]);
  const [deploying, setDeploying] = useState(false);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string; warnings?: string[] } | null>(null);

  useEffect(() => {
    void engineApi.formTypes().then((r) => {
      if (r.success && r.result) {
        setFormTypes(r.result);
        setFormType((v) => v ?? r.result![0]?.tableName);
      }
    });
  }, []);

  useEffect(() => {
    if (!host.current) return;
    // no engine moddle extension: activiti:/flowable:/camunda: content is read and written back as it is
    const m = new Modeler({ container: host.current });
    modeler.current = m;
    let live = true;
    const load = async () => {
      let xml = STARTER_XML;
      const id = params.get('id');
      if (id) {
        const r = await engineApi.definition(id);
        if (r.success && r.result) {
          xml = r.result.xml;
          if (r.result.businessTable) setFormType(r.result.businessTable);
        } else message.warning(r.message);
      }
      if (live) await openXml(m, xml);
    };
    load().catch((e: unknown) => message.error(`流程图加载失败：${e instanceof Error ? e.message : String(e)}`));
    m.get<EventBus>('eventBus').on('selection.changed', (e) => {
      const el = e.newSelection?.length === 1 ? e.newSelection[0] : null;
      setSelected(el);
      setProps(el ? readProps(el.businessObject) : null);
    });
    return () => {
      live = false;
      m.destroy();
      modeler.current = null;
    };
  }, [params, message]);

  /**
   * Shows a file in the modeler as it is (a diagram is laid out only when the file has none); the process key
   * and name come from the process the file deploys.
   */
  const openXml = async (m: Modeler, xml: string) => {
    const { warnings } = await m.importXML(await withDiagram(xml));
    restoreUnresolvedReferences(warnings as unknown as ReadWarning[], m.get<Moddle>('moddle'));
    const proc = executableProcess(m.getDefinitions() as unknown as ModdleNode);
    setProcessKey(proc?.id ?? 'new_process');
    setProcessName(proc?.name ?? proc?.id ?? '');
    setSelected(null);
    setProps(null);
    m.get<Canvas>('canvas').zoom('fit-viewport', 'auto');
  };

  /** 打开文件: a BPMN 2.0 file from this computer (Activiti, Flowable, Camunda or bpmn.io), kept as written. */
  const openFile = async (file: File) => {
    const m = modeler.current;
    if (!m) return;
    try {
      await openXml(m, await file.text());
      setResult(null);
      message.success(`已打开 ${file.name}`);
    } catch (e) {
      message.error(`流程图加载失败：${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const modeling = () => modeler.current!.get<Modeling>('modeling');

  /** Applies one property to the selected element and refreshes the panel. */
  const change = (patch: Partial<NodeProps>) => {
    if (!selected || !props) return;
    const next = { ...props, ...patch };
    const bo = selected.businessObject;
    if (patch.name !== undefined) modeling().updateProperties(selected, { name: patch.name });
    for (const key of ['assignee', 'candidateUsers', 'candidateGroups'] as const) if (patch[key] !== undefined) setEngineAttr(bo, key, patch[key]!);
    if (patch.signMode !== undefined || patch.passRatio !== undefined) {
      const moddle = modeler.current!.get<Moddle>('moddle');
      if (!next.signMode) modeling().updateProperties(selected, { loopCharacteristics: undefined });
      else {
        const cond = ratioCondition(next.passRatio);
        const loop = moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
          isSequential: next.signMode === 'sequential',
          ...(cond ? { completionCondition: moddle.create('bpmn:FormalExpression', { body: cond }) } : {}),
        });
        modeling().updateProperties(selected, { loopCharacteristics: loop });
      }
    }
    if (patch.outcome !== undefined) {
      if (patch.outcome === 'rejected') bo.$attrs['wf:outcome'] = 'rejected';
      else delete bo.$attrs['wf:outcome'];
    }
    if (patch.due !== undefined || patch.timeoutAction !== undefined) {
      const due = timerText(next.due);
      setEngineAttr(bo, 'dueDate', due ?? '');
      if (due) bo.$attrs['wf:timeoutAction'] = next.timeoutAction;
      else delete bo.$attrs['wf:timeoutAction'];
    }
    const moddle = modeler.current!.get<Moddle>('moddle');
    const ns = engineNamespace(bo);
    const ext = (local: string, props: Record<string, unknown>) => moddle.createAny(`${ns.prefix}:${local}`, ns.uri, props);
    if (patch.decisionFields !== undefined) {
      replaceExtensions(['formProperty'], next.decisionFields.map((f) => {
        const { values, ...fp } = formPropertyOf(f);
        return ext('formProperty', values.length ? { ...fp, $children: values.map((v) => ext('value', v)) } : fp);
      }));
    }
    if (patch.ins !== undefined || patch.outs !== undefined) {
      replaceExtensions(['in', 'out'], [...parseMappings(next.ins).map((m) => ext('in', m)), ...parseMappings(next.outs).map((m) => ext('out', m))]);
    }
    if (patch.calledElement !== undefined) modeling().updateProperties(selected, { calledElement: patch.calledElement.trim() || undefined });
    if (patch.timer !== undefined) {
      const text = timerText(next.timer);
      const expr = text ? moddle.create('bpmn:FormalExpression', { body: text }) : undefined;
      const def = moddle.create('bpmn:TimerEventDefinition', next.timer?.kind === 'date' ? { timeDate: expr } : { timeDuration: expr });
      modeling().updateProperties(selected, { eventDefinitions: [def] });
    }
    if (patch.interrupting !== undefined) modeling().updateProperties(selected, { cancelActivity: patch.interrupting });
    setProps(next);
  };

  /** Replaces the engine extension elements of some local names on the selected element, keeping the others. */
  const replaceExtensions = (locals: string[], values: unknown[]) => {
    if (!selected) return;
    const moddle = modeler.current!.get<Moddle>('moddle');
    const kept = keptExtensions(selected.businessObject, locals);
    const all = [...kept, ...values];
    modeling().updateProperties(selected, { extensionElements: all.length ? moddle.create('bpmn:ExtensionElements', { values: all }) : undefined });
  };

  const deploy = async () => {
    const m = modeler.current;
    if (!m) return;
    if (!/^[A-Za-z_][\w-]*$/.test(processKey)) {
      message.warning('流程标识只能包含字母、数字、下划线，且以字母开头');
      return;
    }
    const root = m.get<Canvas>('canvas').getRootElement();
    // key and name go on the executable process (the root shape when the file has no pools), only when changed
    prepareForDeploy(m.getDefinitions() as unknown as ModdleNode, processKey, processName, (proc, p) => {
      if ((root.businessObject as unknown) === proc) modeling().updateProperties(root, p);
      else Object.assign(proc, p);
    });
    const { xml } = await saveFaithfully(m.getDefinitions() as unknown as ModdleNode, () => m.saveXML({ format: true }));
    setDeploying(true);
    try {
      const r = await engineApi.deploy({ xml: xml ?? '', name: processName.trim() || undefined, businessTable: formType });
      if (r.success && r.result) {
        setResult({ type: 'success', text: `部署成功：${r.result.id}`, warnings: r.result.warnings });
        message.success('部署成功');
      } else setResult({ type: 'error', text: r.message });
    } finally {
      setDeploying(false);
    }
  };

  const type = selected?.type ?? '';
  return (
    <Card className="wf-page" data-testid="process-designer">
      <Form layout="inline" className="wf-search">
        <Form.Item label="流程标识" htmlFor="designer-key">
          <Input id="designer-key" value={processKey} onChange={(e) => setProcessKey(e.target.value.trim())} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="流程名称" htmlFor="designer-name">
          <Input id="designer-name" value={processName} onChange={(e) => setProcessName(e.target.value)} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item label="表单类型">
          <Select aria-label="表单类型" style={{ width: 140 }} value={formType} onChange={setFormType} options={formTypes.map((f) => ({ value: f.tableName, label: f.label }))} />
        </Form.Item>
        <Form.Item>
          <Upload
            accept=".bpmn,.xml"
            showUploadList={false}
            beforeUpload={(file) => {
              void openFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="designer-open-file">
              打开文件
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={deploying} onClick={() => void deploy()} data-testid="designer-deploy">
            部署新版本
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.type === 'success' && result.warnings?.length ? 'warning' : result.type}
          showIcon
          message={result.text}
          description={result.warnings?.length ? result.warnings.join('；') : undefined}
          data-testid="designer-result"
        />
      )}
      <div className="wf-designer">
        <div ref={host} className="wf-designer-canvas" data-testid="designer-canvas" />
        <aside className="wf-designer-panel" aria-label="节点属性">
          {!selected || !props ? (
            <Empty description="选择一个节点编辑其属性" />
          ) : (
            <Form layout="vertical" data-testid="designer-props">
              <Form.Item label="节点标识">
                <Input value={selected.id} disabled aria-label="节点标识" />
              </Form.Item>
              <Form.Item label="名称" htmlFor="prop-name">
                <Input id="prop-name" value={props.name} onChange={(e) => change({ name: e.target.value })} />
              </Form.Item>
              {type === 'bpmn:UserTask' && (
                <>
                  <Form.Item label="处理人（用户名或 ${initiator}）" htmlFor="prop-assignee">
                    <Input id="prop-assignee" value={props.assignee} onChange={(e) => change({ assignee: e.target.value })} />
                  </Form.Item>
                  <Form.Item label="候选人（用户名，逗号分隔）" htmlFor="prop-users">
                    <Input id="prop-users" value={props.candidateUsers} onChange={(e) => change({ candidateUsers: e.target.value })} />
                  </Form.Item>
                  <Form.Item label="候选角色（角色编码，逗号分隔）" htmlFor="prop-groups">
                    <Input id="prop-groups" value={props.candidateGroups} onChange={(e) => change({ candidateGroups: e.target.value })} />
                  </Form.Item>
                  <Form.Item label="审批方式">
                    <Radio.Group
                      aria-label="审批方式"
                      value={props.signMode}
                      onChange={(e) => change({ signMode: e.target.value as SignMode })}
                      options={[
                        { label: '或签', value: '' },
                        { label: '并行会签', value: 'parallel' },
                        { label: '依次会签', value: 'sequential' },
                      ]}
                    />
                  </Form.Item>
                  {props.signMode && (
                    <Form.Item label="通过比例（%）" htmlFor="prop-ratio" extra="100 表示全部通过；有人驳回且比例无法达到时整单驳回">
                      <InputNumber id="prop-ratio" min={1} max={100} value={props.passRatio} onChange={(v) => change({ passRatio: Number(v ?? 100) })} />
                    </Form.Item>
                  )}
                  <Divider plain>办理期限</Divider>
                  <Form.Item label="期限（从任务到达起）" htmlFor="prop-due" extra="不填表示不限期">
                    <TimerInput id="prop-due" value={props.due} onChange={(due) => change({ due })} />
                  </Form.Item>
                  {props.due && (
                    <Form.Item label="到期处理">
                      <Radio.Group
                        aria-label="到期处理"
                        value={props.timeoutAction}
                        onChange={(e) => change({ timeoutAction: e.target.value as TimeoutAction })}
                        options={[
                          { label: '催办提醒', value: 'remind' },
                          { label: '自动通过', value: 'pass' },
                          { label: '自动驳回', value: 'reject' },
                        ]}
                      />
                    </Form.Item>
                  )}
                  <Divider plain>审批决定字段</Divider>
                  <Form.Item extra="审批人通过时填写，值作为流程变量供后面的网关条件使用，如 ${approved == 'true'}">
                    <DecisionFieldsEditor value={props.decisionFields} onChange={(decisionFields) => change({ decisionFields })} />
                  </Form.Item>
                </>
              )}
              {type === 'bpmn:BoundaryEvent' && (
                <>
                  <Form.Item label="定时" htmlFor="prop-timer" extra="任务在这段时间内未办完时，流程沿此事件的连线继续">
                    <TimerInput id="prop-timer" allowDate value={props.timer} onChange={(timer) => change({ timer: timer ?? { kind: 'duration', amount: 1, unit: 'H', text: '' } })} />
                  </Form.Item>
                  <Form.Item label="中断当前任务" htmlFor="prop-interrupting" extra="关闭后原任务保留，同时开启超时后的环节">
                    <Switch id="prop-interrupting" checked={props.interrupting} onChange={(interrupting) => change({ interrupting })} />
                  </Form.Item>
                </>
              )}
              {type === 'bpmn:CallActivity' && (
                <>
                  <Form.Item label="被调用流程标识" htmlFor="prop-called" extra="启动该流程的最新版本，本流程等待其结束">
                    <Input id="prop-called" value={props.calledElement} onChange={(e) => change({ calledElement: e.target.value })} />
                  </Form.Item>
                  <Form.Item label="传入变量（来源=目标，每行一个）" htmlFor="prop-ins">
                    <Input.TextArea id="prop-ins" rows={3} placeholder={'amount=amount\n${amount * 2}=doubled'} value={props.ins} onChange={(e) => change({ ins: e.target.value })} />
                  </Form.Item>
                  <Form.Item label="传出变量（来源=目标，每行一个）" htmlFor="prop-outs">
                    <Input.TextArea id="prop-outs" rows={3} placeholder="verdict=childVerdict" value={props.outs} onChange={(e) => change({ outs: e.target.value })} />
                  </Form.Item>
                </>
              )}
              {type === 'bpmn:EndEvent' && (
                <Form.Item label="结束结果">
                  <Radio.Group
                    aria-label="结束结果"
                    value={props.outcome}
                    onChange={(e) => change({ outcome: e.target.value as 'passed' | 'rejected' })}
                    options={[
                      { label: '审批通过', value: 'passed' },
                      { label: '审批驳回', value: 'rejected' },
                    ]}
                  />
                </Form.Item>
              )}
            </Form>
          )}
          <Space style={{ marginTop: 8 }} />
        </aside>
      </div>
    </Card>
  );
}
