/**
 * The process model the engine walks, as parsing BPMN 2.0 XML produces it: nodes with their kind, flows,
 * assignment, countersign marker, decision fields, timers and call-activity mappings (`FlowNode`,
 * `ProcessModel`), the wire node types, the elements that may end a path without an outgoing flow, and
 * ISO-8601 durations and dates of timers. Types and small pure helpers only.
 */
import type { FormType } from './form-properties.js';

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

/**
 * Elements that may have no outgoing flow: leaving one ends that path, as a plain end event does (BPMN 2.0
 * implicit end). Exclusive and inclusive gateways need a way out (Activiti fails when none can be selected).
 */
export const IMPLICIT_END_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(['user', 'pass', 'parallel']);

export const DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

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

/** The Flowable modeler's assignee for "the user who started the process" (`$INITIATOR`). */
export const MODELER_INITIATOR = '$INITIATOR';
