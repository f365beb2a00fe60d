/**
 * Opening and saving BPMN files in the process designer without losing what it does not edit.
 *
 * The designer edits the parsed bpmn-moddle tree in place and serialises that tree; it never regenerates a
 * file from a reduced model. Engine namespaces (activiti:, flowable:, camunda:) are deliberately not
 * registered with the modeler, so every extension element and attribute in them is read as a generic
 * element and written back as it was. Two gaps of the reader are closed here: references to ids that are not
 * elements (loopDataInputRef naming a variable) are put back so they are written again, and a file without a
 * diagram gets one laid out so that it can be shown at all.
 */
import { layoutProcess } from 'bpmn-auto-layout';
import { BpmnModdle } from 'bpmn-moddle';
import { ENGINE_NS, WF_NS, type BusinessObject } from './designerModel';

/** The bits of a moddle element this module touches. */
export interface ModdleNode {
  $type: string;
  id?: string;
  name?: string;
  isExecutable?: boolean;
  $attrs: Record<string, string>;
  $parent?: ModdleNode;
  rootElements?: ModdleNode[];
  diagrams?: ModdleNode[];
  plane?: ModdleNode & { planeElement?: ModdleNode[] };
  bpmnElement?: ModdleNode;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
}

/** A warning of the bpmn-moddle reader (bpmn-js's importXML hands the same ones on). */
export interface ReadWarning {
  message: string;
  element?: {
    get?(name: string): unknown;
    set?(name: string, value: unknown): void;
    $descriptor?: { propertiesByName?: Record<string, { isMany?: boolean; name: string }> };
  };
  property?: string;
  value?: string;
}

interface ModdleLike {
  createAny(name: string, nsUri: string, props?: Record<string, unknown>): unknown;
}

/**
 * Puts back references the reader could not resolve — `loopDataInputRef="reviewerList"` names a process
 * variable, not an element — as stand-ins that carry the id, so saving writes the attribute again.
 */
export function restoreUnresolvedReferences(warnings: ReadWarning[], moddle: ModdleLike): number {
  let restored = 0;
  for (const w of warnings) {
    if (!/^unresolved reference </.test(w.message) || !w.element?.set || !w.property || !w.value) continue;
    const prop = w.element.$descriptor?.propertiesByName?.[w.property];
    if (!prop) continue;
    const standIn = moddle.createAny(
      'bpmn:UnresolvedReference',
      'http://www.omg.org/spec/BPMN/20100524/MODEL',
      { id: w.value },
    );
    if (prop.isMany) {
      const list = (w.element.get?.(prop.name) as unknown[] | undefined) ?? [];
      list.push(standIn);
    } else w.element.set(prop.name, standIn);
    restored++;
  }
  return restored;
}

/** Whether a file has a diagram with at least one shape (bpmn-js shows nothing of a file without one). */
export function hasDiagram(definitions: ModdleNode): boolean {
  return (definitions.diagrams ?? []).some((d) => (d.plane?.planeElement ?? []).length > 0);
}

/** Every element of a moddle tree below `root`, each once. */
function walk(root: unknown, visit: (el: ModdleNode) => void): void {
  const seen = new Set<unknown>();
  const go = (v: unknown) => {
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) return v.forEach(go);
    const el = v as ModdleNode;
    if (typeof el.$type !== 'string') return;
    visit(el);
    for (const [k, child] of Object.entries(el)) if (k !== '$parent' && !k.startsWith('$attrs')) go(child);
  };
  go(root);
}

interface FlowContainer {
  $type: string;
  flowElements?: (FlowContainer & {
    id?: string;
    sourceRef?: FlowContainer;
    targetRef?: FlowContainer;
    incoming?: unknown[];
    outgoing?: unknown[];
  })[];
}

/**
 * A copy of the file whose nodes name their incoming and outgoing flows, as modelers write them and as the
 * layout follows them (engine files often leave them out). Only the layout reads this copy.
 */
async function withFlowRefs(xml: string): Promise<string> {
  const moddle = new BpmnModdle();
  const { rootElement } = await moddle.fromXML(xml);
  const fill = (container: FlowContainer) => {
    for (const el of container.flowElements ?? []) {
      if (el.$type === 'bpmn:SequenceFlow' && el.sourceRef && el.targetRef) {
        const src = el.sourceRef as { outgoing?: unknown[] };
        const tgt = el.targetRef as { incoming?: unknown[] };
        if (!(src.outgoing ??= []).includes(el)) src.outgoing.push(el);
        if (!(tgt.incoming ??= []).includes(el)) tgt.incoming.push(el);
      }
      fill(el);
    }
  };
  for (const root of (rootElement as { rootElements?: FlowContainer[] }).rootElements ?? []) fill(root);
  return (await moddle.toXML(rootElement, { format: false })).xml;
}

/**
 * The file as the designer opens it: unchanged when it has a diagram; otherwise with a diagram laid out
 * (bpmn-auto-layout) and added to the file's own tree, everything else as read.
 */
export async function withDiagram(xml: string): Promise<string> {
  const moddle = new BpmnModdle();
  const read = await moddle.fromXML(xml);
  const defs = read.rootElement as unknown as ModdleNode;
  if (hasDiagram(defs)) return xml;
  restoreUnresolvedReferences(read.warnings as ReadWarning[], moddle as unknown as ModdleLike);
  const laid = await new BpmnModdle().fromXML(await layoutProcess(await withFlowRefs(xml)));
  const byId = new Map<string, ModdleNode>();
  walk(defs.rootElements, (el) => {
    if (el.id) byId.set(el.id, el);
  });
  const diagrams = (laid.rootElement as unknown as ModdleNode).diagrams ?? [];
  for (const d of diagrams) {
    walk(d, (el) => {
      if (el.bpmnElement?.id) el.bpmnElement = byId.get(el.bpmnElement.id);
    });
    d.$parent = defs;
  }
  defs.set('diagrams', diagrams);
  return (await saveFaithfully(defs, () => moddle.toXML(read.rootElement, { format: true }))).xml;
}

/** The process a file deploys as: the only executable one (or the only one), as the server picks it. */
export function executableProcess(definitions: ModdleNode): ModdleNode | undefined {
  const all = (definitions.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  const executable = all.filter((e) => e.isExecutable !== false);
  return (executable.length ? executable : all)[0];
}

/** The definitions element above any element. */
export function definitionsOf(el: ModdleNode | BusinessObject): ModdleNode {
  let e = el as ModdleNode;
  while (e.$parent) e = e.$parent;
  return e;
}

const KNOWN_PREFIX: Record<string, string> = { ...ENGINE_NS, wf: WF_NS };

/**
 * Declares on the definitions element the namespaces of extension attributes the designer wrote under a
 * prefix the file does not declare yet (activiti: in a plain BPMN file, wf:). Existing declarations stay.
 */
export function declareWrittenPrefixes(definitions: ModdleNode): string[] {
  const declared = (el: ModdleNode, prefix: string) => {
    for (let e: ModdleNode | undefined = el; e; e = e.$parent) if (e.$attrs?.[`xmlns:${prefix}`]) return true;
    return false;
  };
  const added: string[] = [];
  walk(definitions, (el) => {
    for (const k of Object.keys(el.$attrs ?? {})) {
      const i = k.indexOf(':');
      const prefix = i > 0 ? k.slice(0, i) : '';
      if (!prefix || prefix === 'xmlns' || prefix === 'xml' || !KNOWN_PREFIX[prefix] || declared(el, prefix))
        continue;
      definitions.$attrs[`xmlns:${prefix}`] = KNOWN_PREFIX[prefix];
      added.push(prefix);
    }
  });
  return added;
}

/**
 * Before saving for deploy: the process key and name from the form (written only when they changed) and the
 * namespace declarations of what was written. Returns the process edited.
 */
export function prepareForDeploy(
  definitions: ModdleNode,
  key: string,
  name: string,
  setProcess?: (proc: ModdleNode, props: { id?: string; name?: string }) => void,
): ModdleNode | undefined {
  const proc = executableProcess(definitions);
  if (proc) {
    const props: { id?: string; name?: string } = {};
    if (key && key !== proc.id) props.id = key;
    const n = name.trim();
    if (n && n !== (proc.name ?? proc.id)) props.name = n;
    if (props.id || props.name) {
      if (setProcess) setProcess(proc, props);
      else Object.assign(proc, props);
    }
  }
  declareWrittenPrefixes(definitions);
  return proc;
}

interface PropertyDescriptor {
  name: string;
  isAttr?: boolean;
  default?: unknown;
  ns: { prefix: string; localName: string };
  xml?: { serialize?: string };
}
interface Described {
  $descriptor?: {
    isGeneric?: boolean;
    ns: { prefix: string };
    properties: PropertyDescriptor[];
    propertiesByName: Record<string, PropertyDescriptor>;
  };
  expression?: { $type: string };
}

/** Where bpmn-moddle would write `<expression xsi:type="tFormalExpression">` for a file's `<formalExpression>`. */
const FORMAL_EXPRESSION_HOLDERS = ['bpmn:ResourceAssignmentExpression', 'bpmn:ResourceParameterBinding'];

/**
 * Saves the way the file was written where bpmn-moddle's writer would change its form: an attribute the file
 * set to its default value (isSequential="false", cancelActivity="true", typeLanguage …) is written again
 * rather than left out, and a potential owner's `<formalExpression>` stays that element (Activiti reads it by
 * that name). The model is as before once `save` is done.
 */
export async function saveFaithfully<T>(definitions: ModdleNode, save: () => Promise<T>): Promise<T> {
  const undo: (() => void)[] = [];
  walk(definitions, (el) => {
    const d = (el as Described).$descriptor;
    if (!d || d.isGeneric) return;
    for (const p of d.properties) {
      if (
        !p.isAttr ||
        p.default === undefined ||
        p.ns.prefix !== d.ns.prefix ||
        !Object.prototype.hasOwnProperty.call(el, p.name)
      )
        continue;
      if ((el as unknown as Record<string, unknown>)[p.name] !== p.default || p.ns.localName in el.$attrs)
        continue;
      const key = p.ns.localName;
      el.$attrs[key] = String(p.default);
      undo.push(() => delete el.$attrs[key]);
    }
    if (
      FORMAL_EXPRESSION_HOLDERS.includes(el.$type) &&
      (el as Described).expression?.$type === 'bpmn:FormalExpression'
    ) {
      const p = d.propertiesByName.expression;
      const xml = p?.xml;
      if (p && xml?.serialize) {
        p.xml = undefined;
        undo.push(() => (p.xml = xml));
      }
    }
  });
  try {
    return await save();
  } finally {
    for (const u of undo) u();
  }
}
