import { addDays, currentWeekStart, proposalForm } from '@go/contract';
import { formPerms } from '@go/contract/forms/index';
import { declaredFormType } from '../modules/forms/declared-form.js';
import { ensureCompanyBoard } from '../modules/office/kanban.service.js';
import { markAdopted } from '../modules/office/proposal.repo.js';
import { ensureFormTable } from '../modules/forms/form-table.js';
import { buildWorkflow } from '../modules/workflow/index.js';
import { FormRegistry } from '../modules/workflow/form-registry.js';
import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import '../modules/office/office.tables.js';
import '../platform/scheduler/scheduler.tables.js';
import { bpmn } from './forms.seed.js';
import { addMenus, menuIdByUrl, type MenuSeed, type SeedOptions } from './helpers.js';

const ALL_ROLES = ['admin', 'hr', 'dept_leader', 'staff'];
const LEADERS = ['admin', 'dept_leader'];

const button = (name: string, perms: string, roles: string[]): MenuSeed => ({ name, menuType: 2, perms, permsType: '1', roles });

/** 办公 menus of weekly reports, missions and kanban with their permission codes (docs/office.md). */
export async function seedOfficeMenus(db: Database, opts: SeedOptions = { demo: true }): Promise<void> {
  let office = await menuIdByUrl(db, '/office');
  if (!office) {
    await addMenus(db, [{ name: '办公', url: '/office', component: 'layouts/RouteView', menuType: 0, icon: 'appstore', sortNo: 30, roles: ALL_ROLES }]);
    office = (await menuIdByUrl(db, '/office'))!;
  }
  await addMenus(
    db,
    [
      {
        name: '我的周报',
        url: '/office/weekly',
        component: 'office/WeeklyMy',
        componentName: 'WeeklyMy',
        menuType: 1,
        perms: 'office:weekly:list',
        icon: 'file-text',
        sortNo: 10,
        roles: ALL_ROLES,
        children: [button('写周报', 'office:weekly:add', ALL_ROLES)],
      },
      {
        name: '收到的周报',
        url: '/office/weeklyReceived',
        component: 'office/WeeklyReceived',
        componentName: 'WeeklyReceived',
        menuType: 1,
        perms: 'office:weekly:list',
        icon: 'inbox',
        sortNo: 11,
        roles: ALL_ROLES,
      },
      {
        name: '团队周报',
        url: '/office/weeklyTeam',
        component: 'office/WeeklyTeam',
        componentName: 'WeeklyTeam',
        menuType: 1,
        perms: 'office:weekly:team',
        icon: 'team',
        sortNo: 12,
        roles: LEADERS,
      },
      {
        name: '周报查询',
        url: '/office/weeklySearch',
        component: 'office/WeeklySearch',
        componentName: 'WeeklySearch',
        menuType: 1,
        perms: 'office:weekly:search',
        icon: 'search',
        sortNo: 13,
        roles: ['admin', 'hr', 'dept_leader'],
      },
      {
        name: '任务',
        url: '/office/mission',
        component: 'office/MissionList',
        componentName: 'MissionList',
        menuType: 1,
        perms: 'office:mission:list',
        icon: 'schedule',
        sortNo: 14,
        roles: ALL_ROLES,
        children: [
          button('新建任务', 'office:mission:add', ALL_ROLES),
          button('编辑任务', 'office:mission:edit', ALL_ROLES),
          button('删除任意任务', 'office:mission:delete', LEADERS),
        ],
      },
      {
        name: '看板',
        url: '/office/kanban',
        component: 'office/KanbanBoard',
        componentName: 'KanbanBoard',
        menuType: 1,
        perms: 'office:kanban:list',
        icon: 'project',
        sortNo: 15,
        roles: ALL_ROLES,
        children: [button('移动卡片', 'office:kanban:edit', ALL_ROLES), button('管理看板', 'office:kanban:board', LEADERS)],
      },
    ],
    office,
  );
  await db
    .insertInto('sysQuartzJob')
    .values({
      id: newId(),
      jobClassName: 'office.job.MissionReminderJob',
      cronExpression: '0 30 8 * * ? *',
      parameter: null,
      description: '每天8点30分发送任务到期与逾期提醒',
      // A clean install starts every job paused: the administrator turns on what the company uses.
      status: opts.demo ? 0 : -1,
      delFlag: 0,
      nextFire: null,
      lastFire: null,
      createBy: 'admin',
      createTime: now(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
}

/** Demo reports: last week's submitted reports of one department, so this week's form pre-fills. */
export async function seedOfficeDemo(db: Database): Promise<void> {
  const thisWeek = currentWeekStart();
  const lastWeek = addDays(thisWeek, -7);
  const users = await db.selectFrom('sysUser').select(['username', 'realname', 'orgCode']).where('username', 'in', ['chenjing', 'liuyang', 'yangfan', 'zhaolei']).execute();
  const by = new Map(users.map((u) => [u.username, u]));
  const reports: [string, string, string, string, string[]][] = [
    ['chenjing', '<p>完成十月费用凭证复核；整理供应商对账单。</p>', '<p>完成十一月报销单据审核；准备季度税务申报资料。</p>', '<p>部分发票未及时提交。</p>', ['liuyang']],
    ['yangfan', '<p>完成考勤模块接口联调。</p>', '<p>完成周报模块前端页面；修复导出缺陷。</p>', '', ['admin']],
    ['zhaolei', '<p>服务器巡检，更新备份策略。</p>', '<p>迁移测试环境数据库。</p>', '<p>备份存储空间不足。</p>', ['admin']],
  ];
  const t = now();
  await seedBoardDemo(db, thisWeek);
  for (const [username, done, plan, problem, to] of reports) {
    const u = by.get(username);
    if (!u) continue;
    const id = newId();
    await db
      .insertInto('oaWeekly')
      .values({
        id,
        username,
        realname: u.realname,
        sysOrgCode: u.orgCode,
        weekStart: lastWeek,
        doneContent: done,
        planContent: plan,
        problemContent: problem || null,
        attachments: null,
        status: '1',
        submitTime: `${addDays(lastWeek, 4)} 17:30:00`,
        createBy: username,
        createTime: t,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    for (const r of to) {
      const ru = await db.selectFrom('sysUser').select(['username', 'realname']).where('username', '=', r).executeTakeFirst();
      if (!ru) continue;
      await db
        .insertInto('oaWeeklyRecipient')
        .values({ id: newId(), weeklyId: id, username: ru.username, realname: ru.realname, readFlag: r === 'admin' ? '1' : '0', readTime: r === 'admin' ? t : null, createTime: t })
        .execute();
    }
  }
}

/** A board of the IT department (group company) with missions in every column. */
async function seedBoardDemo(db: Database, thisWeek: string): Promise<void> {
  const t = now();
  const boardId = newId();
  await db
    .insertInto('oaBoard')
    .values({ id: boardId, name: '信息化项目', description: 'OA 二期与机房改造', sysOrgCode: 'A01A04', columns: null, delFlag: 0, createBy: 'admin', createTime: t, updateBy: null, updateTime: null })
    .execute();
  const missions: [string, string, string, string[], string, string, number][] = [
    ['周报模块上线', 'yangfan', '1', ['zhaolei'], '1', addDays(thisWeek, 4), 40],
    ['机房UPS更换', 'zhaolei', '2', [], '0', addDays(thisWeek, 11), 0],
    ['邮箱系统迁移', 'yangfan', '0', ['admin'], '2', addDays(thisWeek, -3), 100],
    ['打印机集中采购', 'zhaolei', '0', [], '1', addDays(thisWeek, -2), 60],
  ];
  const names = new Map((await db.selectFrom('sysUser').select(['username', 'realname']).execute()).map((u) => [u.username, u.realname]));
  let sort = 1;
  for (const [title, owner, priority, participants, status, dueDate, progress] of missions) {
    await db
      .insertInto('oaMission')
      .values({
        id: newId(),
        title,
        description: `<p>${title}</p>`,
        owner,
        ownerName: names.get(owner) ?? owner,
        participants: participants.join(',') || null,
        priority,
        startDate: addDays(thisWeek, -7),
        dueDate,
        status,
        progress,
        attachments: null,
        boardId,
        columnKey: null,
        sortNo: sort++,
        version: 0,
        finishTime: status === '2' ? t : null,
        dueReminded: 0,
        overdueReminded: 0,
        sysOrgCode: 'A01A04',
        delFlag: 0,
        createBy: 'admin',
        createTime: t,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}

/** 战略指标 menu and demo indicators of the group's IT department and one company. */
export async function seedIndicators(db: Database, opts: SeedOptions = { demo: true }): Promise<void> {
  const office = await menuIdByUrl(db, '/office');
  await addMenus(
    db,
    [
      {
        name: '战略指标',
        url: '/office/indicator',
        component: 'office/IndicatorBoard',
        componentName: 'IndicatorBoard',
        menuType: 1,
        perms: 'office:indicator:list',
        icon: 'fund',
        sortNo: 16,
        roles: ALL_ROLES,
        children: [button('维护指标', 'office:indicator:manage', LEADERS), button('填报实际', 'office:indicator:actual', ALL_ROLES)],
      },
    ],
    office,
  );
  if (!opts.demo) return;
  const year = Number(currentWeekStart().slice(0, 4));
  const t = now();
  const users = new Map((await db.selectFrom('sysUser').select(['username', 'realname']).execute()).map((u) => [u.username, u.realname]));
  const rows: [string, string, string, number, number, string, (number | null)[]][] = [
    ['A01A04', '运维工单处理数', '件', 1200, 40, 'zhaolei', [96, 102, 88, 110, 97, 101, 92, 105, 99, 94, null, null]],
    ['A01A04', '信息化项目交付数', '个', 24, 60, 'yangfan', [1, 2, 2, 2, 1, 3, 2, 2, 1, 2, null, null]],
    ['A03', '营业收入', '万元', 6000, 70, 'sunli', [420, 460, 510, 480, 500, 530, 470, 520, 490, 540, null, null]],
    ['A03A02', '客户满意度调查数', '份', 1200, 30, 'machao', [80, 90, 110, 95, 100, 105, 90, 100, 85, 110, null, null]],
  ];
  for (const [org, name, unit, target, weight, owner, actuals] of rows) {
    const id = newId();
    await db
      .insertInto('oaIndicator')
      .values({ id, year, name, unit, target, weight, owner, ownerName: users.get(owner) ?? owner, sysOrgCode: org, sortNo: 0, delFlag: 0, createBy: 'admin', createTime: t, updateBy: null, updateTime: null })
      .execute();
    const each = target / 12;
    for (let m = 1; m <= 12; m++) {
      await db
        .insertInto('oaIndicatorMonth')
        .values({ id: newId(), indicatorId: id, month: m, target: each, actual: actuals[m - 1], updateBy: owner, updateTime: t })
        .execute();
    }
  }
}

/** 合理化建议: department head → administration (HR) review → end. */
export const PROPOSAL_BPMN = bpmn(
  'proposal',
  '合理化建议',
  [
    ['start', 'start', '开始', 60, 142],
    ['deptApprove', 'user', '部门负责人评估', 150, 120],
    ['hrReview', 'user', '行政评审', 320, 120],
    ['end', 'end', '结束', 490, 142],
  ],
  [
    ['flow1', 'start', 'deptApprove'],
    ['flow2', 'deptApprove', 'hrReview'],
    ['flow3', 'hrReview', 'end'],
  ],
);

/** The proposal form's table, its review process with node rules, and the menus. */
export async function seedProposals(db: Database, opts: SeedOptions = { demo: true }): Promise<void> {
  await ensureFormTable(db, proposalForm);
  const registry = new FormRegistry();
  // The same end-of-process hook as the module's: a passed review adopts the proposal.
  registry.register(declaredFormType(proposalForm, { onFinish: async (trx, id, outcome) => (outcome === 'passed' ? markAdopted(trx, id, now()) : undefined) }));
  const wf = buildWorkflow(db, registry);
  const def = await wf.definitions.deploy({ username: 'admin' }, { xml: PROPOSAL_BPMN, businessTable: proposalForm.key, categoryId: '行政', description: '合理化建议：部门负责人评估后由行政评审，通过即采纳' }, db);
  await wf.definitions.editNode({ procDefId: def.id, nodeId: 'deptApprove', rules: [{ type: 4 }], emptyPolicy: 'admin' }, db);
  await wf.definitions.editNode({ procDefId: def.id, nodeId: 'hrReview', rules: [{ type: 0, relateId: 'hr' }], emptyPolicy: 'admin' }, db);

  if (opts.demo) await seedProposalDemo(db, wf);

  const office = await menuIdByUrl(db, '/office');
  const p = formPerms(proposalForm);
  await addMenus(
    db,
    [
      {
        name: '合理化建议',
        url: '/office/proposal',
        component: 'forms/DeclaredFormList',
        componentName: 'proposalList',
        menuType: 1,
        perms: p.list,
        icon: 'bulb',
        sortNo: 17,
        roles: ALL_ROLES,
        children: [button('查看全公司', p.all, ['admin', 'hr', 'dept_leader'])],
      },
      {
        name: '建议采纳榜',
        url: '/office/proposalAdopted',
        component: 'office/ProposalAdopted',
        componentName: 'ProposalAdopted',
        menuType: 1,
        perms: 'office:proposal:list',
        icon: 'like',
        sortNo: 18,
        roles: ALL_ROLES,
        children: [button('指定负责人', 'office:proposal:manage', ['admin', 'hr', 'dept_leader'])],
      },
    ],
    office,
  );
}

/** Demo proposals: two adopted (one anonymous, one with likes), one waiting for the department head. */
async function seedProposalDemo(db: Database, wf: ReturnType<typeof buildWorkflow>): Promise<void> {
  const who = async (username: string) => {
    const u = await db.selectFrom('sysUser').select(['id', 'username', 'realname', 'orgCode']).where('username', '=', username).executeTakeFirstOrThrow();
    return { id: u.id, username: u.username, realname: u.realname ?? u.username, orgCode: u.orgCode ?? '', company: (u.orgCode ?? '').slice(0, 3), tenantId: 0, sessionId: '' };
  };
  const passOpen = async (instId: string) => {
    const task = await db.selectFrom('wfTask').select('id').where('instId', '=', instId).where('status', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const c = await db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', task.id).where('open', '=', 1).orderBy('username').executeTakeFirstOrThrow();
    const u = await who(c.username);
    await wf.engine.pass({ username: u.username, realname: u.realname }, { id: task.id, comment: '同意采纳' });
  };
  const file = async (username: string, data: Record<string, unknown>, reviews: number) => {
    const cu = await who(username);
    const app = await wf.applications.add(cu, { tableName: proposalForm.key, data }, db);
    const { procInstId } = await wf.engine.apply({ username: cu.username, realname: cu.realname }, { id: app.id });
    for (let i = 0; i < reviews; i++) await passOpen(procInstId);
    return app;
  };
  await file('chenjing', { category: 'cost', anonymous: '0', subject: '打印机默认双面打印', description: '各部门打印机默认单面打印，纸张浪费较多。建议统一设置为默认双面。', benefit: '预计每年节约纸张约30%' }, 2);
  await file('yangfan', { category: 'management', anonymous: '1', subject: '会议室预约信息上墙', description: '会议室经常被临时占用，建议在门口放置预约信息屏。', benefit: '减少会议冲突，提高会议室利用率' }, 2);
  await file('zhaolei', { category: 'safety', anonymous: '0', subject: '机房增设温湿度告警', description: '机房目前只有人工巡检，建议增加温湿度传感器并接入告警。', benefit: '提前发现空调故障，降低宕机风险' }, 0);
}

/** Every company (top-level department) without a board of its own gets its default kanban board. */
export async function seedCompanyBoards(db: Database): Promise<void> {
  const companies = await db.selectFrom('sysDepart').select(['orgCode', 'departName']).where('parentId', 'is', null).where('delFlag', '=', 0).orderBy('orgCode').execute();
  for (const c of companies) await ensureCompanyBoard(db, c, 'admin');
}
