import { BpmnModdle } from 'bpmn-moddle';
import { compileCondition, ExpressionError } from './expression.js';

/** Wire node types: 0 start, 1 user task, 2 end, 3 exclusive gateway, 4 parallel gateway. */
export const NODE_TYPE = { start: 0, user: 1, end: 2, exclusive: 3, parallel: 4 } as const;

export type NodeKind = 'start' | 'user' | 'end' | 'exclusive' | 'parallel' | 'other';

export interface Flow {
  id: string;
  name: string | null;
  source: string;
  target: string;
  condition: string | null;
}

export interface FlowNode {
  id: string;
  name: string;
  kind: NodeKind;
  /** wire type; `other` elements (script/service tasks, inclusive gateways…) are passed through as 3 */
  type: number;
  incoming: Flow[];
  outgoing: Flow[];
  defaultFlow: string | null;
}

export interface ProcessModel {
  key: string;
  name: string;
  nodes: Map<string, FlowNode>;
  startId: string;
  /** user tasks in the order a walk from the start meets them */
  userTasks: FlowNode[];
  /** ids of the nodes reachable from `id` (itself included) */
  reachable(id: string): Set<string>;
}

export class BpmnError extends Error {}

interface ModdleElement {
  $type: string;
  id: string;
  name?: string;
  sourceRef?: { id: string };
  targetRef?: { id: string };
  conditionExpression?: { body?: string };
  default?: { id: string };
  flowElements?: ModdleElement[];
  rootElements?: ModdleElement[];
  isExecutable?: boolean;
}

const KIND: Record<string, NodeKind> = {
  'bpmn:StartEvent': 'start',
  'bpmn:UserTask': 'user',
  'bpmn:EndEvent': 'end',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:InclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
};

const WIRE: Record<NodeKind, number> = { start: 0, user: 1, end: 2, exclusive: 3, parallel: 4, other: 3 };

/**
 * Parses BPMN 2.0 XML (one executable process) into the graph the engine walks, checking what the
 * engine relies on: one start event, at least one end event, flows between known nodes, valid conditions.
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
  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) throw new BpmnError('流程定义必须且只能包含一个流程(process)');
  const proc = processes[0];
  if (!proc.id) throw new BpmnError('流程缺少id');
  const nodes = new Map<string, FlowNode>();
  const flows: ModdleElement[] = [];
  for (const el of proc.flowElements ?? []) {
    if (el.$type === 'bpmn:SequenceFlow') {
      flows.push(el);
      continue;
    }
    if (el.$type === 'bpmn:SubProcess') throw new BpmnError('暂不支持子流程(subProcess)');
    const kind: NodeKind = KIND[el.$type] ?? 'other';
    nodes.set(el.id, {
      id: el.id,
      name: el.name ?? (kind === 'start' ? '开始' : kind === 'end' ? '结束' : el.id),
      kind,
      type: WIRE[kind],
      incoming: [],
      outgoing: [],
      defaultFlow: el.default?.id ?? null,
    });
  }
  for (const f of flows) {
    const source = f.sourceRef?.id;
    const target = f.targetRef?.id;
    if (!source || !target || !nodes.has(source) || !nodes.has(target)) {
      throw new BpmnError(`连线 ${f.id} 的起点或终点不存在`);
    }
    const condition = f.conditionExpression?.body?.trim() || null;
    if (condition) {
      try {
        compileCondition(condition);
      } catch (err) {
        if (err instanceof ExpressionError) throw new BpmnError(`连线 ${f.id} 的条件表达式不正确：${err.message}`);
        throw err;
      }
    }
    const flow: Flow = { id: f.id, name: f.name ?? null, source, target, condition };
    nodes.get(source)!.outgoing.push(flow);
    nodes.get(target)!.incoming.push(flow);
  }
  const starts = [...nodes.values()].filter((n) => n.kind === 'start');
  if (starts.length !== 1) throw new BpmnError('流程必须有且只有一个开始节点');
  if (![...nodes.values()].some((n) => n.kind === 'end')) throw new BpmnError('流程至少需要一个结束节点');
  if (starts[0].outgoing.length === 0) throw new BpmnError('开始节点没有出口连线');

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

  return { key: proc.id, name: proc.name ?? proc.id, nodes, startId: starts[0].id, userTasks, reachable };
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
