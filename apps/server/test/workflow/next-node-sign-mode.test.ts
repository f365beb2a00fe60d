import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, deploy, Flow, u } from './wf-helpers.js';

/**
 * The next-node preview (`getNextNode`, `getNode/{id}`) says how the next user task is signed, so the dialogs can
 * tell 或签 from 会签 / 依次会签: from the BPMN `multiInstanceLoopCharacteristics` or the node setting `multiMode`,
 * with the node's pass ratio.
 */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="t">
  <process id="t_next_sign" name="t_next_sign" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="mi" name="会签审核"><multiInstanceLoopCharacteristics isSequential="false"/></userTask>
    <userTask id="seq" name="依次复核"/>
    <userTask id="or" name="经办"/>
    <parallelGateway id="fork"/>
    <userTask id="br1" name="分支会签"><multiInstanceLoopCharacteristics isSequential="true"><completionCondition>\${nrOfCompletedInstances >= 1}</completionCondition></multiInstanceLoopCharacteristics></userTask>
    <userTask id="br2" name="分支经办"/>
    <parallelGateway id="join"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="mi"/>
    <sequenceFlow id="f2" sourceRef="mi" targetRef="seq"/>
    <sequenceFlow id="f3" sourceRef="seq" targetRef="or"/>
    <sequenceFlow id="f4" sourceRef="or" targetRef="fork"/>
    <sequenceFlow id="f5" sourceRef="fork" targetRef="br1"/>
    <sequenceFlow id="f6" sourceRef="fork" targetRef="br2"/>
    <sequenceFlow id="f7" sourceRef="br1" targetRef="join"/>
    <sequenceFlow id="f8" sourceRef="br2" targetRef="join"/>
    <sequenceFlow id="f9" sourceRef="join" targetRef="end"/>
  </process>
</definitions>`;

describe.each(dbKinds)('[WORKFLOW] next node sign mode on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let def: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    def = await deploy(t, await f.token('admin'), XML, {
      mi: u('machao,liuyang'),
      // a plain user task made a one-after-another countersign by its setting, 60 % to pass
      seq: { ...u('machao,liuyang'), multiMode: 'sequential', passRatio: 60 },
      or: u('machao,liuyang'),
      br1: u('machao,liuyang'),
      br2: u('liuyang'),
    });
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  const next = async (currActId: string) => {
    const r = await f.call(
      'zhulin',
      'GET',
      `/activiti_process/getNextNode?procDefId=${encodeURIComponent(def)}&currActId=${currActId}`,
    );
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result;
  };

  it('getNextNode: BPMN marker → parallel, setting → sequential with its ratio, plain task → or, per branch', async () => {
    const first = await next('start');
    expect([first.id, first.type, first.signMode, first.passRatio, first.completionCondition]).toEqual([
      'mi',
      1,
      'parallel',
      100,
      undefined,
    ]);
    expect(first.users.map((x: { username: string }) => x.username).sort()).toEqual(['liuyang', 'machao']);

    const second = await next('mi');
    expect([second.id, second.signMode, second.passRatio]).toEqual(['seq', 'sequential', 60]);

    const third = await next('seq');
    expect([third.id, third.signMode, third.passRatio]).toEqual(['or', 'or', 100]);

    const fork = await next('or');
    expect(fork.type).toBe(4);
    expect(
      fork.branches.map((b: Record<string, unknown>) => [
        b.id,
        b.signMode,
        b.passRatio,
        b.completionCondition ?? false,
      ]),
    ).toEqual([
      ['br1', 'sequential', 100, true],
      ['br2', 'or', 100, false],
    ]);
  });

  it('getNode: the same sign mode as the preview', async () => {
    const node = async (id: string) => {
      const r = await f.call(
        'zhulin',
        'GET',
        `/activiti_process/getNode/${id}?procDefId=${encodeURIComponent(def)}`,
      );
      expect(r.body.success, r.body.message).toBe(true);
      return r.body.result;
    };
    expect([
      (await node('mi')).signMode,
      (await node('seq')).signMode,
      (await node('seq')).passRatio,
      (await node('or')).signMode,
    ]).toEqual(['parallel', 'sequential', 60, 'or']);
  });

  it('the preview matches what the engine opens: one task per signer at mi, one at a time at seq', async () => {
    const { procInstId } = await f.start('zhulin', 100, def);
    expect(await f.open(procInstId)).toEqual(['mi:liuyang', 'mi:machao']);
    await f.signOk('machao', procInstId, 'mi');
    await f.signOk('liuyang', procInstId, 'mi');
    const open = await f.open(procInstId);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatch(/^seq:/);
  });

  it('changing the node setting changes the preview (sequential → parallel)', async () => {
    const admin = await f.token('admin');
    const e = await t.call(admin, 'POST', '/activiti_process/editNodeUser', {
      procDefId: def,
      nodeId: 'seq',
      ...u('machao,liuyang'),
      multiMode: 'parallel',
      passRatio: 50,
    });
    expect(e.body.success, e.body.message).toBe(true);
    const r = await f.call(
      'zhulin',
      'GET',
      `/activiti_process/getNode/seq?procDefId=${encodeURIComponent(def)}`,
    );
    expect([r.body.result.signMode, r.body.result.passRatio]).toEqual(['parallel', 50]);
  });
});
