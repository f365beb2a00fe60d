import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { App, Alert, Button, Card, Empty, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { engineApi } from '../engine/engineApi';
import { ratioCondition, readProps, STARTER_XML, type BusinessObject, type NodeProps, type SignMode } from '../engine/designerModel';
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
}
interface EventBus {
  on(event: string, cb: (e: { newSelection?: Shape[]; element?: Shape }) => void): void;
}
interface Canvas {
  zoom(level: 'fit-viewport' | number, center?: 'auto'): number;
  getRootElement(): Shape;
}

/**
 * 流程设计: the bpmn-js modeler with a properties panel for what the engine runs — approvers
 * (assignee, candidate users, candidate role codes), countersign 会签 (parallel or sequential, pass ratio)
 * and the outcome of end events. Deploying creates a new version; running instances keep theirs.
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
      await m.importXML(xml);
      if (!live) return;
      const root = m.get<Canvas>('canvas').getRootElement();
      setProcessKey(root.businessObject.id);
      setProcessName(root.businessObject.name ?? root.businessObject.id);
      m.get<Canvas>('canvas').zoom('fit-viewport', 'auto');
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

  const modeling = () => modeler.current!.get<Modeling>('modeling');

  /** Applies one property to the selected element and refreshes the panel. */
  const change = (patch: Partial<NodeProps>) => {
    if (!selected || !props) return;
    const next = { ...props, ...patch };
    const bo = selected.businessObject;
    if (patch.name !== undefined) modeling().updateProperties(selected, { name: patch.name });
    for (const key of ['assignee', 'candidateUsers', 'candidateGroups'] as const) {
      if (patch[key] === undefined) continue;
      const v = patch[key]!.trim();
      if (v) bo.$attrs[`activiti:${key}`] = v;
      else delete bo.$attrs[`activiti:${key}`];
    }
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
    setProps(next);
  };

  const deploy = async () => {
    const m = modeler.current;
    if (!m) return;
    if (!/^[A-Za-z_][\w-]*$/.test(processKey)) {
      message.warning('流程标识只能包含字母、数字、下划线，且以字母开头');
      return;
    }
    const root = m.get<Canvas>('canvas').getRootElement();
    modeling().updateProperties(root, { id: processKey, name: processName.trim() || processKey });
    const defs = (root.businessObject as unknown as { $parent?: { $attrs: Record<string, string> } }).$parent;
    if (defs) {
      defs.$attrs['xmlns:activiti'] = 'http://activiti.org/bpmn';
      defs.$attrs['xmlns:wf'] = 'urn:group-office:workflow';
    }
    const { xml } = await m.saveXML({ format: true });
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
