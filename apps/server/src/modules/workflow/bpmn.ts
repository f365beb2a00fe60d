import { BpmnModdle } from 'bpmn-moddle';
import { compileCondition, ExpressionError } from './expression.js';

/** Wire node types: 0 start, 1 user task, 2 end, 3 exclusive gateway (and inclusive/pass-through), 4 parallel gateway. */
export const NODE_TYPE = { start: 0, user: 1, end: 2, exclusive: 3, parallel: 4 } as const;

export type NodeKind = 'start' | 'user' | 'end' | 'exclusive' | 'parallel' | 'inclusive' | 'pass';

export interface Flow {
  id: string;
  name: string | null;
  source: string;
  target: string;
  condition: string | null;
}

/** BPMN assignment of a user task (Activiti/Flowable/Camunda attributes, humanPerformer/potentialOwner). */
export interface Assignment {
  /** a username or an expression (`${initiator}`) */
  assignee: string | null;
  /** usernames and/or expressions */
  candidateUsers: string[];
  /** role codes and/or expressions */
  candidateGroups: string[];
}

/** `multiInstanceLoopCharacteristics` of a user task (countersign 会签). */
export interface MultiInstance {
  sequential: boolean;
  /** expression or number text */
  cardinality: string | null;
  /** expression or variable name giving a list (array or comma-separated text) */
  collection: string | null;
  elementVariable: string | null;
  completionCondition: string | null;
}

/** A decision the approver supplies when passing; its value becomes the variable `name`. */
export interface DecisionField {
  name: string;
  label: string;
  type: 'radio' | 'text' | 'number';
  options: { value: string; label: string }[];
  required: boolean;
}

export interface FlowNode {
  id: string;
  name: string;
  kind: NodeKind;
  /** wire type; inclusive gateways and pass-through elements are reported as 3 */
  type: number;
  incoming: Flow[];
  outgoing: Flow[];
  defaultFlow: string | null;
  /** user tasks */
  assignment?: Assignment;
  multi?: MultiInstance | null;
  decisionFields?: DecisionField[];
  /** end events: the outcome the instance gets when it ends here (default passed) */
  outcome?: 'passed' | 'rejected';
  /** end events with a terminateEventDefinition end the whole instance */
  terminate?: boolean;
}

export interface ProcessModel {
  key: string;
  name: string;
  nodes: Map<string, FlowNode>;
  startId: string;
  /** `activiti:initiator` of the start event: the variable that receives the applicant's username */
  initiatorVar: string | null;
  /** user tasks in the order a walk from the start meets them */
  userTasks: FlowNode[];
  /** ids of the nodes reachable from `id` (itself included) */
  reachable(id: string): Set<string>;
  /** things the engine runs but the admin should look at (e.g. a user task without any assignment) */
  warnings: string[];
}

export class BpmnError extends Error {}

interface ModdleElement {
  $type: string;
  $attrs?: Record<string, string>;
  $children?: ModdleElement[];
  id?: string;
  name?: string;
  value?: string;
  type?: string;
  required?: boolean | string;
  sourceRef?: { id: string };
  targetRef?: { id: string };
  conditionExpression?: { body?: string; language?: string };
  default?: { id: string };
  flowElements?: ModdleElement[];
  rootElements?: ModdleElement[];
  isExecutable?: boolean;
  eventDefinitions?: ModdleElement[];
  loopCharacteristics?: ModdleElement & {
    isSequential?: boolean;
    loopCardinality?: { body?: string };
    completionCondition?: { body?: string };
    loopDataInputRef?: unknown;
    inputDataItem?: unknown;
  };
  resources?: (ModdleElement & { resourceAssignmentExpression?: { expression?: { body?: string } } })[];
  extensionElements?: { values?: ModdleElement[] };
  attachedToRef?: { id: string };
}

const KIND: Record<string, NodeKind> = {
  'bpmn:StartEvent': 'start',
  'bpmn:UserTask': 'user',
  'bpmn:EndEvent': 'end',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:InclusiveGateway': 'inclusive',
  'bpmn:ParallelGateway': 'parallel',
  // Activiti runs these as pass-through activities
  'bpmn:ManualTask': 'pass',
  'bpmn:Task': 'pass',
  'bpmn:IntermediateThrowEvent': 'pass',
};

/** Chinese names of BPMN elements, for messages that name the element. */
const ELEMENT_CN: Record<string, string> = {
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:UserTask': '用户任务',
  'bpmn:ManualTask': '手工任务',
  'bpmn:Task': '任务',
  'bpmn:ExclusiveGateway': '排他网关',
  'bpmn:InclusiveGateway': '包容网关',
  'bpmn:ParallelGateway': '并行网关',
  'bpmn:EventBasedGateway': '事件网关',
  'bpmn:ComplexGateway': '复杂网关',
  'bpmn:ServiceTask': '服务任务',
  'bpmn:ScriptTask': '脚本任务',
  'bpmn:SendTask': '发送任务',
  'bpmn:ReceiveTask': '接收任务',
  'bpmn:BusinessRuleTask': '业务规则任务',
  'bpmn:CallActivity': '调用活动',
  'bpmn:SubProcess': '子流程',
  'bpmn:Transaction': '事务子流程',
  'bpmn:AdHocSubProcess': '自由子流程',
  'bpmn:IntermediateCatchEvent': '中间捕获事件',
  'bpmn:IntermediateThrowEvent': '中间抛出事件',
  'bpmn:BoundaryEvent': '边界事件',
  'bpmn:SequenceFlow': '连线',
};

const EVENT_CN: Record<string, string> = {
  'bpmn:TimerEventDefinition': '定时',
  'bpmn:MessageEventDefinition': '消息',
  'bpmn:SignalEventDefinition': '信号',
  'bpmn:ErrorEventDefinition': '错误',
  'bpmn:EscalationEventDefinition': '升级',
  'bpmn:CompensateEventDefinition': '补偿',
  'bpmn:ConditionalEventDefinition': '条件',
  'bpmn:LinkEventDefinition': '链接',
  'bpmn:CancelEventDefinition': '取消',
  'bpmn:TerminateEventDefinition': '终止',
};

const WIRE: Record<NodeKind, number> = { start: 0, user: 1, end: 2, exclusive: 3, parallel: 4, inclusive: 3, pass: 3 };

/** Names an element for a message: 服务任务「发送邮件」(sendMail). */
export function describeElement(el: { $type: string; id?: string; name?: string }): string {
  const cn = ELEMENT_CN[el.$type] ?? `元素 ${el.$type.replace(/^bpmn:/, '')}`;
  return `${cn}「${el.name?.trim() || el.id || '未命名'}」${el.id && el.name?.trim() ? `(${el.id})` : ''}`;
}

/** Extension attribute by local name, whatever the prefix (activiti:, flowable:, camunda:, wf:). */
function ext(el: ModdleElement, local: string): string | null {
  for (const [k, v] of Object.entries(el.$attrs ?? {})) {
    if (k.startsWith('xmlns')) continue;
    const i = k.indexOf(':');
    if ((i >= 0 ? k.slice(i + 1) : k) === local && String(v).trim() !== '') return String(v).trim();
  }
  return null;
}

const localName = (t: string) => t.slice(t.indexOf(':') + 1);
const csv = (s: string | null) => (s ? splitTopLevel(s) : []);

/** Splits `a, ${b ? 'x' : 'y'}, c` on commas outside `${…}`. */
function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '{') depth++;
    if (c === '}') depth = Math.max(0, depth - 1);
    if (c === ',' && depth === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

function checkExpression(text: string, where: string, problems: string[]): void {
  const parts = /^[$#]\{[\s\S]*\}$/.test(text.trim()) ? [text] : [];
  for (const p of parts) {
    try {
      compileCondition(p);
    } catch (err) {
      if (err instanceof ExpressionError) problems.push(`${where}的表达式「${text}」无法解析：${err.message}`);
      else throw err;
    }
  }
  if (!parts.length && /[$#]\{/.test(text)) problems.push(`${where}的表达式「${text}」不支持（只支持整段的 \${…} 表达式）`);
}

/** humanPerformer / potentialOwner: `user(kermit), group(management)` or plain names. */
function resourceAssignment(el: ModdleElement, a: Assignment): void {
  for (const r of el.resources ?? []) {
    const body = r.resourceAssignmentExpression?.expression?.body?.trim();
    if (!body) continue;
    const human = r.$type === 'bpmn:HumanPerformer' || r.$type === 'bpmn:Performer';
    for (const part of splitTopLevel(body)) {
      const m = /^(user|group)\((.+)\)$/.exec(part);
      if (m) (m[1] === 'user' ? a.candidateUsers : a.candidateGroups).push(m[2].trim());
      else if (human && !a.assignee) a.assignee = part;
      else a.candidateGroups.push(part);
    }
  }
}

function decisionFields(el: ModdleElement, problems: string[], where: string): DecisionField[] {
  const out: DecisionField[] = [];
  for (const v of el.extensionElements?.values ?? []) {
    if (localName(v.$type) !== 'formProperty') continue;
    const name = (v.id ?? '').trim();
    if (!/^[A-Za-z_][\w]*$/.test(name)) {
      problems.push(`${where}的表单属性(formProperty)「${name}」不是合法的变量名`);
      continue;
    }
    const writable = String((v as { writable?: unknown }).writable ?? 'true') !== 'false';
    if (!writable) continue;
    const label = (v.name ?? name).trim() || name;
    const required = String(v.required ?? 'false') === 'true';
    if (v.type === 'enum') {
      const options = (v.$children ?? []).filter((c) => localName(c.$type) === 'value').map((c) => ({ value: String(c.id ?? ''), label: String(c.name ?? c.id ?? '') }));
      out.push({ name, label, type: 'radio', options, required });
    } else if (v.type === 'boolean') {
      out.push({ name, label, type: 'radio', options: [{ value: 'true', label: '是' }, { value: 'false', label: '否' }], required });
    } else if (v.type === 'long' || v.type === 'double') {
      out.push({ name, label, type: 'number', options: [], required });
    } else {
      out.push({ name, label, type: 'text', options: [], required });
    }
  }
  return out;
}

/** Stable generated id of a flow written without one: `flow_<source>_<target>` (+ `_n` when repeated). */
function flowId(source: string, target: string, taken: Set<string>): string {
  const base = `flow_${source}_${target}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  return id;
}

/**
 * Parses BPMN 2.0 XML (one executable process) into the graph the engine walks. Everything the engine
 * does not execute is refused here with a message naming the element; nothing is skipped silently.
 */
export async function parseBpmn(xml: string): Promise<ProcessModel> {
  if (!xml || !xml.trim()) throw new BpmnError('流程定义XML不能为空');
  let root: ModdleElement;
  try {
    const moddle = new BpmnModdle();
    const res = (await moddle.fromXML(xml)) as unknown as { rootElement: ModdleElement };
    root = res.rootElement;
  } catch (err) {
    throw new BpmnError(`流程定义XML格式不正确：${(err as Error).message.split('\n')[0]}`);
  }
  const all = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  const executable = all.filter((e) => e.isExecutable !== false);
  const processes = executable.length ? executable : all;
  if (processes.length !== 1) throw new BpmnError('流程定义必须且只能包含一个可执行流程(process)');
  const proc = processes[0];
  if (!proc.id) throw new BpmnError('流程缺少id');
  const problems: string[] = [];
  const warnings: string[] = [];
  const nodes = new Map<string, FlowNode>();
  const flows: ModdleElement[] = [];
  let initiatorVar: string | null = null;
  for (const el of proc.flowElements ?? []) {
    if (el.$type === 'bpmn:SequenceFlow') {
      flows.push(el);
      continue;
    }
    if (['bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference'].includes(el.$type)) continue;
    const where = describeElement(el);
    const kind = KIND[el.$type];
    if (!kind) {
      problems.push(`不支持${where}：本引擎不会执行这种节点`);
      continue;
    }
    if (!el.id) {
      problems.push(`${where}缺少id`);
      continue;
    }
    for (const v of el.extensionElements?.values ?? []) {
      const ln = localName(v.$type);
      if (ln === 'executionListener' || ln === 'taskListener') problems.push(`${where}配置了监听器(${ln})，本引擎不执行监听器`);
    }
    const defs = el.eventDefinitions ?? [];
    const node: FlowNode = {
      id: el.id,
      name: el.name?.trim() || (kind === 'start' ? '开始' : kind === 'end' ? '结束' : el.id),
      kind,
      type: WIRE[kind],
      incoming: [],
      outgoing: [],
      defaultFlow: el.default?.id ?? null,
    };
    if (kind === 'start' || kind === 'pass') {
      if (defs.length) problems.push(`不支持${where}的${EVENT_CN[defs[0].$type] ?? ''}事件定义：本引擎只执行无事件定义的开始/中间事件`);
      if (kind === 'start') initiatorVar = ext(el, 'initiator');
    }
    if (kind === 'end') {
      const terminate = defs.some((d) => d.$type === 'bpmn:TerminateEventDefinition');
      const other = defs.find((d) => d.$type !== 'bpmn:TerminateEventDefinition');
      if (other) problems.push(`不支持${where}的${EVENT_CN[other.$type] ?? ''}结束事件：本引擎只执行普通结束和终止结束`);
      node.terminate = terminate;
      const outcome = ext(el, 'outcome');
      if (outcome && outcome !== 'passed' && outcome !== 'rejected') problems.push(`${where}的结果(outcome)只能是 passed 或 rejected`);
      node.outcome = outcome === 'rejected' ? 'rejected' : 'passed';
    }
    if (kind === 'user') {
      if (ext(el, 'skipExpression')) problems.push(`${where}配置了跳过表达式(skipExpression)，本引擎不支持`);
      const a: Assignment = {
        assignee: ext(el, 'assignee'),
        candidateUsers: csv(ext(el, 'candidateUsers')),
        candidateGroups: csv(ext(el, 'candidateGroups')),
      };
      resourceAssignment(el, a);
      for (const x of [a.assignee ?? '', ...a.candidateUsers, ...a.candidateGroups]) if (x) checkExpression(x, `${where}的处理人`, problems);
      node.assignment = a;
      node.decisionFields = decisionFields(el, problems, where);
      const loop = el.loopCharacteristics;
      if (loop && loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') problems.push(`不支持${where}的循环(standardLoop)：只支持多实例(会签)`);
      else if (loop) {
        if (loop.loopDataInputRef || loop.inputDataItem) problems.push(`不支持${where}的多实例数据输入(loopDataInputRef)：请改用 collection`);
        const mi: MultiInstance = {
          sequential: loop.isSequential === true,
          cardinality: loop.loopCardinality?.body?.trim() || null,
          collection: ext(loop, 'collection'),
          elementVariable: ext(loop, 'elementVariable'),
          completionCondition: loop.completionCondition?.body?.trim() || null,
        };
        for (const [x, w] of [
          [mi.cardinality, '多实例数量'],
          [mi.completionCondition, '完成条件'],
          [mi.collection, '多实例集合'],
        ] as const) {
          if (x) checkExpression(x, `${where}的${w}`, problems);
        }
        if (mi.cardinality && !/^[$#]\{/.test(mi.cardinality) && !/^\d+$/.test(mi.cardinality)) problems.push(`${where}的多实例数量「${mi.cardinality}」不是整数或表达式`);
        node.multi = mi;
      } else node.multi = null;
    } else if (el.loopCharacteristics) {
      problems.push(`不支持${where}的多实例/循环：只有用户任务可以会签`);
    }
    nodes.set(el.id, node);
  }
  const flowIds = new Set(flows.map((f) => f.id).filter((x): x is string => !!x));
  for (const f of flows) {
    const source = f.sourceRef?.id;
    const target = f.targetRef?.id;
    if (!f.id) {
      f.id = flowId(source ?? 'x', target ?? 'x', flowIds);
      flowIds.add(f.id);
    }
    const where = describeElement(f);
    if (!source || !target || !nodes.has(source) || !nodes.has(target)) {
      if (source && target && (nodes.has(source) || nodes.has(target))) continue; // touches a refused element, already reported
      problems.push(`${where}的起点或终点不存在`);
      continue;
    }
    const condition = f.conditionExpression?.body?.trim() || null;
    if (condition) {
      if (f.conditionExpression?.language && !/juel|java|el/i.test(f.conditionExpression.language)) {
        problems.push(`${where}的条件语言「${f.conditionExpression.language}」不支持`);
      }
      try {
        compileCondition(condition);
      } catch (err) {
        if (err instanceof ExpressionError) problems.push(`${where}的条件表达式「${condition}」无法解析：${err.message}`);
        else throw err;
      }
    }
    const src = nodes.get(source)!;
    // Activiti ignores conditions on the outgoing flows of a parallel gateway; so does the engine.
    const flow: Flow = { id: f.id, name: f.name ?? null, source, target, condition: src.kind === 'parallel' ? null : condition };
    src.outgoing.push(flow);
    nodes.get(target)!.incoming.push(flow);
  }
  if (problems.length) throw new BpmnError(problems.slice(0, 8).join('；') + (problems.length > 8 ? `；另有${problems.length - 8}处问题` : ''));

  const starts = [...nodes.values()].filter((n) => n.kind === 'start');
  if (starts.length !== 1) throw new BpmnError('流程必须有且只有一个开始节点');
  if (![...nodes.values()].some((n) => n.kind === 'end')) throw new BpmnError('流程至少需要一个结束节点');
  if (starts[0].outgoing.length === 0) throw new BpmnError('开始节点没有出口连线');
  for (const n of nodes.values()) {
    if (n.kind !== 'end' && n.outgoing.length === 0) problems.push(`节点「${n.name}」(${n.id})没有出口连线`);
    if (n.kind !== 'start' && n.incoming.length === 0) problems.push(`节点「${n.name}」(${n.id})没有进入连线，永远不会到达`);
    if (n.defaultFlow && !n.outgoing.some((f) => f.id === n.defaultFlow)) problems.push(`节点「${n.name}」(${n.id})的默认连线不是它的出口连线`);
    if (n.kind === 'user') {
      const a = n.assignment!;
      if (!a.assignee && !a.candidateUsers.length && !a.candidateGroups.length && !(n.multi?.collection)) {
        warnings.push(`用户任务「${n.name}」(${n.id})在BPMN中没有指定处理人：请在节点设置中配置审批人，否则按“未找到审批人”策略处理`);
      }
    }
  }
  if (problems.length) throw new BpmnError(problems.slice(0, 8).join('；'));

  const reachCache = new Map<string, Set<string>>();
  const reachable = (id: string): Set<string> => {
    const hit = reachCache.get(id);
    if (hit) return hit;
    const seen = new Set<string>([id]);
    const stack = [id];
    while (stack.length) {
      const n = nodes.get(stack.pop()!);
      for (const f of n?.outgoing ?? []) {
        if (!seen.has(f.target)) {
          seen.add(f.target);
          stack.push(f.target);
        }
      }
    }
    reachCache.set(id, seen);
    return seen;
  };

  const userTasks: FlowNode[] = [];
  const seen = new Set<string>([starts[0].id]);
  const queue = [starts[0].id];
  while (queue.length) {
    const n = nodes.get(queue.shift()!)!;
    if (n.kind === 'user') userTasks.push(n);
    for (const f of n.outgoing) {
      if (!seen.has(f.target)) {
        seen.add(f.target);
        queue.push(f.target);
      }
    }
  }
  for (const n of nodes.values()) if (n.kind === 'user' && !seen.has(n.id)) userTasks.push(n);

  return { key: proc.id, name: proc.name ?? proc.id, nodes, startId: starts[0].id, initiatorVar, userTasks, reachable, warnings };
}

/** Parsed models by procDefId (definitions are immutable once deployed). */
const models = new Map<string, ProcessModel>();

export async function modelFor(procDefId: string, xml: string): Promise<ProcessModel> {
  const hit = models.get(procDefId);
  if (hit) return hit;
  const m = await parseBpmn(xml);
  if (models.size > 1000) models.clear();
  models.set(procDefId, m);
  return m;
}

export function cachedModel(procDefId: string): ProcessModel | undefined {
  return models.get(procDefId);
}

/** Forgets a cached model (after the XML of a definition is edited in place). */
export function forgetModel(procDefId: string): void {
  models.delete(procDefId);
}
