import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { envelope, failure, messageResponse } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fail, ok, okMessage } from '../../src/platform/http/envelope.js';
import type { Api } from '../../src/platform/http/api.js';
import { PUBLIC } from '../../src/platform/access/access.js';
import { createTestApp, type TestApp } from '../helpers.js';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** `req.query as X`, `(req.body ?? {}) as X`, `request.params as X`: a cast instead of a schema. */
const CAST = /\b(?:req|request)\.(?:query|body|params)\b(?:\s*\?\?\s*\{\s*\})?\)?\s+as\b/;

describe('[CONTRACT] routes are typed from their schemas', () => {
  it('no route reads its query, body or params through a cast', () => {
    const casts = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => (CAST.test(line) ? `${path.relative(SRC, file)}:${i + 1}: ${line.trim()}` : null))
        .filter((x): x is string => x !== null),
    );
    expect(casts).toEqual([]);
  });

  describe('route inventory', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('sqlite');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('every API route declares the response schema of its success answer', () => {
      const base = '/jeecg-boot';
      const missing = t.app.routeTable
        // the API console's own pages are served by the OpenAPI plugin
        .filter((r) => r.url.startsWith(base) && !r.url.startsWith(`${base}/doc`))
        .filter((r) => !r.responses.some((code) => /^2/.test(code)))
        .map((r) => `${r.method} ${r.url}`);
      expect(missing).toEqual([]);
    });

    it('the OpenAPI document shows each answer\'s schema', async () => {
      const admin = await t.login('admin');
      const doc = (await t.app.inject({ method: 'GET', url: '/jeecg-boot/doc/json', headers: { 'x-access-token': admin } })).json();
      const ok200 = (p: string, m: string) => doc.paths[p]?.[m]?.responses?.['200']?.content?.['application/json']?.schema;
      expect(ok200('/jeecg-boot/sys/user/list', 'get')?.properties?.result?.properties?.records?.type).toBe('array');
      expect(ok200('/jeecg-boot/sys/login', 'post')?.properties).toHaveProperty('success');
      const documented = Object.values(doc.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>)
        .flatMap((ops) => Object.values(ops))
        .filter((op) => op.responses?.['200']).length;
      expect(documented).toBeGreaterThan(300);
    });
  });
});

/**
 * Compile-time checks (run by the typecheck, never called): a handler answering a shape its response
 * schema does not allow is a type error. Should the type provider stop checking, the `@ts-expect-error`
 * lines become unused and the typecheck fails.
 */
export function responseTypeChecks(app: Api): void {
  const user = z.object({ id: z.string(), realname: z.string() });
  app.get('/typed/right', { config: { access: PUBLIC }, schema: { response: { 200: envelope(user) } } }, async () => ok({ id: '1', realname: '王芳' }));
  // @ts-expect-error realname is missing from the answer
  app.get('/typed/missing', { config: { access: PUBLIC }, schema: { response: { 200: envelope(user) } } }, async () => ok({ id: '1' }));
  // @ts-expect-error id must be a string
  app.get('/typed/wrong', { config: { access: PUBLIC }, schema: { response: { 200: envelope(user) } } }, async () => ok({ id: 1, realname: '王芳' }));
  // @ts-expect-error a list where one record is declared
  app.get('/typed/list', { config: { access: PUBLIC }, schema: { response: { 200: envelope(user) } } }, async () => ok([{ id: '1', realname: '王芳' }]));
  app.get('/typed/either', { config: { access: PUBLIC }, schema: { response: { 200: z.union([envelope(user), failure]) } } }, async () =>
    Math.random() > 0.5 ? ok({ id: '1', realname: '王芳' }) : fail('未找到对应数据'),
  );
  app.post('/typed/message', { config: { access: PUBLIC }, schema: { response: { 200: messageResponse } } }, async () => okMessage('添加成功！'));
  app.get(
    '/typed/query',
    { config: { access: PUBLIC }, schema: { querystring: z.object({ pageNo: z.coerce.number() }), response: { 200: envelope(z.number()) } } },
    // the query is typed from its schema: no cast
    async (req) => ok(req.query.pageNo + 1),
  );
}
