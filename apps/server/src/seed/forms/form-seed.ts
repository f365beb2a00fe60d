import type { FormDeclaration, FormValues } from '@go/contract/forms/index';

/**
 * What a form type seeds, in its own `seed/forms/<name>.seed.ts` file exporting `formSeed` (found by
 * `seed/forms.seed.ts`, never listed): its process with the approvers of each node, its list under 流程,
 * its dictionaries and demo applications. Applied once per database as the seed part `0610_forms_<slug>`.
 */
export interface FormSeed {
  form: FormDeclaration;
  /** the list under 流程: order among the menu's entries and icon */
  menu: { sortNo: number; icon?: string };
  /** dictionaries the declaration names (`dict`) */
  dicts?: { code: string; name: string; items: [value: string, text: string][] }[];
  process: {
    /** BPMN 2.0 (with the diagram), e.g. from `bpmn()`; gateways read the declared values */
    xml: string;
    category: string;
    description: string;
    /** the approvers of each user task (rule types as in 节点设置: 0 role, 1 user, 2 department, 4 department head …) */
    nodes: Record<string, NodeSeed>;
  };
  /** demo applications of several companies in several states */
  demo?(demo: FormDemo): Promise<void>;
}

export interface NodeSeed {
  rules: { type: number; relateId?: string }[];
  chooseMark?: number;
  repeatPolicy?: 'again' | 'auto';
  commentRequired?: number;
}

/** Filing and acting on demo applications of one form type (as the named users). */
export interface FormDemo {
  /** saves an application of `who` and submits it (unless `submit` is false) */
  file(who: string, data: FormValues, submit?: boolean): Promise<{ id: string; inst: string }>;
  /** approves the open task of an instance as `who` (default: its first candidate) */
  pass(who: string | undefined, inst: string, comment?: string, payload?: Record<string, unknown>): Promise<void>;
  /** rejects the open task to the initiator */
  back(inst: string, comment: string): Promise<void>;
  /** the applicant withdraws */
  cancel(who: string, id: string, reason: string): Promise<void>;
}

const HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ' +
  'targetNamespace="http://www.huayuan.example.com/bpmn">';

type Kind = 'start' | 'user' | 'xor' | 'end';
/** [id, kind, name, x, y] — x/y the top-left of the shape. */
export type BpmnNode = [string, Kind, string, number, number];
/** [id, from, to, condition?, name?] */
export type BpmnFlow = [string, string, string, string?, string?];

const SIZE: Record<Kind, [number, number]> = { start: [36, 36], end: [36, 36], user: [110, 80], xor: [50, 50] };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small BPMN process with its diagram (edges drawn centre to centre with one elbow). */
export function bpmn(key: string, name: string, nodes: BpmnNode[], flows: BpmnFlow[], defaults: Record<string, string> = {}): string {
  const tag: Record<Kind, string> = { start: 'startEvent', user: 'userTask', xor: 'exclusiveGateway', end: 'endEvent' };
  const els = nodes
    .map(([id, kind, n]) => `<${tag[kind]} id="${id}" name="${esc(n)}"${defaults[id] ? ` default="${defaults[id]}"` : ''}/>`)
    .join('');
  const fl = flows
    .map(([id, from, to, cond, label]) => {
      const nm = label ? ` name="${esc(label)}"` : '';
      return cond
        ? `<sequenceFlow id="${id}"${nm} sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression">${esc(cond)}</conditionExpression></sequenceFlow>`
        : `<sequenceFlow id="${id}"${nm} sourceRef="${from}" targetRef="${to}"/>`;
    })
    .join('');
  const at = new Map(nodes.map((n) => [n[0], n]));
  const centre = (id: string): [number, number] => {
    const [, kind, , x, y] = at.get(id)!;
    const [w, h] = SIZE[kind];
    return [x + w / 2, y + h / 2];
  };
  const shapes = nodes
    .map(([id, kind, , x, y]) => {
      const [w, h] = SIZE[kind];
      return `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
    })
    .join('');
  const edges = flows
    .map(([id, from, to]) => {
      const [x1, y1] = centre(from);
      const [x2, y2] = centre(to);
      const pts = y1 === y2 ? [[x1, y1], [x2, y2]] : [[x1, y1], [x1, y2], [x2, y2]];
      return `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`;
    })
    .join('');
  return (
    `${HEADER}<process id="${key}" name="${esc(name)}" isExecutable="true">${els}${fl}</process>` +
    `<bpmndi:BPMNDiagram id="${key}_diagram"><bpmndi:BPMNPlane id="${key}_plane" bpmnElement="${key}">${shapes}${edges}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`
  );
}
