/** The properties the designer edits on a BPMN element, read from and written to its business object. */

export interface BusinessObject {
  $type: string;
  id: string;
  name?: string;
  $attrs: Record<string, string>;
  loopCharacteristics?: { $type: string; isSequential?: boolean; completionCondition?: { body?: string } } | undefined;
}

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
}

export const WF_NS = 'urn:group-office:workflow';

const attr = (bo: BusinessObject, name: string) => bo.$attrs?.[`activiti:${name}`] ?? '';

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

export function readProps(bo: BusinessObject): NodeProps {
  const loop = bo.loopCharacteristics;
  const mi = loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics';
  return {
    name: bo.name ?? '',
    assignee: attr(bo, 'assignee'),
    candidateUsers: attr(bo, 'candidateUsers'),
    candidateGroups: attr(bo, 'candidateGroups'),
    signMode: mi ? (loop?.isSequential ? 'sequential' : 'parallel') : '',
    passRatio: mi ? conditionRatio(loop?.completionCondition?.body) : 100,
    outcome: bo.$attrs?.['wf:outcome'] === 'rejected' ? 'rejected' : 'passed',
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
