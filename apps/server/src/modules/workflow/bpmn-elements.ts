/**
 * Reading the parts of one BPMN element for the parser in bpmn.ts: the element kinds the engine runs, their
 * Chinese names for messages, the Activiti/Flowable/Camunda extension attributes, assignment and expression
 * checks, timer definitions, resource assignments (humanPerformer, potentialOwner), form properties as
 * decision fields, and generated flow ids. Every problem is reported with the element named.
 */
import { compileCondition, ExpressionError, isExpression } from './expression.js';
import { booleanAttribute, datePatternParts, DEFAULT_DATE_PATTERN, FORM_TYPES, formTarget, type FormType } from './form-properties.js';
import { type NodeKind, type Assignment, type DecisionField, type TimerSpec, addDuration, parseTimerDate, MODELER_INITIATOR } from './bpmn-model.js';

export interface ModdleElement {
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

export const KIND: Record<string, NodeKind> = {
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

/** Chinese names of BPMN elements, for messages that name the element. */
export const ELEMENT_CN: Record<string, string> = {
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

export const EVENT_CN: Record<string, string> = {
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

export const WIRE: Record<NodeKind, number> = { start: 0, user: 1, end: 2, exclusive: 3, parallel: 4, inclusive: 3, pass: 3, sub: 3, call: 3, boundary: 3, catch: 3 };

export const isExpr = (t: string) => isExpression(t);

/** Names an element for a message: 服务任务「发送邮件」(sendMail). */
export function describeElement(el: { $type: string; id?: string; name?: string }): string {
  const cn = ELEMENT_CN[el.$type] ?? `元素 ${el.$type.replace(/^bpmn:/, '')}`;
  return `${cn}「${el.name?.trim() || el.id || '未命名'}」${el.id && el.name?.trim() ? `(${el.id})` : ''}`;
}

/** Extension attribute by local name, whatever the prefix (activiti:, flowable:, camunda:, wf:). */
export function ext(el: ModdleElement, local: string): string | null {
  for (const [k, v] of Object.entries(el.$attrs ?? {})) {
    if (k.startsWith('xmlns')) continue;
    const i = k.indexOf(':');
    if ((i >= 0 ? k.slice(i + 1) : k) === local && String(v).trim() !== '') return String(v).trim();
  }
  return null;
}

export const localName = (t: string) => t.slice(t.indexOf(':') + 1);
export const csv = (s: string | null) => (s ? splitTopLevel(s) : []);

/** Splits `a, ${b ? 'x' : 'y'}, c` on commas outside `${…}`. */
export function splitTopLevel(s: string): string[] {
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
export function checkExpression(text: string, where: string, problems: string[]): void {
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
export function checkAssignment(text: string, where: string, problems: string[]): void {
  const t = text.trim();
  if (t === MODELER_INITIATOR) return;
  if (/^\$[A-Za-z_]/.test(t)) {
    problems.push(`${where}「${t}」无法解析：本引擎只认识表示发起人的 $INITIATOR，请改为用户名或 \${…} 表达式`);
    return;
  }
  checkExpression(t, where, problems);
}

/** A timer text checked at deploy: an expression (evaluated when the timer starts), or a literal duration/date. */
export function timerSpec(text: string, as?: 'duration' | 'date'): TimerSpec | null {
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
export function resourceAssignment(el: ModdleElement, a: Assignment): void {
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

export const VARIABLE_NAME = /^[A-Za-z_][\w]*$/;

/**
 * The `activiti:formProperty` elements of a start event or user task, read as Activiti's form handler
 * does: `id` (required) is the form key, `name` the label (any text), `type` one of the registered form
 * types (string when absent; anything else is refused, as Activiti's "unknown type"), enum values from the
 * `activiti:value` children (id → name), `required`/`readable`/`writable` as Activiti's boolean words,
 * `variable`, `expression`, `default` and the date's `datePattern`.
 */
export function decisionFields(el: ModdleElement, problems: string[], where: string, warnings: string[]): DecisionField[] {
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
export function flowId(source: string, target: string, taken: Set<string>): string {
  const base = `flow_${source}_${target}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  return id;
}
