/** The properties the designer edits on a BPMN element, read from and written to its business object. */

/**
 * An element inside `extensionElements` (activiti:formProperty, flowable:in …). The engine namespaces are not
 * registered with the modeler, so these are generic elements: attributes as properties, children in `$children`.
 */
export interface ExtensionValue {
  $type: string;
  id?: string;
  name?: string;
  type?: string;
  required?: string;
  values?: { id?: string; name?: string }[];
  $children?: ExtensionValue[];
  source?: string;
  sourceExpression?: string;
  target?: string;
}

export interface BusinessObject {
  $type: string;
  id: string;
  name?: string;
  $attrs: Record<string, string>;
  $parent?: BusinessObject;
  loopCharacteristics?: { $type: string; isSequential?: boolean; completionCondition?: { body?: string } } | undefined;
  extensionElements?: { values?: ExtensionValue[] };
  eventDefinitions?: { $type: string; timeDuration?: { body?: string }; timeDate?: { body?: string }; timeCycle?: { body?: string } }[];
  cancelActivity?: boolean;
  calledElement?: string;
}

/** A decision the approver of a node supplies (written as activiti:formProperty). */
export interface DecisionFieldDraft {
  name: string;
  label: string;
  type: 'radio' | 'text' | 'number';
  /** radio options as `value:label, value:label` */
  options: string;
  required: boolean;
}

export type TimeUnit = 'M' | 'H' | 'D';

/** A due date or a timer as the panel shows it: an amount and a unit, or a fixed date-time, or raw text. */
export interface TimerDraft {
  kind: 'duration' | 'date';
  amount: number | null;
  unit: TimeUnit;
  /** the date-time of a `timeDate`, or the raw text the panel cannot show as amount + unit */
  text: string;
}

export type TimeoutAction = 'remind' | 'pass' | 'reject';

/** Mapping lines of a call activity: `source=target` (or `\${expression}=target`), one per line. */
export type MappingText = string;

export type SignMode = '' | 'parallel' | 'sequential';

export interface NodeProps {
  name: string;
  assignee: string;
  candidateUsers: string;
  candidateGroups: string;
  signMode: SignMode;
  /** pass ratio in percent for a countersign; 100 = everyone */
  passRatio: number;
  /** end events */
  outcome: 'passed' | 'rejected';
  /** user tasks: the due date (activiti:dueDate) and what happens when it passes (wf:timeoutAction) */
  due: TimerDraft | null;
  timeoutAction: TimeoutAction;
  decisionFields: DecisionFieldDraft[];
  /** boundary events: the timer and whether it interrupts the task */
  timer: TimerDraft | null;
  interrupting: boolean;
  /** call activities */
  calledElement: string;
  ins: MappingText;
  outs: MappingText;
}

export const WF_NS = 'urn:group-office:workflow';

/** The namespaces of the engines whose extension attributes the designer reads and writes, by preference. */
export const ENGINE_NS: Record<string, string> = {
  activiti: 'http://activiti.org/bpmn',
  flowable: 'http://flowable.org/bpmn',
  camunda: 'http://camunda.org/schema/1.0/bpmn',
};
const ENGINE_URIS = Object.values(ENGINE_NS);

const localOf = (name: string) => name.slice(name.indexOf(':') + 1);
const prefixOf = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':')) : '');

/** The namespace declarations in scope for an element: prefix → URI, the nearest declaration winning. */
function declarations(bo: BusinessObject): Map<string, string> {
  const chain: BusinessObject[] = [];
  for (let e: BusinessObject | undefined = bo; e; e = e.$parent) chain.unshift(e);
  const out = new Map<string, string>();
  for (const e of chain) for (const [k, v] of Object.entries(e.$attrs ?? {})) if (k.startsWith('xmlns:')) out.set(k.slice(6), v);
  return out;
}

/** Whether a prefix names an engine namespace here (an undeclared `activiti:` … counts by its name). */
function isEnginePrefix(prefix: string, decl: Map<string, string>): boolean {
  const uri = decl.get(prefix);
  return uri ? ENGINE_URIS.includes(uri) : prefix in ENGINE_NS;
}

/**
 * The engine namespace the document uses: the first of activiti, flowable, camunda it declares (under
 * whatever prefix), else activiti. New extension attributes and elements are written in it.
 */
export function engineNamespace(bo: BusinessObject): { prefix: string; uri: string } {
  const decl = declarations(bo);
  for (const uri of ENGINE_URIS) for (const [prefix, u] of decl) if (u === uri) return { prefix, uri };
  return { prefix: 'activiti', uri: ENGINE_NS.activiti };
}

/** The `$attrs` key of an engine extension attribute: the one the element has, else one in the document's engine namespace. */
export function engineAttrKey(bo: BusinessObject, local: string): string {
  const decl = declarations(bo);
  const have = Object.keys(bo.$attrs ?? {}).find((k) => !k.startsWith('xmlns') && localOf(k) === local && isEnginePrefix(prefixOf(k), decl));
  return have ?? `${engineNamespace(bo).prefix}:${local}`;
}

const attr = (bo: BusinessObject, name: string) => bo.$attrs?.[engineAttrKey(bo, name)] ?? '';

/**
 * Writes (or, when blank, removes) one engine extension attribute of an element, in place: everything else on
 * the element and in the document is left as it was. The properties panel writes approvers through this.
 */
export function setEngineAttr(bo: BusinessObject, local: string, value: string): void {
  const key = engineAttrKey(bo, local);
  const v = value.trim();
  if (v) bo.$attrs[key] = v;
  else delete bo.$attrs[key];
}

/** Extension elements of an element by local name in an engine namespace (formProperty, in, out). */
function extensionsNamed(bo: BusinessObject, local: string): ExtensionValue[] {
  const decl = declarations(bo);
  return (bo.extensionElements?.values ?? []).filter((v) => localOf(v.$type).toLowerCase() === local.toLowerCase() && isEnginePrefix(prefixOf(v.$type), decl));
}

/** The extension elements an edit keeps: all but those of the local names it replaces. */
export function keptExtensions(bo: BusinessObject, locals: string[]): ExtensionValue[] {
  const replaced = new Set(locals.flatMap((l) => extensionsNamed(bo, l)));
  return (bo.extensionElements?.values ?? []).filter((v) => !replaced.has(v));
}

/** The completion condition a pass ratio stands for (none for 100 %). */
export function ratioCondition(ratio: number): string | null {
  if (ratio >= 100) return null;
  return `\${nrOfApprovedInstances / nrOfInstances >= ${(ratio / 100).toFixed(2).replace(/0+$/, '').replace(/\.$/, '')}}`;
}

/** Reads a ratio back from a condition the designer wrote; other conditions read as 100. */
export function conditionRatio(body: string | undefined): number {
  const m = /nrOfApprovedInstances \/ nrOfInstances >= ([0-9.]+)/.exec(body ?? '');
  return m ? Math.round(Number(m[1]) * 100) : 100;
}

/** ISO-8601 duration of an amount and a unit: 2 H → PT2H, 3 D → P3D, 30 M → PT30M. */
export function durationText(amount: number, unit: TimeUnit): string {
  return unit === 'D' ? `P${amount}D` : `PT${amount}${unit}`;
}

/** Reads a duration the panel can show (PT2H, P3D, PT30M); anything else keeps its text. */
export function readTimer(text: string | undefined, kind: 'duration' | 'date' = 'duration'): TimerDraft | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  if (kind === 'date') return { kind, amount: null, unit: 'H', text: t };
  const m = /^P(?:(\d+)D|T(\d+)([HM]))$/.exec(t);
  if (m) return m[1] ? { kind, amount: Number(m[1]), unit: 'D', text: '' } : { kind, amount: Number(m[2]), unit: m[3] as TimeUnit, text: '' };
  return { kind, amount: null, unit: 'H', text: t };
}

/** The text a timer draft is written as (null: nothing to write). */
export function timerText(d: TimerDraft | null): string | null {
  if (!d) return null;
  if (d.kind === 'date' || d.amount === null) return d.text.trim() || null;
  return d.amount > 0 ? durationText(d.amount, d.unit) : null;
}

/** `yes:同意, no:不同意` → options. */
export function parseOptions(text: string): { id: string; name: string }[] {
  return text
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      const i = x.search(/[:：]/);
      return i < 0 ? { id: x, name: x } : { id: x.slice(0, i).trim(), name: x.slice(i + 1).trim() || x.slice(0, i).trim() };
    });
}

const FP_TYPE: Record<DecisionFieldDraft['type'], string> = { radio: 'enum', text: 'string', number: 'long' };

/** Decision fields as the activiti:formProperty attributes the engine reads (enum → 单选, long → 数字). */
export function formPropertyOf(f: DecisionFieldDraft): { id: string; name: string; type: string; required: string; values: { id: string; name: string }[] } {
  return { id: f.name.trim(), name: f.label.trim() || f.name.trim(), type: FP_TYPE[f.type], required: f.required ? 'true' : 'false', values: f.type === 'radio' ? parseOptions(f.options) : [] };
}

/** Problems of the decision fields, in the words of the panel (empty when fine). */
export function decisionProblems(fields: DecisionFieldDraft[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const f of fields) {
    const n = f.name.trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) out.push(`变量名「${n}」须以字母开头，只含字母、数字、下划线`);
    else if (seen.has(n)) out.push(`变量名「${n}」重复`);
    seen.add(n);
    if (f.type === 'radio' && !parseOptions(f.options).length) out.push(`「${f.label || n}」请填写选项，如 yes:同意, no:不同意`);
  }
  return out;
}

function readDecisionFields(bo: BusinessObject): DecisionFieldDraft[] {
  return extensionsNamed(bo, 'formProperty')
    .map((v) => ({
      name: v.id ?? '',
      label: v.name ?? v.id ?? '',
      type: v.type === 'enum' || v.type === 'boolean' ? 'radio' : v.type === 'long' || v.type === 'double' ? 'number' : 'text',
      options: v.type === 'boolean' ? 'true:是, false:否' : (v.values ?? (v.$children ?? []).filter((c) => localOf(c.$type) === 'value')).map((o) => `${o.id ?? ''}:${o.name ?? o.id ?? ''}`).join(', '),
      required: String(v.required) === 'true',
    }));
}

function readMappings(bo: BusinessObject, local: 'in' | 'out'): MappingText {
  return extensionsNamed(bo, local)
    .map((v) => `${v.sourceExpression ?? v.source ?? ''}=${v.target ?? ''}`)
    .join('\n');
}

/** `a=b` lines → mappings (`\${…}` on the left is an expression). Lines without `=` are skipped. */
export function parseMappings(text: MappingText): { source?: string; sourceExpression?: string; target: string }[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.includes('='))
    .map((l) => {
      const i = l.lastIndexOf('=');
      const left = l.slice(0, i).trim();
      const target = l.slice(i + 1).trim();
      return /^[$#]\{/.test(left) ? { sourceExpression: left, target } : { source: left, target };
    })
    .filter((m) => m.target && (m.source || m.sourceExpression));
}

export function readProps(bo: BusinessObject): NodeProps {
  const loop = bo.loopCharacteristics;
  const mi = loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics';
  const timerDef = bo.eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');
  const action = bo.$attrs?.['wf:timeoutAction'];
  return {
    name: bo.name ?? '',
    assignee: attr(bo, 'assignee'),
    candidateUsers: attr(bo, 'candidateUsers'),
    candidateGroups: attr(bo, 'candidateGroups'),
    signMode: mi ? (loop?.isSequential ? 'sequential' : 'parallel') : '',
    passRatio: mi ? conditionRatio(loop?.completionCondition?.body) : 100,
    outcome: bo.$attrs?.['wf:outcome'] === 'rejected' ? 'rejected' : 'passed',
    due: readTimer(attr(bo, 'dueDate')),
    timeoutAction: action === 'pass' || action === 'reject' ? action : 'remind',
    decisionFields: readDecisionFields(bo),
    timer: timerDef
      ? timerDef.timeDate?.body
        ? readTimer(timerDef.timeDate.body, 'date')
        : (readTimer(timerDef.timeDuration?.body ?? timerDef.timeCycle?.body) ?? { kind: 'duration', amount: 1, unit: 'H', text: '' })
      : null,
    interrupting: bo.cancelActivity !== false,
    calledElement: bo.calledElement ?? '',
    ins: readMappings(bo, 'in'),
    outs: readMappings(bo, 'out'),
  };
}

/** A two-step process to start from: 部门审批 → 会签 (parallel countersign) → end. */
export const STARTER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:activiti="http://activiti.org/bpmn" xmlns:wf="${WF_NS}" targetNamespace="http://www.huayuan.example.com/bpmn">
  <process id="new_process" name="新流程" isExecutable="true">
    <startEvent id="start" name="开始"/>
    <userTask id="step1" name="部门审批" activiti:assignee="\${initiator}"/>
    <userTask id="step2" name="会签">
      <multiInstanceLoopCharacteristics isSequential="false"/>
    </userTask>
    <endEvent id="end" name="结束"/>
    <sequenceFlow id="flow1" sourceRef="start" targetRef="step1"/>
    <sequenceFlow id="flow2" sourceRef="step1" targetRef="step2"/>
    <sequenceFlow id="flow3" sourceRef="step2" targetRef="end"/>
  </process>
  <bpmndi:BPMNDiagram id="diagram"><bpmndi:BPMNPlane id="plane" bpmnElement="new_process">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="80" y="122" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="step1_di" bpmnElement="step1"><dc:Bounds x="180" y="100" width="110" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="step2_di" bpmnElement="step2"><dc:Bounds x="360" y="100" width="110" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="540" y="122" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="flow1_di" bpmnElement="flow1"><di:waypoint x="116" y="140"/><di:waypoint x="180" y="140"/></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="flow2_di" bpmnElement="flow2"><di:waypoint x="290" y="140"/><di:waypoint x="360" y="140"/></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="flow3_di" bpmnElement="flow3"><di:waypoint x="470" y="140"/><di:waypoint x="540" y="140"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
