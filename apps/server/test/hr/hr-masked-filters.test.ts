import ExcelJS from 'exceljs';
import { HR_MASKED_COLUMNS, HR_MASKED_FILTER_TEXT, HR_MASKED_LOOKUP_LIMIT_TEXT, makeNationalId } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLimits } from '../../src/config.js';
import { formatDate } from '../../src/platform/db/time.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

let n = 0;
function person(extra: Record<string, unknown> = {}) {
  n++;
  return {
    realname: `掩码${n}`,
    idCard: makeNationalId('440305', `1988-1${n % 3}-0${(n % 9) + 1}`, 500 + n * 2),
    mobile: `1470003${String(1000 + n).padStart(4, '0')}`,
    bankCard: `62220202000${String(10000000 + n)}`,
    orgCode: 'A03A02',
    ...extra,
  };
}

const enc = encodeURIComponent;
/** Every digit moved by 5: differs from the value at every position. */
const wrong = (v: string) => v.replace(/\d/g, (d) => String((Number(d) + 5) % 10)).replace(/X/g, '0');

/** Pattern, range, list, negation and comparison probes on column `c` for value `v`: [name, a guess that is right, one that is wrong]. */
function probes(c: string, v: string): [string, string, string][] {
  const sq = (rule: string, val: string) => `superQueryParams=${enc(JSON.stringify([{ field: c, rule, val, type: 'string' }]))}&superQueryMatchType=and`;
  return [
    ['prefix', `${c}=${enc(`${v.slice(0, 4)}*`)}`, `${c}=${enc(`${wrong(v).slice(0, 4)}*`)}`],
    ['suffix', `${c}=${enc(`*${v.slice(-4)}`)}`, `${c}=${enc(`*${wrong(v).slice(-4)}`)}`],
    ['contains', `${c}=${enc(`*${v.slice(4, 8)}*`)}`, `${c}=${enc(`*${wrong(v).slice(4, 8)}*`)}`],
    ['any-of', `${c}=${enc(`,${v.slice(2, 6)},zz,`)}`, `${c}=${enc(`,${wrong(v).slice(2, 6)},zz,`)}`],
    ['in', `${c}=${enc(`${v},zz`)}`, `${c}=${enc(`${wrong(v)},zz`)}`],
    ['not', `${c}=${enc(`!${v}`)}`, `${c}=${enc(`!${wrong(v)}`)}`],
    ['ge', `${c}=${enc(`>=${v}`)}`, `${c}=${enc(`>${v}`)}`],
    ['le', `${c}=${enc(`<=${v}`)}`, `${c}=${enc(`<${v}`)}`],
    ['begin', `${c}_begin=${enc(v)}`, `${c}_begin=${enc(`${v}0`)}`],
    ['end', `${c}_end=${enc(v)}`, `${c}_end=${enc(v.slice(0, -1))}`],
    ['multi', `${c}_MultiString=${enc(`${v},zz`)}`, `${c}_MultiString=${enc(`${wrong(v)},zz`)}`],
    ['super like', sq('right_like', v.slice(0, 4)), sq('right_like', wrong(v).slice(0, 4))],
    ['super ge', sq('ge', v), sq('gt', v)],
    ['super in', sq('in', `${v},zz`), sq('in', `${wrong(v)},zz`)],
  ];
}

/**
 * Without `hr:sensitive:view`, a masked column can be filtered by one exact value at most (rate-limited,
 * logged as a sensitive view) and never by pattern, range, list, negation or sort: nothing about a masked
 * value can be learned from how a list answers.
 */
describe.each(dbKinds)('[HR] masked columns are no filter oracle on %s', (kind) => {
  let t: TestApp;
  let qianhui: string; // A03 HR with hr:sensitive:view
  let sunyue: string; // A03 HR assistant without it
  const target: Record<string, { id: string; values: Record<string, string>; params: string }> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    [qianhui, sunyue] = await Promise.all(['qianhui', 'sunyue'].map((u) => t.login(u)));
    await t.app.ctx.db.updateTable('wfDefinition').set({ status: 0 }).where('businessTable', 'in', ['fm_hy_new', 'fm_hy_transfer', 'fm_hy_dimission']).execute();
    const move = async (name: string, body: Record<string, unknown>) => expect((await t.call(qianhui, 'POST', `/manager/hyUser/${name}`, body)).body.success).toBe(true);
    const add = async () => (await t.call(qianhui, 'POST', '/manager/hyUser/add', person())).body.result.id as string;
    const plain = async (id: string) => {
      const f = await t.app.ctx.db.selectFrom('hyUser').select(['idCard', 'mobile', 'bankCard']).where('id', '=', id).executeTakeFirstOrThrow();
      return { idCard: f.idCard!, mobile: f.mobile!, bankCard: f.bankCard! };
    };
    // an applicant whose mobile was corrected (the change log keeps the old and new number)
    const applicant = await add();
    const before = await plain(applicant);
    const newMobile = `1470004${String(1000 + n).padStart(4, '0')}`;
    expect((await t.call(qianhui, 'POST', '/manager/hyUser/edit', { id: applicant, mobile: newMobile })).body.success).toBe(true);
    // a new hire, and an employee whose contract ends within 30 days
    const hired = await add();
    await move('toInterview', { id: hired });
    await move('hire', { id: hired, orgCode: 'A03A02', post: 'zy', entryDate: '2026-12-01' });
    const employee = await add();
    await move('toInterview', { id: employee });
    await move('hire', { id: employee, orgCode: 'A03A02', post: 'zy', entryDate: '2026-01-05' });
    await move('entry', { id: employee, entryDate: '2026-01-05', contractEnd: formatDate(Date.now() + 10 * 86_400_000) });
    const file = async (id: string, params = '') => ({ id, values: await plain(id), params });
    target['/manager/hyUser/list'] = await file(applicant);
    target['/manager/hyUser/exportXls'] = await file(applicant);
    target['/manager/hyNew/list'] = await file(hired);
    target['/manager/hyRelation/list'] = await file(employee, 'kind=contract30');
    target['/manager/hyUserLog/list'] = { id: applicant, values: { oldValue: before.mobile, newValue: newMobile }, params: 'field=mobile' };
    target['/manager/hyUser/checkDuplicate'] = { id: '', values: await plain(employee), params: '' };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What a caller learns from one answer: refusal and message, or the rows (ids in order) it got. */
  async function answer(token: string, endpoint: string, query: string) {
    const url = `/jeecg-boot${endpoint}?${query}`;
    const res = await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': token } });
    if (String(res.headers['content-type']).includes('spreadsheetml')) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      return { status: res.statusCode, rows: ws.actualRowCount - 3 };
    }
    const b = res.json();
    const r = b.result ?? {};
    return { status: res.statusCode, success: b.success, message: b.message, total: r.total, ids: r.records?.map((x: { id: string }) => x.id), duplicate: r.duplicate };
  }
  const narrow = (endpoint: string) => {
    const e = HR_MASKED_COLUMNS.find((x) => x.endpoint === endpoint)!;
    const tg = target[endpoint];
    return [e.fileParam ? `${e.fileParam}=${tg.id}` : '', tg.params, 'pageSize=100'].filter(Boolean).join('&');
  };

  it('lists every masked endpoint the HR module has', () => {
    expect(HR_MASKED_COLUMNS.map((e) => e.endpoint).sort()).toEqual(Object.keys(target).sort());
  });

  it('every masked column of every list, export and lookup: a right guess answers exactly like a wrong one', async () => {
    for (const e of HR_MASKED_COLUMNS) {
      const tg = target[e.endpoint];
      for (const c of e.columns) {
        const v = tg.values[c];
        expect(v, `${e.endpoint} ${c}`).toBeTruthy();
        for (const [name, right, bad] of probes(c, v)) {
          const a = await answer(sunyue, e.endpoint, `${narrow(e.endpoint)}&${right}`);
          const b = await answer(sunyue, e.endpoint, `${narrow(e.endpoint)}&${bad}`);
          expect(a, `${e.endpoint} ${c} ${name}`).toEqual(b);
        }
        // sort order leaks too: ascending and descending by the column answer alike
        if (e.kind !== 'lookup') {
          const asc = await answer(sunyue, e.endpoint, `${tg.params}&column=${c}&order=asc&pageSize=100`);
          const desc = await answer(sunyue, e.endpoint, `${tg.params}&column=${c}&order=desc&pageSize=100`);
          expect(asc, `${e.endpoint} ${c} sort`).toEqual(desc);
        }
      }
    }
    // the same probes do tell a holder of hr:sensitive:view apart (the check above would see an oracle)
    for (const e of HR_MASKED_COLUMNS.filter((x) => x.kind !== 'lookup' && x.fileParam === 'id')) {
      for (const c of ['idCard', 'mobile']) {
        const [, right, bad] = probes(c, target[e.endpoint].values[c])[0];
        const a = await answer(qianhui, e.endpoint, `${narrow(e.endpoint)}&${right}`);
        const b = await answer(qianhui, e.endpoint, `${narrow(e.endpoint)}&${bad}`);
        expect(a, `${e.endpoint} ${c} holder`).not.toEqual(b);
      }
    }
  });

  it('the digit-by-digit attack on the national ID and the mobile learns nothing', async () => {
    const tg = target['/manager/hyUser/list'];
    const attack = async (token: string, column: 'idCard' | 'mobile') => {
      let known = '';
      const answers = new Set<string>();
      for (let pos = 0; pos < tg.values[column].length; pos++) {
        let found: string | null = null;
        for (const d of pos === 17 ? '0123456789X' : '0123456789') {
          const r = await t.call(token, 'GET', `/manager/hyUser/list?id=${tg.id}&${column}=${enc(`${known}${d}*`)}`);
          answers.add(`${r.body.success}:${r.body.message}:${r.body.result?.total}`);
          if (r.body.result?.total === 1) {
            found = d;
            break;
          }
        }
        if (found === null) break;
        known += found;
      }
      return { known, answers };
    };
    for (const column of ['idCard', 'mobile'] as const) {
      const assistant = await attack(sunyue, column);
      expect(assistant.known).toBe('');
      expect([...assistant.answers]).toEqual([`false:${HR_MASKED_FILTER_TEXT}:undefined`]);
      // with the permission the pattern filter works as before
      expect((await attack(qianhui, column)).known).toBe(tg.values[column]);
    }
  });

  it('one exact value is a lookup: answered, logged as a sensitive view, limited to 20 a minute per user', async () => {
    const tg = target['/manager/hyUser/list'];
    const hit = await t.call(sunyue, 'GET', `/manager/hyUser/list?idCard=${tg.values.idCard}`);
    expect(hit.body.result.total).toBe(1);
    expect(hit.body.result.records[0]).toMatchObject({ id: tg.id, idCard: expect.stringMatching(/^\d{3}\*{13}[\dX]{2}$/) });
    expect((await t.call(sunyue, 'GET', `/manager/hyUser/list?mobile=${wrong(tg.values.mobile)}`)).body.result.total).toBe(0);
    const logged = await t.app.ctx.db.selectFrom('hyUserLog').selectAll().where('operator', '=', 'sunyue').where('action', '=', 'viewSensitive').orderBy('id').execute();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ hyUserId: tg.id, field: 'idCard', fieldLabel: '按敏感信息精确查询', reason: '人事档案列表' });
    expect(logged[0].newValue).toMatch(/^\d{3}\*{13}[\dX]{2}$/);
    expect(logged[1]).toMatchObject({ hyUserId: null, orgCode: 'A03A01', field: 'mobile' });
    // the change log shows it to HR as 查看敏感信息
    const log = await t.call(qianhui, 'GET', '/manager/hyUserLog/list?operator=sunyue&action=viewSensitive');
    expect(log.body.result.records[0]).toMatchObject({ action_dictText: '查看敏感信息' });
    // the duplicate check is a lookup too
    const dup = await t.call(sunyue, 'GET', `/manager/hyUser/checkDuplicate?mobile=${target['/manager/hyUser/checkDuplicate'].values.mobile}`);
    expect(dup.body.result.duplicate).toBe(true);
    // 3 used; 17 more within the minute, then refused (429), on every endpoint
    for (let i = 0; i < 17; i++) {
      const r = await t.call(sunyue, 'GET', `/manager/hyNew/list?mobile=${wrong(tg.values.mobile)}`);
      expect(r.body.success, `lookup ${i + 4}`).toBe(true);
    }
    for (const url of [`/manager/hyUser/list?idCard=${tg.values.idCard}`, `/manager/hyUser/checkDuplicate?idCard=${tg.values.idCard}`, `/manager/hyUser/exportXls?mobile=${tg.values.mobile}`]) {
      const r = await t.call(sunyue, 'GET', url);
      expect(r.status, url).toBe(429);
      expect(r.body.message).toBe(HR_MASKED_LOOKUP_LIMIT_TEXT);
    }
    // lists without a masked filter still answer; the holder of the permission is not limited
    expect((await t.call(sunyue, 'GET', '/manager/hyUser/list?pageSize=1')).body.success).toBe(true);
    for (let i = 0; i < 25; i++) expect((await t.call(qianhui, 'GET', `/manager/hyUser/list?idCard=${tg.values.idCard}`)).body.result.total).toBe(1);
  });

  it('the limit is a setting (HR_SENSITIVE_LOOKUPS_PER_MINUTE)', async () => {
    expect(loadLimits({}).hrSensitiveLookupsPerMinute).toBe(20);
    expect(loadLimits({ HR_SENSITIVE_LOOKUPS_PER_MINUTE: '5' }).hrSensitiveLookupsPerMinute).toBe(5);
    const small = await createTestApp(kind, { limits: { ...loadLimits({}), hrSensitiveLookupsPerMinute: 2 } });
    try {
      const token = await small.login('sunyue');
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await small.call(token, 'GET', '/manager/hyUser/list?mobile=14700000000')).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await small.close();
    }
  });
});
