import { describe, expect, it } from 'vitest';
import { decisionProblems, formPropertyOf, parseMappings, readProps, readTimer, timerText, type BusinessObject } from './designerModel';

const bo = (extra: Partial<BusinessObject>): BusinessObject => ({ $type: 'bpmn:UserTask', id: 't', $attrs: {}, ...extra });

describe('designer model: due dates, timers, decision fields, call mappings', () => {
  it('due dates read and write as ISO-8601 durations', () => {
    expect(readTimer('PT24H')).toEqual({ kind: 'duration', amount: 24, unit: 'H', text: '' });
    expect(readTimer('P3D')).toEqual({ kind: 'duration', amount: 3, unit: 'D', text: '' });
    expect(readTimer('PT30M')).toEqual({ kind: 'duration', amount: 30, unit: 'M', text: '' });
    expect(readTimer('${deadline}')).toEqual({ kind: 'duration', amount: null, unit: 'H', text: '${deadline}' });
    expect(readTimer('')).toBeNull();
    expect(timerText({ kind: 'duration', amount: 2, unit: 'D', text: '' })).toBe('P2D');
    expect(timerText({ kind: 'duration', amount: 90, unit: 'M', text: '' })).toBe('PT90M');
    expect(timerText({ kind: 'date', amount: null, unit: 'H', text: ' 2026-12-01T09:00:00 ' })).toBe('2026-12-01T09:00:00');
    expect(timerText(null)).toBeNull();
  });

  it('a user task reads its due date, timeout action and decision fields', () => {
    const p = readProps(
      bo({
        $attrs: { 'activiti:dueDate': 'PT8H', 'wf:timeoutAction': 'reject' },
        extensionElements: { values: [{ $type: 'activiti:FormProperty', id: 'approved', name: '是否同意', type: 'enum', required: 'true', values: [{ id: 'yes', name: '同意' }, { id: 'no', name: '不同意' }] }] },
      }),
    );
    expect(p.due).toEqual({ kind: 'duration', amount: 8, unit: 'H', text: '' });
    expect(p.timeoutAction).toBe('reject');
    expect(p.decisionFields).toEqual([{ name: 'approved', label: '是否同意', type: 'radio', options: 'yes:同意, no:不同意', required: true }]);
    expect(formPropertyOf(p.decisionFields[0])).toEqual({ id: 'approved', name: '是否同意', type: 'enum', required: 'true', values: [{ id: 'yes', name: '同意' }, { id: 'no', name: '不同意' }] });
  });

  it('decision field problems are named', () => {
    expect(decisionProblems([{ name: '1x', label: 'a', type: 'text', options: '', required: false }])).toEqual(['变量名「1x」须以字母开头，只含字母、数字、下划线']);
    expect(decisionProblems([{ name: 'ok', label: '结论', type: 'radio', options: ' ', required: true }])).toEqual(['「结论」请填写选项，如 yes:同意, no:不同意']);
    expect(decisionProblems([{ name: 'ok', label: 'a', type: 'text', options: '', required: false }, { name: 'ok', label: 'b', type: 'text', options: '', required: false }])).toEqual(['变量名「ok」重复']);
  });

  it('boundary timers and call activities', () => {
    const b = readProps({ $type: 'bpmn:BoundaryEvent', id: 'b', $attrs: {}, cancelActivity: false, eventDefinitions: [{ $type: 'bpmn:TimerEventDefinition', timeDate: { body: '2026-12-01T09:00:00' } }] });
    expect(b.timer).toEqual({ kind: 'date', amount: null, unit: 'H', text: '2026-12-01T09:00:00' });
    expect(b.interrupting).toBe(false);
    const c = readProps({
      $type: 'bpmn:CallActivity',
      id: 'c',
      $attrs: {},
      calledElement: 'child',
      extensionElements: { values: [{ $type: 'activiti:In', source: 'amount', target: 'amount' }, { $type: 'activiti:In', sourceExpression: '${amount * 2}', target: 'doubled' }, { $type: 'activiti:Out', source: 'verdict', target: 'childVerdict' }] },
    });
    expect(c.calledElement).toBe('child');
    expect(c.ins).toBe('amount=amount\n${amount * 2}=doubled');
    expect(parseMappings(c.ins)).toEqual([{ source: 'amount', target: 'amount' }, { sourceExpression: '${amount * 2}', target: 'doubled' }]);
    expect(parseMappings('nothing\n=x\na=')).toEqual([]);
  });
});
