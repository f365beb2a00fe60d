import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { formatDateTime, now } from '../platform/db/time.js';
import '../modules/announcement/announcement.tables.js';
import '../modules/message/message.tables.js';
import '../platform/scheduler/scheduler.tables.js';
import { addDict, addMenus, menuIdByUrl, type MenuSeed, type SeedOptions } from './helpers.js';

const ALL_ROLES = ['admin', 'hr', 'dept_leader', 'staff'];

function buttons(prefix: string, actions: [string, string][], roles: string[] = []): MenuSeed[] {
  return actions.map(([a, name]) => ({ name, menuType: 2 as const, perms: `${prefix}:${a}`, permsType: '1' as const, roles }));
}

/** A top-level group by url, else by name; created (granted to `roles`) when missing. Returns its id. */
async function ensureGroup(db: Database, url: string, name: string, icon: string, sortNo: number, roles: string[]): Promise<string> {
  let id = await menuIdByUrl(db, url);
  if (!id) {
    const byName = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('name', '=', name)
      .where('parentId', 'is', null)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    id = byName?.id ?? null;
  }
  if (!id) {
    await addMenus(db, [{ name, url, component: 'layouts/RouteView', menuType: 0, icon, sortNo, roles }]);
    id = (await menuIdByUrl(db, url))!;
  }
  await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', id).execute();
  await grant(db, id, roles);
  return id;
}

/** Grants an existing menu row to roles that lack it. */
async function grant(db: Database, permissionId: string, roles: string[]): Promise<void> {
  const rows = await db.selectFrom('sysRole').select(['id', 'roleCode']).where('roleCode', 'in', ['admin', ...roles]).execute();
  for (const r of rows) {
    const has = await db
      .selectFrom('sysRolePermission')
      .select('id')
      .where('roleId', '=', r.id)
      .where('permissionId', '=', permissionId)
      .executeTakeFirst();
    if (!has) {
      await db
        .insertInto('sysRolePermission')
        .values({ id: newId(), roleId: r.id, permissionId, dataRuleIds: null, operateDate: now(), operateIp: null })
        .execute();
    }
  }
}

/**
 * Menus: 通知公告, 定时任务, 消息模板 under 系统管理; the 系统监控 group (server, requests, Redis); 通知 and
 * 我的公告 under 办公 for every role.
 */
export async function seedAnnouncementMenus(db: Database): Promise<void> {
  const system = await ensureGroup(db, '/isystem', '系统管理', 'setting', 90, []);
  await addMenus(
    db,
    [
      {
        name: '通知公告',
        url: '/isystem/annountCement',
        component: 'announcement/AnnouncementList',
        componentName: 'AnnouncementList',
        menuType: 1,
        perms: 'system:announcement:list',
        icon: 'notification',
        keepAlive: true,
        sortNo: 20,
        children: buttons('system:announcement', [
          ['add', '添加'],
          ['edit', '编辑'],
          ['delete', '删除'],
          ['release', '发布/撤销'],
        ]),
      },
      {
        name: '定时任务',
        url: '/isystem/quartzJob',
        component: 'jobs/QuartzJobList',
        componentName: 'QuartzJobList',
        menuType: 1,
        perms: 'system:quartzJob:list',
        icon: 'clock-circle',
        keepAlive: true,
        sortNo: 21,
        children: buttons('system:quartzJob', [
          ['add', '添加'],
          ['edit', '编辑'],
          ['delete', '删除'],
          ['pause', '暂停/恢复'],
          ['execute', '立即执行'],
        ]),
      },
      {
        name: '消息模板',
        url: '/isystem/messageTemplate',
        component: 'message/TemplateList',
        componentName: 'TemplateList',
        menuType: 1,
        perms: 'system:messageTemplate:list',
        icon: 'mail',
        keepAlive: true,
        sortNo: 22,
        children: buttons('system:messageTemplate', [
          ['add', '添加'],
          ['edit', '编辑'],
          ['delete', '删除'],
          ['send', '发送测试'],
        ]),
      },
    ],
    system,
  );

  const monitor = await ensureGroup(db, '/monitor', '系统监控', 'dashboard', 91, []);
  await addMenus(
    db,
    [
      { name: '服务器信息', url: '/monitor/server', component: 'monitor/ServerInfo', componentName: 'ServerInfo', menuType: 1, perms: 'monitor:server:view', icon: 'cloud-server', sortNo: 1 },
      { name: '请求追踪', url: '/monitor/httpTrace', component: 'monitor/HttpTrace', componentName: 'HttpTrace', menuType: 1, perms: 'monitor:httptrace:view', icon: 'swap', sortNo: 2 },
      { name: 'Redis监控', url: '/monitor/redis', component: 'monitor/RedisInfo', componentName: 'RedisInfo', menuType: 1, perms: 'monitor:redis:view', icon: 'database', sortNo: 3 },
    ],
    monitor,
  );

  const office = await ensureGroup(db, '/office', '办公', 'appstore', 30, ALL_ROLES);
  await addMenus(
    db,
    [
      {
        name: '通知',
        url: '/notice',
        component: 'announcement/NoticeList',
        componentName: 'NoticeList',
        menuType: 1,
        icon: 'sound',
        sortNo: 50,
        roles: ALL_ROLES,
        children: buttons(
          'office:news',
          [
            ['add', '添加新闻'],
            ['edit', '编辑新闻'],
            ['delete', '删除新闻'],
          ],
          ['hr'],
        ),
      },
      {
        name: '我的公告',
        url: '/isps/userAnnouncement',
        component: 'announcement/UserAnnouncement',
        componentName: 'UserAnnouncement',
        menuType: 1,
        icon: 'bell',
        sortNo: 51,
        roles: ALL_ROLES,
      },
    ],
    office,
  );
}

async function dictOnce(db: Database, code: string, name: string, items: [string, string][]): Promise<void> {
  const exists = await db.selectFrom('sysDict').select('id').where('dictCode', '=', code).executeTakeFirst();
  if (!exists) await addDict(db, code, name, items);
}

/** Dictionaries of announcements, jobs and messages; the notice priorities read 一般 / 重要 / 紧急 (docs/realtime-and-jobs.md, 8). */
export async function seedAnnouncementDicts(db: Database): Promise<void> {
  await dictOnce(db, 'msg_category', '消息类型', [
    ['1', '通知公告'],
    ['2', '系统消息'],
  ]);
  await dictOnce(db, 'msg_type', '通告对象类型', [
    ['ALL', '全体用户'],
    ['USER', '指定用户'],
  ]);
  await dictOnce(db, 'send_status', '发布状态', [
    ['0', '未发布'],
    ['1', '已发布'],
    ['2', '已撤销'],
  ]);
  await dictOnce(db, 'priority', '优先级', [
    ['L', '一般'],
    ['M', '重要'],
    ['H', '紧急'],
  ]);
  const priority = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'priority').executeTakeFirst();
  if (priority) {
    for (const [value, text] of [
      ['L', '一般'],
      ['M', '重要'],
      ['H', '紧急'],
    ]) {
      await db.updateTable('sysDictItem').set({ itemText: text }).where('dictId', '=', priority.id).where('itemValue', '=', value).execute();
    }
  }
  await dictOnce(db, 'quartz_status', '定时任务状态', [
    ['0', '正常'],
    ['-1', '停止'],
  ]);
  await dictOnce(db, 'notice_type', '新闻类型', [
    ['1', '公司新闻'],
    ['2', '通知公告'],
    ['3', '制度发布'],
  ]);
  await dictOnce(db, 'msgType', '消息模板类型', [
    ['1', '短信'],
    ['2', '邮件'],
    ['3', '企业消息'],
    ['4', '系统消息'],
  ]);
  await dictOnce(db, 'open_type', '打开方式', [
    ['component', '组件'],
    ['url', '链接'],
  ]);
}

const DAY = 24 * 3600 * 1000;

/** Demo notices (published, targeted, a draft), news for the ticker, templates and jobs. */
export async function seedAnnouncementDemo(db: Database): Promise<void> {
  const targets = await db.selectFrom('sysUser').select(['id', 'username']).where('username', 'in', ['chenjing', 'yangfan', 'lina']).execute();
  const t0 = Date.now();
  const notices: { titile: string; content: string; priority: string; category: string; status: string; daysAgo: number; userIds?: string[] }[] = [
    { titile: '关于2026年元旦放假安排的通知', content: '<p>根据国家规定，2026年元旦放假1天，<strong>1月1日</strong>（星期四）放假。请各部门做好值班安排。</p>', priority: 'M', category: '1', status: '1', daysAgo: 1 },
    { titile: '集团年度绩效考核启动', content: '<p>年度绩效考核将于本月25日启动，请各部门负责人按时完成评分。</p><ul><li>自评：25日-28日</li><li>上级评分：29日-30日</li></ul>', priority: 'H', category: '1', status: '1', daysAgo: 2 },
    { titile: '办公系统升级维护公告', content: '<p>本周六 22:00-24:00 系统升级维护，期间暂停服务。</p>', priority: 'L', category: '1', status: '1', daysAgo: 3 },
    { titile: '新版报销制度已发布', content: '<p>新版《费用报销管理办法》自下月起执行，详见制度发布栏目。</p>', priority: 'M', category: '2', status: '1', daysAgo: 4 },
    { titile: '请完善个人档案信息', content: '<p>人事部提醒：请在本月底前完善个人档案信息。</p>', priority: 'L', category: '2', status: '1', daysAgo: 0, userIds: targets.map((u) => u.id) },
    { titile: '年终总结会议安排（草稿）', content: '<p>会议时间待定。</p>', priority: 'L', category: '1', status: '0', daysAgo: 0 },
  ];
  for (const n of notices) {
    const id = newId();
    const at = formatDateTime(t0 - n.daysAgo * DAY);
    await db
      .insertInto('sysAnnouncement')
      .values({
        id,
        titile: n.titile,
        msgContent: n.content,
        startTime: at,
        endTime: formatDateTime(t0 + 365 * DAY),
        sender: 'admin',
        priority: n.priority,
        msgCategory: n.category,
        msgType: n.userIds ? 'USER' : 'ALL',
        sendStatus: n.status,
        sendTime: n.status === '1' ? at : null,
        cancelTime: null,
        delFlag: 0,
        busType: null,
        busId: null,
        openType: null,
        openPage: null,
        msgAbstract: null,
        userIds: n.userIds ? n.userIds.join(',') + ',' : null,
        createBy: 'admin',
        createTime: at,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    for (const userId of n.userIds ?? []) {
      await db
        .insertInto('sysAnnouncementSend')
        .values({ id: newId(), anntId: id, userId, readFlag: '0', readTime: null, createBy: 'admin', createTime: at, updateBy: null, updateTime: null })
        .execute();
    }
  }

  const news: [string, string, string][] = [
    ['1', '集团荣获“年度优秀雇主”称号', '在年度人力资源峰会上，集团荣获“年度优秀雇主”称号。'],
    ['1', '华远科技新研发中心落成', '华远科技新研发中心正式投入使用，可容纳研发人员300人。'],
    ['2', '第四季度安全生产检查通知', '各子公司请于月底前完成第四季度安全生产自查。'],
    ['3', '《差旅费管理办法》修订发布', '修订后的差旅标准自下月一日起执行。'],
    ['1', '集团篮球赛圆满落幕', '为期两周的集团篮球赛圆满落幕，华远物流队夺冠。'],
    ['2', '关于开展消防演练的通知', '本周五下午三点开展全员消防演练，请准时参加。'],
    ['3', '《信息安全管理制度》发布', '请全体员工认真学习信息安全管理制度。'],
    ['1', '新员工入职培训顺利完成', '本季度新员工入职培训顺利完成，共86人参训。'],
    ['2', '年度体检安排', '年度体检将于下月分批进行，具体安排请关注人事通知。'],
    ['1', '集团与高校签署人才培养协议', '集团与三所高校签署校企合作人才培养协议。'],
    ['2', '办公区网络升级通知', '周末将进行办公区网络升级，届时网络可能短暂中断。'],
  ];
  let i = 0;
  for (const [type, title, text] of news) {
    const at = formatDateTime(t0 - (news.length - i++) * 3600 * 1000);
    await db
      .insertInto('announcementNews')
      .values({
        id: newId(),
        noticeType: type,
        noticeTitle: title,
        noticePerson: '管理员',
        noticeDescribe: text,
        noticeContent: `<p>${text}</p>`,
        sysOrgCode: 'A01',
        delFlag: 0,
        createBy: 'admin',
        createTime: at,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  await seedMessageTemplatesAndJobs(db, { demo: true });
}

/** The message templates and scheduled jobs, the product's part of this seed (a clean install's jobs start paused). */
export async function seedAnnouncementProduct(db: Database): Promise<void> {
  await seedMessageTemplatesAndJobs(db, { demo: false });
}

async function seedMessageTemplatesAndJobs(db: Database, opts: SeedOptions): Promise<void> {
  const templates: [string, string, string, string, string][] = [
    ['待办提醒', 'TODO_REMIND', '4', '<p>${applyer}提交的「${processName}」已到达「${nodeName}」环节，请及时处理。</p>', '{"applyer":"陈静","processName":"费用报销","nodeName":"部门负责人审批"}'],
    ['入职欢迎', 'ONBOARD_WELCOME', '2', '<p>${realname}，欢迎加入${company}！</p>', '{"realname":"张三","company":"华远集团"}'],
    ['审批结果通知', 'APPROVAL_RESULT', '3', '您的「${processName}」已${result}。', '{"processName":"费用报销","result":"通过"}'],
  ];
  for (const [templateName, templateCode, templateType, templateContent, templateTestJson] of templates) {
    await db
      .insertInto('sysSmsTemplate')
      .values({ id: newId(), templateName, templateCode, templateType, templateContent, templateTestJson, createBy: 'admin', createTime: now(), updateBy: null, updateTime: null })
      .execute();
  }

  const jobs: [string, string, string | null, string, number][] = [
    ['office.job.PurgeExpiredSessionsJob', '0 0 * * * ? *', null, '每小时清理过期会话', 0],
    ['office.job.RefreshDictCacheJob', '0 0 2 * * ? *', null, '每天凌晨2点刷新字典缓存', -1],
    ['office.job.SendNoticeJob', '0 0 9 ? * 2 *', '{"titile":"本周工作周报提醒","msgContent":"<p>请于周五前提交本周周报。</p>","priority":"M"}', '每周一9点发布周报提醒', -1],
    ['office.job.SampleJob', '0 0/5 * * * ? *', 'hello', '示例任务（每5分钟）', -1],
  ];
  for (const [jobClassName, cronExpression, parameter, description, status] of jobs) {
    // A clean install starts every job paused: the administrator turns on what the company uses.
    await db
      .insertInto('sysQuartzJob')
      .values({ id: newId(), jobClassName, cronExpression, parameter, description, status: opts.demo ? status : -1, delFlag: 0, nextFire: null, lastFire: null, createBy: 'admin', createTime: now(), updateBy: null, updateTime: null })
      .execute();
  }
}
