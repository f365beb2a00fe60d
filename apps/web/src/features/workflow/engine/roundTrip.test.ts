// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { engineAttrKey, readProps, setEngineAttr, type BusinessObject } from './designerModel';
import {
  hasDiagram,
  prepareForDeploy,
  restoreUnresolvedReferences,
  saveFaithfully,
  withDiagram,
  type ModdleNode,
  type ReadWarning,
} from './designerXml';

/**
 * The designer's round trip over every BPMN file of the server's corpus (deployable, public and refused):
 * open as the designer does, change one user task's candidate users through the panel's own function,
 * save, and compare with the file read by an independent XML reader — every element, attribute (extension
 * attributes included), extension element, text and diagram coordinate the same, but the one edited.
 */
const CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../server/test/workflow/bpmn',
);

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = path.join(dir, n);
      if (statSync(p).isDirectory()) return files(p);
      return /\.(bpmn|bpmn20\.xml|xml)$/.test(n) ? [p] : [];
    });
}

// ---- an XML reader that knows nothing of BPMN: namespaces resolved, comments and layout whitespace dropped ----

interface Node {
  /** `{namespace-uri}local-name` */
  n: string;
  /** attributes as `{uri}local` (no namespace: `local`) → value; xsi:type values resolved to `{uri}local` too */
  a: Record<string, string>;
  /** the text content, trimmed (omitted when only whitespace) */
  t?: string;
  c: Node[];
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const DC = 'http://www.omg.org/spec/DD/20100524/DC';
const DI = 'http://www.omg.org/spec/DD/20100524/DI';
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[e],
  );

function readXml(xml: string): Node {
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<!\[CDATA\[([\s\S]*?)\]\]>|<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  const stack: { node: Node; ns: Map<string, string>; text: string }[] = [];
  let root: Node | null = null;
  const resolve = (qname: string, ns: Map<string, string>, isAttr: boolean) => {
    const i = qname.indexOf(':');
    if (i < 0) return isAttr ? qname : `{${ns.get('') ?? ''}}${qname}`;
    const prefix = qname.slice(0, i);
    const uri = prefix === 'xml' ? 'http://www.w3.org/XML/1998/namespace' : ns.get(prefix);
    if (uri === undefined) throw new Error(`undeclared prefix ${prefix} in ${qname}`);
    return `{${uri}}${qname.slice(i + 1)}`;
  };
  const close = () => {
    const top = stack.pop()!;
    const t = top.text.trim();
    if (t) top.node.t = t;
    // sibling order matters only among elements of the same name (the schema fixes the rest)
    top.node.c.sort((x, y) => (x.n < y.n ? -1 : x.n > y.n ? 1 : 0));
    if (stack.length) stack[stack.length - 1].node.c.push(top.node);
    else root = top.node;
  };
  for (const m of xml.matchAll(token)) {
    const [all, cdata, end, name, attrText, selfClose, text] = m;
    if (cdata !== undefined) {
      if (stack.length) stack[stack.length - 1].text += cdata;
    } else if (text !== undefined) {
      if (stack.length) stack[stack.length - 1].text += decode(text);
    } else if (end !== undefined) close();
    else if (name !== undefined) {
      const ns = new Map(stack.length ? stack[stack.length - 1].ns : []);
      const raw: [string, string][] = [
        ...(attrText ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g),
      ].map((x) => [x[1], decode(x[2] ?? x[3] ?? '')]);
      for (const [k, v] of raw)
        if (k === 'xmlns') ns.set('', v);
        else if (k.startsWith('xmlns:')) ns.set(k.slice(6), v);
      const a: Record<string, string> = {};
      for (const [k, v] of raw) {
        if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
        const key = resolve(k, ns, true);
        // numbers by value: a coordinate written 130.0 reads as the 130 it is
        a[key] =
          key === `{${XSI}}type` ? resolve(v, ns, false) : /^-?\d+\.\d+$/.test(v) ? String(Number(v)) : v;
      }
      // xsi:type naming the type the schema declares anyway (a waypoint's dc:Point) says nothing
      if (a[`{${XSI}}type`] === `{${DC}}Point` && resolve(name, ns, false) === `{${DI}}waypoint`)
        delete a[`{${XSI}}type`];
      stack.push({ node: { n: resolve(name, ns, false), a, c: [] }, ns, text: '' });
      if (selfClose) close();
    } else if (!all.startsWith('<')) throw new Error(`cannot read ${all.slice(0, 40)}`);
  }
  if (!root) throw new Error('no document element');
  return root;
}

const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
const BPMNDI = 'http://www.omg.org/spec/BPMN/20100524/DI';
const withoutDiagrams = (n: Node): Node => ({ ...n, c: n.c.filter((c) => c.n !== `{${BPMNDI}}BPMNDiagram`) });

/** The differences of two trees, one line each (empty when equal). */
function differences(a: Node, b: Node, at = ''): string[] {
  const here = `${at}/${a.n.replace(/^\{[^}]*\}/, '')}${a.a.id ? `#${a.a.id}` : ''}`;
  if (a.n !== b.n) return [`${here}: element ${a.n} became ${b.n}`];
  const out: string[] = [];
  for (const k of new Set([...Object.keys(a.a), ...Object.keys(b.a)]))
    if (a.a[k] !== b.a[k])
      out.push(`${here}@${k}: ${JSON.stringify(a.a[k])} became ${JSON.stringify(b.a[k])}`);
  if (a.t !== b.t) out.push(`${here}: text ${JSON.stringify(a.t)} became ${JSON.stringify(b.t)}`);
  const names = new Set([...a.c, ...b.c].map((c) => c.n));
  for (const n of names) {
    const ca = a.c.filter((c) => c.n === n);
    const cb = b.c.filter((c) => c.n === n);
    if (ca.length !== cb.length) out.push(`${here}: ${ca.length} ${n} became ${cb.length}`);
    else ca.forEach((c, i) => out.push(...differences(c, cb[i], here)));
  }
  return out;
}

function find(n: Node, pred: (x: Node) => boolean): Node | undefined {
  if (pred(n)) return n;
  for (const c of n.c) {
    const f = find(c, pred);
    if (f) return f;
  }
  return undefined;
}

// ---- the designer's side: open, edit through the panel's function, save ----

interface Opened {
  defs: ModdleNode;
  moddle: BpmnModdle;
}

async function open(xml: string): Promise<Opened> {
  const moddle = new BpmnModdle();
  const read = await moddle.fromXML(await withDiagram(xml));
  restoreUnresolvedReferences(read.warnings as ReadWarning[], moddle);
  return { defs: read.rootElement as ModdleNode, moddle };
}

function userTasks(container: unknown): BusinessObject[] {
  const out: BusinessObject[] = [];
  for (const el of (container as { flowElements?: BusinessObject[] }).flowElements ?? []) {
    if (el.$type === 'bpmn:UserTask') out.push(el);
    out.push(...userTasks(el));
  }
  return out;
}

const corpus = files(CORPUS).map((p) => [path.relative(CORPUS, p), p] as const);

describe('designer round trip of the BPMN corpus', () => {
  it('covers the corpus, the public files among them', () => {
    const names = corpus.map(([n]) => n);
    expect(names.length).toBeGreaterThanOrEqual(40);
    for (const origin of ['activiti', 'flowable', 'camunda', 'bpmn-io'])
      expect(names.filter((n) => n.startsWith(`public/${origin}-`)).length, origin).toBeGreaterThanOrEqual(2);
  });

  it.each(corpus)('%s: only the edited candidates change', async (_name, file) => {
    const xml = readFileSync(file, 'utf8');
    const original = readXml(xml);
    const { defs, moddle } = await open(xml);

    const opened = readXml(await withDiagram(xml));
    // opening adds a diagram only to a file that has none; the rest is the file as it was
    expect(differences(withoutDiagrams(original), withoutDiagrams(opened))).toEqual([]);
    expect(hasDiagram(defs)).toBe(true);
    if (original.c.some((c) => c.n === `{${BPMNDI}}BPMNDiagram`))
      expect(differences(original, opened)).toEqual([]);

    const process =
      (defs.rootElements ?? []).find((e) => e.$type === 'bpmn:Process' && userTasks(e).length) ??
      (defs.rootElements ?? []).find((e) => e.$type === 'bpmn:Process');
    const task = process ? userTasks(process)[0] : undefined;
    const expected = structuredClone(opened);
    if (task) {
      const key = engineAttrKey(task, 'candidateUsers');
      setEngineAttr(task, 'candidateUsers', ' lina,machao ');
      expect(readProps(task).candidateUsers).toBe('lina,machao');
      const uri = (task.$attrs[`xmlns:${key.split(':')[0]}`] ??
        defs.$attrs[`xmlns:${key.split(':')[0]}`] ??
        'http://activiti.org/bpmn') as string;
      const node = find(expected, (n) => n.n === `{${BPMN}}userTask` && n.a.id === task.id)!;
      node.a[`{${uri}}candidateUsers`] = 'lina,machao';
    }
    prepareForDeploy(defs, process?.id ?? '', process?.name ?? process?.id ?? '');
    const saved = (await saveFaithfully(defs, () => moddle.toXML(defs, { format: true }))).xml;
    expect(differences(expected, readXml(saved))).toEqual([]);
  });
});
