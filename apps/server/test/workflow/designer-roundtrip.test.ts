import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBpmn } from '../../src/modules/workflow/bpmn.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/**
 * What the process designer saves deploys again: every deployable file of the corpus (test/workflow/bpmn/ and
 * its public/ folder) is opened the way the designer opens it, one user task's candidate users are changed
 * with the panel's own function, the file is saved as the designer saves it and deployed through the deploy
 * endpoint. The engine then reads the new candidates. (That nothing else changed is asserted by the web
 * project's roundTrip.test.ts over the same files.)
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.join(HERE, 'bpmn');
const files = [
  ...readdirSync(CORPUS).filter((n) => /\.(bpmn|xml)$/.test(n)),
  ...readdirSync(path.join(CORPUS, 'public'))
    .filter((n) => /\.(bpmn|xml)$/.test(n))
    .map((n) => `public/${n}`),
].sort();

interface Element {
  $type: string;
  id: string;
  name?: string;
  $attrs: Record<string, string>;
  flowElements?: Element[];
}
interface DesignerModel {
  setEngineAttr(bo: Element, local: string, value: string): void;
}
interface DesignerXml {
  withDiagram(xml: string): Promise<string>;
  restoreUnresolvedReferences(warnings: unknown[], moddle: unknown): number;
  prepareForDeploy(defs: unknown, key: string, name: string): Element | undefined;
  saveFaithfully<T>(defs: unknown, save: () => Promise<T>): Promise<T>;
}
interface Moddle {
  fromXML(xml: string): Promise<{ rootElement: { rootElements?: Element[] }; warnings: unknown[] }>;
  toXML(el: unknown, o?: { format?: boolean }): Promise<{ xml: string }>;
}

// the web project's designer code, plain TypeScript, loaded as the designer runs it
const ENGINE = path.resolve(HERE, '../../../web/src/features/workflow/engine');
const load = async <T>(file: string): Promise<T> =>
  (await import(/* @vite-ignore */ path.join(ENGINE, file))) as T;

function userTasks(container: Element): Element[] {
  return (container.flowElements ?? []).flatMap((el) => [
    ...(el.$type === 'bpmn:UserTask' ? [el] : []),
    ...userTasks(el),
  ]);
}

/** The designer's round trip of one file: the saved XML and the user task whose candidates it changed. */
async function designerSave(xml: string): Promise<{ saved: string; taskId: string | null }> {
  const model = await load<DesignerModel>('designerModel.ts');
  const io = await load<DesignerXml>('designerXml.ts');
  const { BpmnModdle } = (await import('bpmn-moddle')) as unknown as { BpmnModdle: new () => Moddle };
  const moddle = new BpmnModdle();
  const read = await moddle.fromXML(await io.withDiagram(xml));
  io.restoreUnresolvedReferences(read.warnings, moddle);
  const defs = read.rootElement;
  const procs = (defs.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  const task = procs.flatMap(userTasks)[0];
  if (task) model.setEngineAttr(task, 'candidateUsers', 'lina,machao');
  const proc = io.prepareForDeploy(defs, '', '');
  expect(proc).toBeDefined();
  const { xml: saved } = await io.saveFaithfully(defs, () => moddle.toXML(defs, { format: true }));
  return { saved, taskId: task?.id ?? null };
}

describe('designer round trip: the saved corpus deploys', () => {
  it('covers the corpus and its public files', () => {
    expect(files.filter((f) => f.startsWith('public/')).length).toBeGreaterThanOrEqual(10);
    expect(files.length).toBeGreaterThanOrEqual(35);
  });

  it.each(files)('%s: the engine reads the candidates the designer wrote', async (file) => {
    const { saved, taskId } = await designerSave(readFileSync(path.join(CORPUS, file), 'utf8'));
    const model = await parseBpmn(saved);
    if (taskId)
      expect(model.nodes.get(taskId)?.assignment?.candidateUsers).toEqual(
        expect.arrayContaining(['lina', 'machao']),
      );
  });
});

describe.each(dbKinds)('[WORKFLOW] designer round trip redeploys on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(files)('%s deploys after the designer saved it', async (file) => {
    const { saved } = await designerSave(readFileSync(path.join(CORPUS, file), 'utf8'));
    const r = await t.call(admin, 'POST', '/activiti_process/deploy', {
      xml: saved,
      businessTable: 'fm_expense',
    });
    expect(r.body.success, r.body.message).toBe(true);
    const key = (await parseBpmn(saved)).key;
    const rows = await t.app.ctx.db
      .selectFrom('wfDefinition')
      .select(['id', 'processKey'])
      .where('id', '=', r.body.result.id)
      .execute();
    expect(rows).toEqual([{ id: r.body.result.id, processKey: key }]);
  });
});
