/**
 * Parsing BPMN 2.0 XML (one executable process) into the graph the engine walks, refusing with a message
 * naming the element everything the engine does not execute, and the cache of parsed models by definition
 * (definitions are immutable once deployed). The model types live in bpmn-model.ts and the reading of single
 * elements in bpmn-elements.ts; both are re-exported here so importers keep one module.
 */
import { BpmnModdle } from 'bpmn-moddle';
import { compileCondition, ExpressionError } from './expression.js';
import { type Flow, type Assignment, type MultiInstance, type TimeoutAction, type VarMapping, type FlowNode, type ProcessModel, BpmnError, IMPLICIT_END_KINDS } from './bpmn-model.js';
import { type ModdleElement, KIND, EVENT_CN, WIRE, isExpr, describeElement, ext, localName, csv, checkExpression, checkAssignment, timerSpec, resourceAssignment, decisionFields, flowId } from './bpmn-elements.js';

export * from './bpmn-model.js';
export { describeElement } from './bpmn-elements.js';

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
