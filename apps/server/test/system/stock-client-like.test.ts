/**
 * Every searchable list takes `%`, `_` and `\` literally (LIKE … ESCAPE on both databases): for each list
 * three rows are made — one holding `50%_x`, a decoy that the unescaped wildcards would also match, one
 * holding a backslash — and each search finds exactly its row.
 */
import { makeNationalId } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

interface ListCase {
  name: string;
  /** creates a row whose searched field holds `text` */
  create: (text: string) => Promise<void>;
  /** the list url for a search of `value` */
  url: (value: string) => string;
  /** the searched field's values in the answer */
  read: (result: any) => string[];
}

const records = (field: string) => (r: any) => ((Array.isArray(r) ? r : r.records) as Record<string, string>[]).map((x) => x[field]);

describe.each(dbKinds)('[STOCK] LIKE searches take percent, underscore and backslash literally on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const tag = 'Lk';
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (url: string, body: unknown) => {
    const r = await t.call(admin, 'POST', url, body);
    if (!r.body.success) throw new Error(`${url}: ${r.body.message}`);
  };
  const q = encodeURIComponent;
  const star = (v: string) => q(`*${v}*`);
  /** one yearly sheet per person and year: each row of the sheet case takes the next year */
  let sheetYear = 0;
  /** each employee file is another person (national ID and mobile are unique among files) */
  let hrPerson = 0;

  const at = '2026-11-24 10:00:00';
  const lkDefinition = (name: string) => ({
    id: `lk:1:${newId()}`,
    processKey: `lk_${newId().slice(-8)}`,
    version: 1,
    latest: 1,
    name,
    description: null,
    categoryId: null,
    xml: '<definitions/>',
    status: 0,
    businessTable: null,
    routeName: null,
    roles: null,
    createBy: 'admin',
    createTime: at,
    updateBy: null,
    updateTime: null,
  });
  /** an application of another user titled `text`: admin has a to-do and a done task in it, and a copy */
  const lkApplication = async (text: string) => {
    const db = t.app.ctx.db;
    const def = lkDefinition('流程检索');
    await db.insertInto('wfDefinition').values(def).execute();
    const businessId = newId();
    const instId = newId();
    await db
      .insertInto('wfBusiness')
      .values({ id: businessId, procDefId: def.id, procInstId: instId, userId: 'lk_other', title: text, tableName: 'like_test', tableId: newId(), status: 1, result: 1, applyTime: at, sysOrgCode: 'A01', delFlag: 0, createBy: 'lk_other', createTime: at, updateBy: null, updateTime: null })
      .execute();
    await db
      .insertInto('wfInstance')
      .values({ id: instId, procDefId: def.id, businessId, starter: 'lk_other', starterName: '检索', title: text, state: 'running', version: 1, priority: 0, startTime: at, endTime: null, endReason: null })
      .execute();
    const task = { instId, procDefId: def.id, tokenId: null, nodeId: 'n1', name: '节点', owner: null, priority: 0, createTime: at, comment: null };
    await db.insertInto('wfTask').values({ ...task, id: newId(), assignee: 'admin', status: 0, endTime: null, outcome: null, executor: null }).execute();
    await db.insertInto('wfTask').values({ ...task, id: newId(), assignee: null, status: 1, endTime: at, outcome: 'pass', executor: 'admin' }).execute();
    await db
      .insertInto('wfCc')
      .values({ id: newId(), instId, taskId: null, nodeId: null, nodeName: null, username: 'admin', fromUsername: 'lk_other', fromRealname: '检索', comment: null, readFlag: 0, createTime: at, readTime: null })
      .execute();
  };

  /** the menu whose data rules the rule search reads */
  let lkMenuId = '';
  const cases = (): ListCase[] => [
    {
      name: 'permission/list (name)',
      create: (text) => post('/sys/permission/add', { name: text, menuType: 0, url: `/like-${newId()}`, component: 'layouts/RouteView' }),
      url: (v) => `/sys/permission/list?name=${q(v)}`,
      read: records('name'),
    },
    {
      name: 'sysDepart/searchBy (keyWord)',
      create: (text) => post('/sys/sysDepart/add', { departName: text, orgCategory: '2', parentId: null }),
      url: (v) => `/sys/sysDepart/searchBy?keyWord=${q(v)}`,
      read: records('departName'),
    },
    {
      name: 'sysDepart/list (departName, query builder)',
      create: async () => undefined, // the rows of the case above
      url: (v) => `/sys/sysDepart/list?pageSize=100&departName=${star(v)}`,
      read: records('departName'),
    },
    {
      name: 'log/list (keyWord)',
      create: async (text) => {
        await t.app.ctx.db
          .insertInto('sysLog')
          .values({ id: newId(), logType: 2, logContent: text, operateType: 2, userid: 'admin', username: '管理员', ip: null, method: null, requestUrl: null, requestParam: null, requestType: null, costTime: 0, outcome: 'success', createBy: 'admin', createTime: '2026-11-24 10:00:00' })
          .execute();
      },
      url: (v) => `/sys/log/list?logType=2&pageSize=100&keyWord=${q(v)}`,
      read: records('logContent'),
    },
    {
      name: 'online/list (realname of a signed-in user)',
      // `On` keeps these users out of the user list case below (its rows start with the tag)
      create: async (text) => {
        // the list also matches the username, so it must never contain the searched tag (`lk` + digits could)
        const username = `on${newId().slice(-8)}`;
        await post('/sys/user/add', { username, realname: `On${text}`, password: '123456' });
        await t.login(username);
      },
      url: (v) => `/sys/online/list?pageSize=100&username=${q(v)}`,
      read: (r) => records('realname')(r).map((x) => x.slice('On'.length)),
    },
    {
      name: 'annountCement/list (titile)',
      create: (text) => post('/sys/annountCement/add', { titile: text, msgContent: '<p>x</p>', msgType: 'ALL', msgCategory: '1', priority: 'L' }),
      url: (v) => `/sys/annountCement/list?pageSize=100&titile=${q(v)}`,
      read: records('titile'),
    },
    {
      name: 'announcementNews/list (noticeTitle)',
      create: (text) => post('/announcementNews/add', { noticeTitle: text, noticeContent: '<p>x</p>' }),
      url: (v) => `/announcementNews/list?pageSize=100&noticeTitle=${q(v)}`,
      read: records('noticeTitle'),
    },
    {
      name: 'quartzJob/list (description)',
      create: (text) => post('/sys/quartzJob/add', { jobClassName: 'office.job.SampleJob', cronExpression: '0 0 1 * * ?', description: text, status: -1 }),
      url: (v) => `/sys/quartzJob/list?pageSize=100&description=${q(v)}`,
      read: records('description'),
    },
    {
      name: 'sysMessageTemplate/list (templateName)',
      create: (text) => post('/sys/message/sysMessageTemplate/add', { templateName: text, templateCode: `lk_${newId().slice(-8)}`, templateType: '1', templateContent: 'x' }),
      url: (v) => `/sys/message/sysMessageTemplate/list?pageSize=100&templateName=${q(v)}`,
      read: records('templateName'),
    },
    {
      name: 'actBusiness/listData (title, my applications)',
      create: async (text) => {
        await t.app.ctx.db
          .insertInto('wfBusiness')
          .values({ id: newId(), procDefId: null, procInstId: null, userId: 'admin', title: text, tableName: 'like_test', tableId: newId(), status: 0, result: 0, applyTime: null, sysOrgCode: 'A01', delFlag: 0, createBy: 'admin', createTime: '2026-11-24 10:00:00', updateBy: null, updateTime: null })
          .execute();
      },
      url: (v) => `/actBusiness/listData?pageSize=100&title=${q(v)}`,
      read: records('title'),
    },
    {
      name: 'activiti_process/listData (lcmc, process definitions)',
      create: async (text) => {
        await t.app.ctx.db.insertInto('wfDefinition').values(lkDefinition(text)).execute();
      },
      url: (v) => `/activiti_process/listData?pageSize=100&lcmc=${q(v)}`,
      read: records('name'),
    },
    {
      name: 'actTask/todoList (name, to-do)',
      // one application per text, with an open task and a done task of admin and a copy to admin
      create: (text) => lkApplication(text),
      url: (v) => `/actTask/todoList?pageSize=100&name=${q(v)}`,
      read: records('title'),
    },
    {
      name: 'actTask/doneList (name, done)',
      create: async () => undefined, // the applications of the case above
      url: (v) => `/actTask/doneList?pageSize=100&name=${q(v)}`,
      read: records('title'),
    },
    {
      name: 'actTask/ccList (title, CC inbox)',
      create: async () => undefined,
      url: (v) => `/actTask/ccList?pageSize=100&title=${q(v)}`,
      read: records('title'),
    },
    {
      name: 'activiti_process/instances (title, running instances)',
      create: async () => undefined,
      url: (v) => `/activiti_process/instances?pageSize=100&title=${q(v)}`,
      read: records('title'),
    },
    {
      name: 'forms/trip/list (destination, declared form list)',
      create: (text) =>
        post('/actBusiness/add', { tableName: 'fm_trip', destination: text, startDate: '2026-12-01', endDate: '2026-12-02', transport: 'train', budget: 100, reason: '检索' }),
      url: (v) => `/forms/trip/list?pageSize=100&destination=${q(v)}`,
      read: records('destination'),
    },
    {
      name: 'office/mission/list (title)',
      create: (text) => post('/office/mission/add', { title: text, owner: 'yangfan', dueDate: '2026-12-31' }),
      url: (v) => `/office/mission/list?pageSize=100&title=${q(v)}`,
      read: records('title'),
    },
    {
      name: 'actProcurePoolExtend/list (itemName, query builder)',
      create: (text) => post('/activiti/actProcurePoolExtend/addActProcurePool', { itemName: text, qty: 1 }),
      url: (v) => `/activiti/actProcurePoolExtend/list?pageSize=100&itemName=${star(v)}`,
      read: records('itemName'),
    },
    {
      name: 'online/cgreport/head/list (name)',
      create: async (text) => {
        await t.app.ctx.db
          .insertInto('onlCgreportHead')
          .values({ id: newId(), code: `lk_${newId().slice(-8)}`, name: text, cgrSql: 'select 1', dbSource: null, content: null, returnValField: null, returnTxtField: null, returnType: null, sysOrgCode: 'A01', createBy: 'admin', createTime: at, updateBy: null, updateTime: null })
          .execute();
      },
      url: (v) => `/online/cgreport/head/list?pageSize=100&name=${q(v)}`,
      read: records('name'),
    },
    {
      name: 'online/cgform/head/list (tableTxt)',
      create: async (text) => {
        await t.app.ctx.db
          .insertInto('onlCgformHead')
          .values({
            id: newId(),
            tableName: `lk_${newId().slice(-8)}`,
            tableTxt: text,
            tableType: 1,
            isTree: 'N',
            treeParentIdField: null,
            treeFieldname: null,
            subTableStr: null,
            relationType: 0,
            tabOrderNum: 0,
            formTemplate: null,
            isDbSynch: 'N',
            tableVersion: 1,
            syncedFields: null,
            sysOrgCode: 'A01',
            createBy: 'admin',
            createTime: at,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      },
      url: (v) => `/online/cgform/head/list?pageSize=100&tableTxt=${q(v)}`,
      read: records('tableTxt'),
    },
    {
      name: 'performance/questionnaire/list (title)',
      create: (text) =>
        post('/performance/questionnaire/add', {
          title: text,
          questions: [{ type: 'single', title: '态度', options: [{ label: '好', score: 100 }, { label: '差', score: 0 }] }],
        }),
      url: (v) => `/performance/questionnaire/list?pageSize=100&title=${q(v)}`,
      read: records('title'),
    },
    {
      name: 'manager/hyUser/list (realname, query builder)',
      create: (text) => {
        hrPerson++;
        return post('/manager/hyUser/add', {
          realname: text,
          orgCode: 'A01',
          idCard: makeNationalId('110105', `1991-0${hrPerson}-1${hrPerson}`, 700 + hrPerson * 2 + 1),
          mobile: `1480000${String(1000 + hrPerson)}`,
        });
      },
      url: (v) => `/manager/hyUser/list?pageSize=100&realname=${star(v)}`,
      read: records('realname'),
    },
    {
      name: 'userYearPerf/list (userName, query builder)',
      create: (text) => post('/userYearPerf/add', { userId: 'admin', yearPart: String(2090 + sheetYear++), userName: text }),
      url: (v) => `/userYearPerf/list?pageSize=100&userName=${star(v)}`,
      read: records('userName'),
    },
    {
      name: 'role/list (roleName, query builder)',
      create: (text) => post('/sys/role/add', { roleName: text, roleCode: `lk_${newId().slice(-8)}` }),
      url: (v) => `/sys/role/list?pageSize=100&roleName=${star(v)}`,
      read: records('roleName'),
    },
    {
      name: 'dict/list (dictName, query builder)',
      create: (text) => post('/sys/dict/add', { dictName: text, dictCode: `lk_${newId().slice(-8)}` }),
      url: (v) => `/sys/dict/list?pageSize=100&dictName=${star(v)}`,
      read: records('dictName'),
    },
    {
      name: 'dictItem/list (itemText, query builder)',
      create: async (text) => {
        const dict = await t.app.ctx.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex').executeTakeFirstOrThrow();
        await post('/sys/dictItem/add', { dictId: dict.id, itemText: text, itemValue: `lk_${newId().slice(-8)}` });
      },
      url: (v) => `/sys/dictItem/list?pageSize=100&itemText=${star(v)}`,
      read: records('itemText'),
    },
    {
      name: 'category/rootList (name, query builder)',
      create: (text) => post('/sys/category/add', { name: text, pid: '0' }),
      url: (v) => `/sys/category/rootList?pageSize=100&name=${star(v)}`,
      read: records('name'),
    },
    {
      name: 'fillRule/list (ruleName, query builder)',
      create: (text) => post('/sys/fillRule/add', { ruleName: text, ruleCode: `lk_${newId().slice(-8)}`, ruleClass: 'order_num' }),
      url: (v) => `/sys/fillRule/list?pageSize=100&ruleName=${star(v)}`,
      read: records('ruleName'),
    },
    {
      name: 'permission/queryPermissionRule (ruleName)',
      create: async (text) => {
        const menu = await t.app.ctx.db.selectFrom('sysPermission').select('id').where('name', '=', '首页').executeTakeFirstOrThrow();
        lkMenuId = menu.id;
        await post('/sys/permission/addPermissionRule', { permissionId: menu.id, ruleName: text, ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '0' });
      },
      url: (v) => `/sys/permission/queryPermissionRule?permissionId=${lkMenuId}&ruleName=${q(v)}`,
      read: records('ruleName'),
    },
    {
      name: 'user/list (realname, query builder)',
      create: (text) => post('/sys/user/add', { username: `lk${newId().slice(-8)}`, realname: text, password: '123456' }),
      url: (v) => `/sys/user/list?pageSize=100&realname=${star(v)}`,
      read: records('realname'),
    },
    {
      name: 'sysUserAgent/list (agentUserName, query builder)',
      create: async (text) => {
        await t.app.ctx.db
          .insertInto('sysUserAgent')
          .values({ id: newId(), userName: `lk${newId().slice(-8)}`, agentUserName: text, startTime: null, endTime: null, status: '1', sysOrgCode: 'A01', createBy: 'admin', createTime: '2026-11-24 10:00:00', updateBy: null, updateTime: null })
          .execute();
      },
      url: (v) => `/sys/sysUserAgent/list?pageSize=100&agentUserName=${star(v)}`,
      read: records('agentUserName'),
    },
    {
      name: 'user/recycleBin (realname, query builder)',
      create: async (text) => {
        await t.app.ctx.db
          .insertInto('sysUser')
          .values({ id: newId(), username: `lkd${newId().slice(-8)}`, realname: text, password: null, salt: null, avatar: null, birthday: null, sex: null, email: null, phone: null, orgCode: 'A01', status: 1, delFlag: 1, workNo: null, post: null, telephone: null, userIdentity: 1, departIds: null, relTenantIds: null, clientId: null, createBy: 'admin', createTime: '2026-11-24 10:00:00', updateBy: null, updateTime: null })
          .execute();
      },
      url: (v) => `/sys/user/recycleBin?realname=${star(v)}`,
      read: records('realname'),
    },
  ];

  it('finds the literal rows in every list', async () => {
    const hit = `${tag}50%_x`;
    const decoy = `${tag}50Xyx`; // `%50%%` and `%_x%` match this when the wildcards are not escaped
    const slash = `${tag}C\\d`;
    const list = cases();
    for (const c of list) for (const text of [hit, decoy, slash]) await c.create(text);
    for (const c of list) {
      const get = async (v: string) => {
        const r = await t.call(admin, 'GET', c.url(v));
        expect(r.body.success, `${c.name} ${v}: ${r.body.message}`).toBe(true);
        return c.read(r.body.result).filter((x) => x?.startsWith(tag));
      };
      expect(await get('50%'), `${c.name}: 50%`).toEqual([hit]);
      expect(await get('_x'), `${c.name}: _x`).toEqual([hit]);
      expect(await get('\\'), `${c.name}: \\`).toEqual([slash]);
      expect((await get(`${tag}50`)).sort(), `${c.name}: plain`).toEqual([hit, decoy].sort());
    }
  });
});
