import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/** Promise rejections nobody handled while the exports ran (on the server they end the process). */
const unhandled: unknown[] = [];
const record = (reason: unknown) => void unhandled.push(reason);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Query strings every export is called with: NUL bytes, and values of the wrong kind. */
const PARAMS = [
  'title=a%00b',
  'name=x%00&realname=x%00&column=x%00&order=x%00',
  'yearPart=a%00&year=a%00&month=%00&quarter=%00',
  'paramsStr=%7B%22name%22%3A%22x%5Cu0000%22%7D',
  'yearPart=abc&year=abc&month=zz&quarter=nine&pageNo=-1&pageSize=abc&createTime_begin=notadate&createTime_end=xx&id=nope&title=%3Cb%3E',
  'superQueryParams=%7Bbad&superQueryMatchType=maybe&selections=x,y,',
  'superQueryParams=' + encodeURIComponent(JSON.stringify([{ field: 'createTime', rule: 'ge', val: 'not-a-date', type: 'datetime' }])),
  'column=nosuch&order=sideways',
  'yearPart=2024.5&quarter=-1&sysOrgCode=%27%3B--',
  '',
];

/** Path parameters of export routes: real values where the route needs one to reach its query. */
const PATH_VALUES: Record<string, string[]> = {};

function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, value);
}

describe.each(dbKinds)('exports with bad parameters (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    process.on('unhandledRejection', record);
  });
  afterAll(async () => {
    process.off('unhandledRejection', record);
    await t?.close();
  });

  it('answers either a complete workbook or an error envelope, for every export route', async () => {
    const routes = t.app.routeTable.filter((r) => /export/i.test(r.url) && (r.method === 'GET' || r.method === 'POST'));
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    let workbooks = 0;
    let refusals = 0;
    for (const route of routes) {
      const paramNames = route.url.match(/:[A-Za-z0-9_]+/g) ?? [];
      const fills = paramNames.length ? [...(PATH_VALUES[route.url] ?? []), 'x', 'a%00b'] : [''];
      for (const f of fills) {
        const path = paramNames.length ? fill(route.url, f) : route.url;
        for (const q of PARAMS) {
          const url = q ? `${path}?${q}` : path;
          let res;
          try {
            res = await t.app.inject({ method: route.method as 'GET', url, headers: { 'x-access-token': token } });
          } catch (err) {
            failures.push(`${route.method} ${url.slice(0, 140)}: ${(err as Error).message}`); // e.g. a download cut off
            continue;
          }
          const label = `${route.method} ${url.slice(0, 140)} → ${res.statusCode}`;
          const type = String(res.headers['content-type'] ?? '');
          if (type.startsWith(XLSX)) {
            if (res.statusCode !== 200) failures.push(`${label}: workbook with status ${res.statusCode}`);
            try {
              const wb = new ExcelJS.Workbook();
              await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
              if (wb.worksheets.length === 0) failures.push(`${label}: workbook without sheets`);
              workbooks++;
            } catch (err) {
              failures.push(`${label}: truncated workbook (${(err as Error).message.slice(0, 80)})`);
            }
            continue;
          }
          let body: { success?: unknown } | null = null;
          try {
            body = res.json();
          } catch {
            body = null;
          }
          if (!body || body.success !== false) {
            // Another kind of file (a zip, a picture) is fine when complete; an empty 200 is not.
            if (res.statusCode !== 200 || res.rawPayload.length === 0) failures.push(`${label}: neither a workbook nor an error envelope (${type}) ${res.body.slice(0, 160)}`);
            continue;
          }
          if (res.headers['content-disposition']) failures.push(`${label}: error envelope sent as a download`);
          if (res.statusCode >= 500) failures.push(`${label}: ${res.body.slice(0, 120)}`);
          refusals++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(workbooks).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(unhandled).toEqual([]);
    // The server still answers normally afterwards.
    expect((await t.call(token, 'GET', '/sys/user/list')).body.success).toBe(true);
  }, 300_000);
});
