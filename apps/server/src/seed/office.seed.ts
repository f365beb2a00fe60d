import { addDays, currentWeekStart } from '@go/contract';
import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import '../modules/office/office.tables.js';
import { addMenus, menuIdByUrl, type MenuSeed } from './helpers.js';

const ALL_ROLES = ['admin', 'hr', 'dept_leader', 'staff'];
const LEADERS = ['admin', 'dept_leader'];

const button = (name: string, perms: string, roles: string[]): MenuSeed => ({ name, menuType: 2, perms, permsType: '1', roles });

/** 办公 menus of weekly reports, missions and kanban with their permission codes (docs/office.md). */
export async function seedOfficeMenus(db: Database): Promise<void> {
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
    ],
    office,
  );
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
