import * as contract from '@go/contract';
import { HR_SENSITIVE_FIELDS, type HrSensitiveField } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { now } from '../../src/platform/db/time.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { endpointKind, pool, probedRoutes, readWorkbook, report, routeBase } from './role-matrix.probe.js';

/** How many leading characters the mask shows (`maskValue`): a pattern must reach past them to guess. */
const SHOWN_HEAD: Record<HrSensitiveField, number> = { idCard: 3, bankCard: 4, mobile: 3 };

/** Who probes: the HR assistant (人事助理) of A03, without `hr:sensitive:view`. */
const PROBES = ['sunyue'];

interface MaskedEndpoint {
  endpoint: string;
  kind: 'list' | 'export' | 'lookup';
  columns: readonly string[];
  fileParam: string | null;
}

/** The HR module's own register of masked endpoints and columns, when the contract exports one. */
const REGISTER = (contract as Record<string, unknown>).HR_MASKED_COLUMNS as
  readonly MaskedEndpoint[] | undefined;

const rowsOf = (body: unknown): Record<string, unknown>[] | null => {
  const r = (body as { result?: unknown })?.result;
  const list = Array.isArray(r)
    ? r
    : Array.isArray((r as { records?: unknown })?.records)
      ? (r as { records: unknown[] }).records
      : null;
  return list && list.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object');
};

/**
 * Masked columns are no filter oracle: for every list that answers an HR sensitive field masked to a user
 * without `hr:sensitive:view` (found by scanning every GET list, plus the HR module's register of masked
 * endpoints), a filter on that column (prefix, suffix, infix, negation, range, value list, advanced query) that
 * matches a file's real value answers the same as one that matches nothing, and sorting by it is refused or
 * ignored — on the list, on the export next to it and on the change log.
 */
describe.each(dbKinds)('[SECURITY] masked columns are no filter oracle on %s', (kind) => {
  let t: TestApp;
  /** every real value of a sensitive field (to pick a prefix that matches nothing) */
  const allReals: string[] = [];
  /** a file of A03 with all three sensitive values, and a change-log row of A03 of a sensitive field */
  let file: { id: string; idCard: string; bankCard: string; mobile: string };
  let log: { hyUserId: string; field: HrSensitiveField; oldValue: string; newValue: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.app.ctx.db;
    const files = await db
      .selectFrom('hyUser')
      .select(['id', 'orgCode', 'realname', 'idCard', 'bankCard', 'mobile'])
      .execute();
    for (const f of files) for (const k of HR_SENSITIVE_FIELDS) if (f[k]) allReals.push(f[k]!);
    const own = files.find((f) => (f.orgCode ?? '').startsWith('A03') && f.idCard && f.bankCard && f.mobile)!;
    file = { id: own.id, idCard: own.idCard!, bankCard: own.bankCard!, mobile: own.mobile! };
    // A mobile change in the file's log (what HR writes on an edit), so the log's masked values are probed too.
    log = { hyUserId: own.id, field: 'mobile', oldValue: own.mobile!, newValue: '13987654321' };
    await db
      .insertInto('hyUserLog')
      .values({
        id: newId(),
        hyUserId: own.id,
        realname: own.realname,
        orgCode: own.orgCode,
        action: 'edit',
        field: 'mobile',
        fieldLabel: '手机号',
        oldValue: log.oldValue,
        newValue: log.newValue,
        reason: null,
        effectiveDate: null,
        operator: 'qianhui',
        createTime: now(),
      } as never)
      .execute();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(PROBES)(
    '%s learns nothing of a masked value by filtering or sorting on it',
    { timeout: 300_000 },
    async (username) => {
      const token = await t.login(username);
      /** An answer's signature: the rows (ids) of a list, the data rows of a workbook, else the result. */
      const get = async (
        url: string,
        query: Record<string, string>,
        ordered = false,
      ): Promise<string | null> => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/jeecg-boot${url}?${new URLSearchParams(query)}`,
          headers: { 'x-access-token': token },
        });
        if (res.statusCode !== 200) return null;
        if (res.rawPayload.subarray(0, 2).toString() === 'PK')
          return `${(await readWorkbook(res.rawPayload, '')).rows} sheet rows`;
        const body = res.json() as { success?: boolean; result?: unknown };
        if (body.success === false) return null;
        const rows = rowsOf(body);
        if (!rows) return JSON.stringify(body.result);
        const ids = rows.map((r) => (r.id !== undefined ? String(r.id) : JSON.stringify(r)));
        return `${ids.length} rows ${JSON.stringify(ordered ? ids : ids.sort())}`;
      };

      // Every list and lookup that answers an HR sensitive field masked to this user.
      const candidates = probedRoutes(t.app.routeTable).filter(
        (r) => !/[:*]/.test(r.url) && endpointKind(r.url) !== 'export',
      );
      const found = new Map<string, Set<string>>();
      await pool(candidates, 8, async (r) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${r.url}?pageSize=500`,
          headers: { 'x-access-token': token },
        });
        if (res.statusCode !== 200) return;
        const walk = (x: unknown) => {
          if (Array.isArray(x)) x.forEach(walk);
          else if (x && typeof x === 'object')
            for (const [k, v] of Object.entries(x)) {
              if (
                (HR_SENSITIVE_FIELDS as readonly string[]).includes(k) &&
                typeof v === 'string' &&
                /\*{3}/.test(v)
              )
                found.set(
                  r.url.replace('/jeecg-boot', ''),
                  (found.get(r.url.replace('/jeecg-boot', '')) ?? new Set()).add(k),
                );
              else walk(v);
            }
        };
        try {
          walk(res.json());
        } catch {
          /* not JSON */
        }
      });
      const exportsBy = new Map(
        probedRoutes(t.app.routeTable)
          .filter((r) => endpointKind(r.url) === 'export' && !/[:*]/.test(r.url))
          .map((r) => [routeBase(r.url).replace('/jeecg-boot', ''), r.url.replace('/jeecg-boot', '')]),
      );
      // What is probed: the module's register, and whatever the scan found (with the export next to each list).
      const probed = new Map<string, MaskedEndpoint>();
      for (const e of REGISTER ?? []) probed.set(e.endpoint, e);
      for (const [endpoint, cols] of found) {
        const columns = [...new Set([...(probed.get(endpoint)?.columns ?? []), ...cols])];
        probed.set(endpoint, {
          endpoint,
          kind: probed.get(endpoint)?.kind ?? 'list',
          columns,
          fileParam: probed.get(endpoint)?.fileParam ?? null,
        });
        const x = exportsBy.get(routeBase(endpoint));
        if (x && !probed.has(x)) probed.set(x, { endpoint: x, kind: 'export', columns, fileParam: null });
      }

      const findings: string[] = [];
      let pairs = 0;
      for (const e of probed.values()) {
        for (const column of e.columns) {
          // The value behind the mask and how much of it the mask shows.
          const field = (HR_SENSITIVE_FIELDS as readonly string[]).includes(column)
            ? (column as HrSensitiveField)
            : log.field;
          const real =
            column === 'oldValue' ? log.oldValue : column === 'newValue' ? log.newValue : file[field];
          const head = SHOWN_HEAD[field];
          const guess = real.slice(0, head + 2);
          // A prefix no value has: with a working filter it answers other rows than the true guess.
          let wrong = guess.slice(0, head) + (guess[head] === '0' ? '9' : '0') + guess[head + 1];
          for (let d = 0; allReals.some((v) => v.startsWith(wrong)) && d < 10; d++)
            wrong = `${guess.slice(0, head)}X${d}`;
          const mid = real.slice(head, head + 3);
          const sq = (val: string, rule: string) =>
            JSON.stringify([{ field: column, rule, val, type: 'string' }]);
          const narrow: Record<string, string> = e.fileParam === 'hyUserId' ? { hyUserId: log.hyUserId } : {};
          const variants: [string, Record<string, string>, Record<string, string>][] = [
            ['prefix', { [column]: `${guess}*` }, { [column]: `${wrong}*` }],
            ['suffix', { [column]: `*${real.slice(-6)}` }, { [column]: `*XX${real.slice(-4)}` }],
            ['infix', { [column]: `*${mid}*` }, { [column]: '*XYZ*' }],
            ['negation', { [column]: `!${real}` }, { [column]: `!${wrong}${real.slice(wrong.length)}` }],
            [
              'range',
              { [`${column}_begin`]: guess, [`${column}_end`]: `${guess}~` },
              { [`${column}_begin`]: wrong, [`${column}_end`]: `${wrong}~` },
            ],
            [
              'list',
              { [`${column}_MultiString`]: `${real},${wrong}` },
              { [`${column}_MultiString`]: `${wrong}1,${wrong}2` },
            ],
            [
              'advanced right_like',
              { superQueryParams: sq(guess, 'right_like') },
              { superQueryParams: sq(wrong, 'right_like') },
            ],
            ['advanced like', { superQueryParams: sq(mid, 'like') }, { superQueryParams: sq('XYZ', 'like') }],
            [
              'advanced ge',
              { superQueryParams: sq(guess, 'ge') },
              { superQueryParams: sq(`${guess}~`, 'ge') },
            ],
          ];
          for (const [name, hit, miss] of variants) {
            pairs++;
            const a = await get(e.endpoint, { pageSize: '500', ...narrow, ...hit });
            const b = await get(e.endpoint, { pageSize: '500', ...narrow, ...miss });
            if (a !== b)
              findings.push(
                `GET ${e.endpoint} ${column} ${name}: ?${new URLSearchParams(hit)} → ${a?.slice(0, 12) ?? 'refused'}; ?${new URLSearchParams(miss)} → ${b?.slice(0, 12) ?? 'refused'}`,
              );
          }
          if (e.kind !== 'list') continue;
          // Sorting by the masked column: refused, or the same order as without it.
          for (const order of ['asc', 'desc']) {
            pairs++;
            const sorted = await get(e.endpoint, { pageSize: '500', ...narrow, column, order }, true);
            const plain = await get(e.endpoint, { pageSize: '500', ...narrow, order }, true);
            if (sorted !== null && sorted !== plain)
              findings.push(`GET ${e.endpoint}?column=${column}&order=${order} sorts by the hidden value`);
          }
        }
      }
      report(
        `[masked filter] ${kind} ${username}: ${JSON.stringify([...probed.values()].map((e) => `${e.endpoint} ${e.columns.join(',')}`))}; ${pairs} pairs`,
      );
      expect(findings).toEqual([]);
      // The scan found the HR roster's masked columns, and every list it found is in the module's register.
      expect(found.get('/manager/hyUser/list')).toEqual(new Set(['idCard', 'bankCard', 'mobile']));
      if (REGISTER)
        expect([...found.keys()].filter((u) => !REGISTER.some((e) => e.endpoint === u))).toEqual([]);
    },
  );
});
