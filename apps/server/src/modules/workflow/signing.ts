/**
 * How a user task is signed — the one place that owns the rule: the admin's node setting `multiMode` decides
 * over the BPMN multi-instance marker (`isSequential`), and the pass ratio comes from the setting, clamped to
 * 1–100 (100 by default). The engine runs a countersign by `countersignOf`; the next-step preview and the node
 * people endpoint describe the same rule by `signInfoOf` (docs/workflow.md, "Countersign 会签 / or-sign 或签").
 */
import type { FlowNode, MultiInstance } from './bpmn.js';
import type { WfNode } from './workflow.tables.js';

/** How a user task is signed (see `wfSignMode`), with the countersign's pass ratio. */
export type SignInfo = { signMode: 'or' | 'parallel' | 'sequential'; passRatio: number; completionCondition?: boolean };

/** The node settings the rule reads. */
export type SignSettings = { multiMode?: WfNode['multiMode'] | null; passRatio?: WfNode['passRatio'] | null };

/** Admin settings over the BPMN multi-instance marker: the countersign of a node, or null (one person signs). */
export function countersignOf(node: FlowNode, settings: SignSettings): (MultiInstance & { ratio: number }) | null {
  const mode = settings.multiMode ?? '';
  if (!node.multi && !mode) return null;
  return {
    sequential: mode ? mode === 'sequential' : node.multi!.sequential,
    cardinality: node.multi?.cardinality ?? null,
    collection: node.multi?.collection ?? null,
    elementVariable: node.multi?.elementVariable ?? null,
    completionCondition: node.multi?.completionCondition ?? null,
    ratio: Math.min(100, Math.max(1, settings.passRatio ?? 100)),
  };
}

/** A user task's signing as the engine runs it (`countersignOf`), in the words of the next-step preview. */
export function signInfoOf(node: FlowNode, settings: SignSettings): SignInfo {
  const mi = countersignOf(node, settings);
  if (!mi) return { signMode: 'or', passRatio: 100 };
  const info: SignInfo = { signMode: mi.sequential ? 'sequential' : 'parallel', passRatio: mi.ratio };
  if (mi.completionCondition) info.completionCondition = true;
  return info;
}
