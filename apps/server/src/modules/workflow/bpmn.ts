import { BpmnModdle } from 'bpmn-moddle';
import { compileCondition, ExpressionError, isExpression } from './expression.js';
import { booleanAttribute, datePatternParts, DEFAULT_DATE_PATTERN, FORM_TYPES, formTarget, type FormType } from './form-properties.js';

/** Wire node types: 0 start, 1 user task, 2 end, 3 exclusive gateway (and inclusive/pass-through), 4 parallel gateway. */
export const NODE_TYPE = { start: 0, user: 1, end: 2, exclusive: 3, parallel: 4 } as const;

export type NodeKind = 'start' | 'user' | 'end' | 'exclusive' | 'parallel' | 'inclusive' | 'pass' | 'sub' | 'call' | 'boundary' | 'catch';

export interface Flow {
  id: string;
  name: string | null;
  source: string;
  target: string;
  condition: string | null;
}

/** BPMN assignment of a user task (Activiti/Flowable/Camunda attributes, humanPerformer/potentialOwner). */
export type Assignment = {
  /** a username or an expression (`${initiator}`) */
  assignee: string | null;
  /** usernames and/or expressions */
  candidateUsers: string[];
  /** role codes and/or expressions */
  candidateGroups: string[];
};

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

/**
 * A decision the approver supplies when passing (a BPMN `activiti:formProperty`, or a field of the node
 * settings); its value becomes the variable `variable` (default `name`).
 */
export type DecisionField = {
  /** the form key: the formProperty `id` (node settings: the variable name) */
  name: string;
  label: string;
  type: 'radio' | 'text' | 'number' | 'date';
  options: { value: string; label: string }[];
  required: boolean;
  /** the Activiti form type of a BPMN formProperty (absent on fields of the node settings) */
  formType?: FormType;
  /** `variable`: the process variable the value is stored in (default: `name`) */
  variable?: string | null;
  /** `expression`: read to show the value, written through when the form gives one */
  expression?: string | null;
  /** `readable` (default true): false keeps the property out of the approval dialog */
  readable?: boolean;
  /** `writable` (default true): false makes it read-only — a value given for it is refused */
  writable?: boolean;
  /** `default`: text or expression used when a form submission leaves the property out */
  default?: string | null;
  /** type date: the Java date pattern of the form value (default dd/MM/yyyy) */
  datePattern?: string | null;
};

/** A timer: ISO-8601 duration (`PT2H`, `P1D`), ISO date-time, or an expression giving one of them. */
export interface TimerSpec {
  duration: string | null;
  date: string | null;
}

/** What happens when a user task passes its due date (`wf:timeoutAction`). */
export type TimeoutAction = 'remind' | 'pass' | 'reject';

/** Variable mapping of a call activity (`activiti:in` / `activiti:out`). */
export interface VarMapping {
  source: string | null;
  sourceExpression: string | null;
  target: string;
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
  /** the sub-processes containing this node, innermost first (empty at the top level) */
  scopes: string[];
  /** embedded sub-process: its start event */
  innerStart?: string;
  /** user tasks: boundary events attached to it */
  boundaries?: string[];
  /** user tasks: due date (`activiti:dueDate`) and what happens at it */
  due?: { spec: TimerSpec; action: TimeoutAction } | null;
  /** boundary events: the task they are attached to, interrupting or not, the timer (also intermediate timer events) */
  attachedTo?: string;
  cancelActivity?: boolean;
  timer?: TimerSpec;
  /** call activities: the called process key and the variable mappings */
  call?: { key: string; ins: VarMapping[]; outs: VarMapping[]; inheritAll: boolean; outAll: boolean };
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
  cancelActivity?: boolean;
  triggeredByEvent?: boolean;
  calledElement?: string;
  timeDuration?: { body?: string };
  timeDate?: { body?: string };
  timeCycle?: { body?: string };
  source?: string;
  target?: string;
  sourceExpression?: string;
  variables?: string;
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
  'bpmn:SubProcess': 'sub',
  'bpmn:CallActivity': 'call',
  'bpmn:BoundaryEvent': 'boundary',
  'bpmn:IntermediateCatchEvent': 'catch',
};

/**
 * Elements that may have no outgoing flow: leaving one ends that path, as a plain end event does (BPMN 2.0
 * implicit end). Exclusive and inclusive gateways need a way out (Activiti fails when none can be selected).
 */
export const IMPLICIT_END_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(['user', 'pass', 'parallel']);

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

const WIRE: Record<NodeKind, number> = { start: 0, user: 1, end: 2, exclusive: 3, parallel: 4, inclusive: 3, pass: 3, sub: 3, call: 3, boundary: 3, catch: 3 };

const DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Adds an ISO-8601 duration (`P1DT2H`, `PT30M`, `P1M`) to an instant; null when the text is not one. */
export function addDuration(from: number, text: string): number | null {
  const m = DURATION.exec(text.trim());
  if (!m) return null;
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((x) => (x ? Number(x) : 0));
  const dt = new Date(from);
  if (y || mo) dt.setUTCMonth(dt.getUTCMonth() + y * 12 + mo);
  return dt.getTime() + (((w * 7 + d) * 24 + h) * 60 + mi) * 60_000 + Math.round(s * 1000);
}

/**
 * An ISO-8601 date-time (`2026-12-01T09:00:00`, with `Z` or an offset; without one it is read in the
 * product's time zone GMT+8, as every date-time of the product) as epoch ms; null when it is not one.
 */
export function parseTimerDate(text: string): number | null {
  const t = text.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(t);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
  let offset = 8 * 60;
  if (zone === 'Z') offset = 0;
  else if (zone) {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    offset = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]));
  }
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - offset * 60_000;
  return Number.isFinite(ms) ? ms : null;
}

const isExpr = (t: string) => isExpression(t);

/** The Flowable modeler's assignee for "the user who started the process" (`$INITIATOR`). */
export const MODELER_INITIATOR = '$INITIATOR';

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

/** Checks an expression text: a whole `${…}` / `#{…}`, or a composite (`kermit_${loopCounter}`) as JUEL reads it. */
function checkExpression(text: string, where: string, problems: string[]): void {
  if (!/[$#]\{/.test(text)) return;
  try {
    compileCondition(text);
  } catch (err) {
    if (err instanceof ExpressionError) problems.push(`${where}的表达式「${text}」无法解析：${err.message}`);
    else throw err;
  }
}

/**
 * Checks one assignment text of a user task. `$INITIATOR` (Flowable modeler) is the user who started the
 * process; any other `$NAME` token is a modeler placeholder this engine cannot resolve — refused rather
 * than handed to somebody else.
 */
function checkAssignment(text: string, where: string, problems: string[]): void {
  const t = text.trim();
  if (t === MODELER_INITIATOR) return;
  if (/^\$[A-Za-z_]/.test(t)) {
    problems.push(`${where}「${t}」无法解析：本引擎只认识表示发起人的 $INITIATOR，请改为用户名或 \${…} 表达式`);
    return;
  }
  checkExpression(t, where, problems);
}

/** A timer text checked at deploy: an expression (evaluated when the timer starts), or a literal duration/date. */
function timerSpec(text: string, as?: 'duration' | 'date'): TimerSpec | null {
  const t = text.trim();
  if (isExpr(t)) {
    try {
      compileCondition(t);
    } catch {
      return null;
    }
    return as === 'date' ? { duration: null, date: t } : { duration: t, date: null };
  }
  if (as !== 'date' && addDuration(0, t) !== null) return { duration: t, date: null };
  if (as !== 'duration' && parseTimerDate(t) !== null) return { duration: null, date: t };
  return null;
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

const VARIABLE_NAME = /^[A-Za-z_][\w]*$/;

/**
 * The `activiti:formProperty` elements of a start event or user task, read as Activiti's form handler
 * does: `id` (required) is the form key, `name` the label (any text), `type` one of the registered form
 * types (string when absent; anything else is refused, as Activiti's "unknown type"), enum values from the
 * `activiti:value` children (id → name), `required`/`readable`/`writable` as Activiti's boolean words,
 * `variable`, `expression`, `default` and the date's `datePattern`.
 */
function decisionFields(el: ModdleElement, problems: string[], where: string, warnings: string[]): DecisionField[] {
  const out: DecisionField[] = [];
  for (const v of el.extensionElements?.values ?? []) {
    if (localName(v.$type) !== 'formProperty') continue;
    const raw = v as ModdleElement & Record<string, unknown>;
    const id = String(v.id ?? '').trim();
    if (!id) {
      problems.push(`${where}的表单属性(formProperty)缺少 id`);
      continue;
    }
    const what = `${where}的表单属性(formProperty)「${id}」`;
    const attr = (k: string) => (raw[k] === undefined || raw[k] === null || String(raw[k]).trim() === '' ? null : String(raw[k]).trim());
    const flags = { required: booleanAttribute(attr('required') ?? undefined, false), readable: booleanAttribute(attr('readable') ?? undefined, true), writable: booleanAttribute(attr('writable') ?? undefined, true) };
    let bad = false;
    for (const [k, val] of Object.entries(flags)) {
      if (val === null) {
        problems.push(`${what}的 ${k}「${attr(k)}」只能是 true/false（或 on/off、yes/no、enabled/disabled、active/inactive）`);
        bad = true;
      }
    }
    const variable = attr('variable');
    const expression = attr('expression');
    const dflt = attr('default');
    if (variable && !VARIABLE_NAME.test(variable)) {
      problems.push(`${what}的变量名(variable)「${variable}」不是合法的变量名`);
      bad = true;
    }
    if (expression) checkExpression(expression, what, problems);
    if (dflt) checkExpression(dflt, `${what}的默认值(default)`, problems);
    // as in Activiti, the id is the variable name and a process variable may have any name: one that is no
    // identifier (`Do you agree?`) is set by the form as any other, it only cannot be read by an expression
    if (!variable && !expression && !VARIABLE_NAME.test(id)) {
      if (id.length > 100 || /\p{Cc}/u.test(id)) {
        problems.push(`${what}的 id 过长或含控制字符`);
        bad = true;
      } else warnings.push(`${what}的 id 不是标识符：表单照常提交和保存它的值，但表达式(条件)无法引用该变量`);
    }
    const typeText = attr('type');
    const formType = (typeText ?? 'string') as FormType;
    if (!FORM_TYPES.includes(formType)) {
      problems.push(`${what}的类型「${typeText}」不支持：只支持 string、long、double、boolean、enum、date`);
      continue;
    }
    let datePattern: string | null = null;
    if (formType === 'date') {
      datePattern = attr('datePattern') ?? DEFAULT_DATE_PATTERN;
      if (!datePatternParts(datePattern)) {
        problems.push(`${what}的日期格式(datePattern)「${datePattern}」不支持：只能用 yyyy、yy、MM、M、dd、d、HH、H、hh、h、mm、m、ss、s、a 和分隔符`);
        continue;
      }
    }
    if (bad) continue;
    const label = String(v.name ?? '').trim() || id;
    const required = flags.required!;
    const readable = flags.readable!;
    const writable = flags.writable!;
    if (required && !dflt && (!writable || !readable)) {
      warnings.push(`${what}必填但${!writable ? '不可写(writable=false)' : '不显示(readable=false)'}且没有默认值(default)：通过审批表单提交时会一直提示未填写`);
    }
    if (writable && expression && formTarget({ name: id, expression }).kind === 'none') {
      warnings.push(`${what}的表达式(expression)「${expression}」不能赋值：表单给出该属性的值时会被拒绝`);
    }
    const base = { name: id, label, required, formType, variable, expression, readable, writable, default: dflt, datePattern };
    if (formType === 'enum') {
      const options: { value: string; label: string }[] = [];
      for (const c of v.$children ?? []) {
        if (localName(c.$type) !== 'value') continue;
        const value = String(c.id ?? '').trim();
        if (!value) {
          problems.push(`${what}的枚举值(activiti:value)缺少 id`);
          continue;
        }
        options.push({ value, label: String(c.name ?? '').trim() || value });
      }
      out.push({ ...base, type: 'radio', options });
    } else if (formType === 'boolean') {
      out.push({ ...base, type: 'radio', options: [{ value: 'true', label: '是' }, { value: 'false', label: '否' }] });
    } else if (formType === 'long' || formType === 'double') {
      out.push({ ...base, type: 'number', options: [] });
    } else if (formType === 'date') {
      out.push({ ...base, type: 'date', options: [] });
    } else {
      out.push({ ...base, type: 'text', options: [] });
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
  // loopDataInputRef holds a variable name, not an element id: the reader leaves it unresolved and reports it here
  const dataInputRefs = new Map<unknown, string>();
  try {
    const moddle = new BpmnModdle();
    const res = (await moddle.fromXML(xml)) as unknown as { rootElement: ModdleElement; references?: { property: string; id: string; element: unknown }[] };
    root = res.rootElement;
    for (const r of res.references ?? []) if (r.property === 'bpmn:loopDataInputRef' && r.id?.trim()) dataInputRefs.set(r.element, r.id.trim());
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
  const collect = (container: ModdleElement, scopes: string[]): void => {
  for (const el of container.flowElements ?? []) {
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
      scopes,
    };
    if (kind === 'start' || kind === 'pass') {
      if (defs.length) problems.push(`不支持${where}的${EVENT_CN[defs[0].$type] ?? ''}事件定义：本引擎只执行无事件定义的开始/中间事件`);
      if (kind === 'start' && !scopes.length) {
        initiatorVar = ext(el, 'initiator');
        // the start form's formProperty ids: the only variables an applicant may give on apply
        node.decisionFields = decisionFields(el, problems, where, warnings);
      }
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
      // a name with ${…} is evaluated when the task opens (Activiti's name expression)
      if (el.name && /[$#]\{/.test(el.name)) checkExpression(el.name.trim(), `${where}的名称`, problems);
      for (const x of [a.assignee ?? '', ...a.candidateUsers, ...a.candidateGroups]) if (x) checkAssignment(x, `${where}的处理人`, problems);
      node.assignment = a;
      node.decisionFields = decisionFields(el, problems, where, warnings);
      const loop = el.loopCharacteristics;
      if (loop && loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') problems.push(`不支持${where}的循环(standardLoop)：只支持多实例(会签)`);
      else if (loop) {
        // BPMN 2.0 data input: loopDataInputRef names the variable (or expression) holding the collection,
        // inputDataItem's name is the element variable — as Activiti reads them beside activiti:collection.
        const dataInput = dataInputRefs.get(loop) ?? (loop.loopDataInputRef as { id?: string } | undefined)?.id?.trim() ?? null;
        const dataItem = (loop.inputDataItem as { name?: string; id?: string } | undefined);
        const itemName = dataItem?.name?.trim() || dataItem?.id?.trim() || null;
        const collection = ext(loop, 'collection') ?? dataInput;
        const elementVariable = ext(loop, 'elementVariable') ?? itemName;
        if (itemName && !collection) problems.push(`${where}的多实例数据项(inputDataItem)缺少数据输入(loopDataInputRef)`);
        if (elementVariable && !/^[A-Za-z_][\w]*$/.test(elementVariable)) problems.push(`${where}的多实例元素变量「${elementVariable}」不是合法的变量名`);
        const mi: MultiInstance = {
          sequential: loop.isSequential === true,
          cardinality: loop.loopCardinality?.body?.trim() || null,
          collection,
          elementVariable,
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
    if (kind === 'sub') {
      if (el.triggeredByEvent) {
        problems.push(`不支持${where}（事件子流程）：本引擎只执行嵌入子流程`);
        continue;
      }
      const inner = (el.flowElements ?? []).filter((c) => c.$type === 'bpmn:StartEvent');
      if (inner.length !== 1 || !inner[0].id) problems.push(`${where}必须有且只有一个开始事件`);
      else node.innerStart = inner[0].id;
      if (!(el.flowElements ?? []).some((c) => c.$type === 'bpmn:EndEvent')) problems.push(`${where}至少需要一个结束事件`);
      nodes.set(el.id, node);
      collect(el, [el.id, ...scopes]);
      continue;
    }
    if (kind === 'end' && scopes.length && (node.terminate || node.outcome === 'rejected')) {
      problems.push(`不支持子流程中的${where}设为终止结束或驳回结果：请放在主流程中`);
    }
    if (kind === 'user') {
      const dueText = ext(el, 'dueDate');
      const action = ext(el, 'timeoutAction');
      if (action && !['remind', 'pass', 'reject'].includes(action)) problems.push(`${where}的超时处理(timeoutAction)只能是 remind、pass 或 reject`);
      if (dueText) {
        const spec = timerSpec(dueText);
        if (!spec) problems.push(`${where}的办理期限(dueDate)「${dueText}」不是 ISO-8601 时长（如 PT24H、P2D）、日期时间或表达式`);
        else node.due = { spec, action: (action as TimeoutAction | null) ?? 'remind' };
      } else if (action) problems.push(`${where}设置了超时处理但没有办理期限(dueDate)`);
      node.boundaries = [];
    }
    if (kind === 'catch') {
      const timer = defs.length === 1 && defs[0].$type === 'bpmn:TimerEventDefinition' ? defs[0] : null;
      if (!timer) {
        problems.push(`不支持${where}的${defs.length ? (EVENT_CN[defs[0].$type] ?? '') : '无定义'}事件：本引擎只执行定时中间捕获事件`);
        continue;
      }
      if (timer.timeCycle?.body?.trim()) {
        problems.push(`不支持${where}的循环定时(timeCycle)「${timer.timeCycle.body.trim()}」：请改用时长(timeDuration)或时间点(timeDate)`);
        continue;
      }
      const dur = timer.timeDuration?.body?.trim() || null;
      const date = timer.timeDate?.body?.trim() || null;
      const spec = dur ? timerSpec(dur, 'duration') : date ? timerSpec(date, 'date') : null;
      if (!spec) {
        problems.push(`${where}的定时「${dur ?? date ?? ''}」不是 ISO-8601 时长（如 PT1H、P2D）、日期时间或表达式`);
        continue;
      }
      node.timer = spec;
    }
    if (kind === 'boundary') {
      const att = el.attachedToRef?.id;
      const timer = defs.find((d) => d.$type === 'bpmn:TimerEventDefinition');
      const other = defs.find((d) => d.$type !== 'bpmn:TimerEventDefinition');
      if (other || !timer) {
        problems.push(`不支持${where}的${other ? (EVENT_CN[other.$type] ?? '') : '无定义'}事件：本引擎只执行用户任务上的定时边界事件`);
        continue;
      }
      if (timer.timeCycle?.body?.trim()) {
        problems.push(`不支持${where}的循环定时(timeCycle)「${timer.timeCycle.body.trim()}」：请改用时长(timeDuration)或时间点(timeDate)`);
        continue;
      }
      const dur = timer.timeDuration?.body?.trim() || null;
      const date = timer.timeDate?.body?.trim() || null;
      if (!dur && !date) {
        problems.push(`${where}的定时器没有设置时长(timeDuration)或时间点(timeDate)`);
        continue;
      }
      const spec = dur ? timerSpec(dur, 'duration') : timerSpec(date!, 'date');
      if (!spec) {
        problems.push(`${where}的定时「${dur ?? date}」不是 ISO-8601 ${dur ? '时长（如 PT1H、P2D）' : '日期时间（如 2026-12-01T09:00:00）'}或表达式`);
        continue;
      }
      node.timer = spec;
      node.attachedTo = att;
      node.cancelActivity = el.cancelActivity !== false;
      boundaryOf.push({ node, el, where });
    }
    if (kind === 'call') {
      const key = (el.calledElement ?? '').trim();
      if (!key || isExpr(key) || /[$#]\{/.test(key)) problems.push(`${where}必须用 calledElement 指定被调用流程的标识(key)，不支持表达式`);
      const ins: VarMapping[] = [];
      const outs: VarMapping[] = [];
      let inheritAll = ext(el, 'inheritVariables') === 'true';
      let outAll = false;
      for (const v of el.extensionElements?.values ?? []) {
        const ln = localName(v.$type);
        if (ln !== 'in' && ln !== 'out') continue;
        if (v.variables === 'all') {
          if (ln === 'in') inheritAll = true;
          else outAll = true;
          continue;
        }
        const target = (v.target ?? '').trim();
        const source = v.source?.trim() || null;
        const sourceExpression = v.sourceExpression?.trim() || null;
        if (!target || (!source && !sourceExpression) || !/^[A-Za-z_][\w]*$/.test(target)) {
          problems.push(`${where}的变量映射(${ln})需要 source 或 sourceExpression 以及合法的 target`);
          continue;
        }
        if (sourceExpression) checkExpression(sourceExpression, `${where}的变量映射`, problems);
        (ln === 'in' ? ins : outs).push({ source, sourceExpression, target });
      }
      node.call = { key, ins, outs, inheritAll, outAll };
    }
    nodes.set(el.id, node);
  }
  };
  const boundaryOf: { node: FlowNode; el: ModdleElement; where: string }[] = [];
  collect(proc, []);
  for (const b of boundaryOf) {
    const host = b.node.attachedTo ? nodes.get(b.node.attachedTo) : undefined;
    if (!host || host.kind !== 'user') {
      problems.push(`不支持${b.where}：定时边界事件只能附在用户任务上`);
      continue;
    }
    host.boundaries!.push(b.node.id);
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
    if ((src.scopes[0] ?? '') !== (nodes.get(target)!.scopes[0] ?? '')) {
      problems.push(`${where}跨越了子流程的边界：请连到子流程本身，或在子流程内结束`);
      continue;
    }
    // Activiti ignores conditions on the outgoing flows of a parallel gateway; so does the engine.
    const flow: Flow = { id: f.id, name: f.name ?? null, source, target, condition: src.kind === 'parallel' ? null : condition };
    src.outgoing.push(flow);
    nodes.get(target)!.incoming.push(flow);
  }
  if (problems.length) throw new BpmnError(problems.slice(0, 8).join('；') + (problems.length > 8 ? `；另有${problems.length - 8}处问题` : ''));

  const starts = [...nodes.values()].filter((n) => n.kind === 'start' && n.scopes.length === 0);
  if (starts.length !== 1) throw new BpmnError('流程必须有且只有一个开始节点');
  // BPMN 2.0 implicit end (Activiti's PVM: leaving an activity with no outgoing flow ends that path)
  const implicitEnd = (n: FlowNode) => n.outgoing.length === 0 && IMPLICIT_END_KINDS.has(n.kind);
  if (![...nodes.values()].some((n) => n.kind === 'end' || implicitEnd(n))) throw new BpmnError('流程至少需要一个结束节点');
  if (starts[0].outgoing.length === 0) throw new BpmnError('开始节点没有出口连线');
  for (const n of nodes.values()) {
    if (n.kind !== 'end' && n.outgoing.length === 0 && !implicitEnd(n)) {
      problems.push(`节点「${n.name}」(${n.id})没有出口连线${n.kind === 'exclusive' || n.kind === 'inclusive' ? '：排他/包容网关必须至少有一条出口连线' : ''}`);
    }
    // an end event nothing leads to is never reached (Activiti deploys it as it is)
    if (n.kind === 'end' && n.incoming.length === 0) warnings.push(`结束节点「${n.name}」(${n.id})没有进入连线，永远不会到达`);
    else if (n.kind !== 'start' && n.kind !== 'boundary' && n.incoming.length === 0) problems.push(`节点「${n.name}」(${n.id})没有进入连线，永远不会到达`);
    if (n.defaultFlow && !n.outgoing.some((f) => f.id === n.defaultFlow)) problems.push(`节点「${n.name}」(${n.id})的默认连线不是它的出口连线`);
    if (n.kind === 'user') {
      const a = n.assignment!;
      if (!a.assignee && !a.candidateUsers.length && !a.candidateGroups.length && !(n.multi?.collection)) {
        warnings.push(`用户任务「${n.name}」(${n.id})在BPMN中没有指定处理人：请在节点设置中配置审批人，否则按“未找到审批人”策略处理`);
      }
    }
  }
  if (problems.length) throw new BpmnError(problems.slice(0, 8).join('；'));

  /** Where a token can go next: into a sub-process, out of it from its ends, to a task's boundary events. */
  const successors = (n: FlowNode): string[] => {
    if (n.kind === 'sub' && n.innerStart) return [n.innerStart];
    const out = n.outgoing.map((f) => f.target);
    if (n.kind === 'end' && n.scopes.length) out.push(...(nodes.get(n.scopes[0])?.outgoing.map((f) => f.target) ?? []));
    if (n.boundaries) out.push(...n.boundaries);
    return out;
  };
  const reachCache = new Map<string, Set<string>>();
  const reachable = (id: string): Set<string> => {
    const hit = reachCache.get(id);
    if (hit) return hit;
    const seen = new Set<string>([id]);
    const stack = [id];
    while (stack.length) {
      const n = nodes.get(stack.pop()!);
      for (const target of n ? successors(n) : []) {
        if (!seen.has(target)) {
          seen.add(target);
          stack.push(target);
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
    for (const target of successors(n)) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
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
