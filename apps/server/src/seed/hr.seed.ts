/**
 * HR records seed (parts 08xx, docs/hr.md): dictionaries, the 人事管理 menus with their permission codes,
 * the 人事助理 role and two A03 HR users, and a few hundred employee files over A01–A09 with histories.
 */
import { HY_APPROVAL_FORMS, hyDimissionForm, hyNewForm, hyTransferForm, makeNationalId } from '@go/contract';
import type { FormDeclaration } from '@go/contract/forms/index';
import { declaredFormType } from '../modules/forms/declared-form.js';
import { ensureFormTables } from '../modules/forms/form-table.js';
import { FormRegistry } from '../modules/workflow/form-registry.js';
import { buildWorkflow } from '../modules/workflow/index.js';
import { bpmn } from './forms.seed.js';
import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { formatDate, now } from '../platform/db/time.js';
import { hashPassword, newSalt } from '../platform/auth/password.js';
import { addDict, addMenus, type MenuSeed, type SeedOptions } from './helpers.js';
import { DEMO_PASSWORD, USERS } from './org.seed.js';

const HR = ['hr', 'hr_assistant'];
const HR_ONLY = ['hr'];

export async function seedHrDicts(db: Database): Promise<void> {
  await addDict(db, 'hy_status', '人事状态', [
    ['applicant', '应聘'],
    ['talent', '人才库'],
    ['interview', '面试中'],
    ['new', '待入职'],
    ['probation', '试用期'],
    ['regular', '正式'],
    ['dimission', '离职'],
    ['blacklist', '黑名单'],
  ]);
  await addDict(db, 'hy_political', '政治面貌', [
    ['1', '中共党员'],
    ['2', '中共预备党员'],
    ['3', '共青团员'],
    ['4', '民主党派'],
    ['5', '群众'],
  ]);
  await addDict(db, 'hy_marriage', '婚育状况', [
    ['1', '未婚'],
    ['2', '已婚未育'],
    ['3', '已婚已育'],
    ['4', '离异'],
  ]);
  await addDict(db, 'hy_degree', '学历', [
    ['1', '博士'],
    ['2', '硕士'],
    ['3', '本科'],
    ['4', '大专'],
    ['5', '中专/高中'],
    ['6', '初中及以下'],
  ]);
  await addDict(db, 'hy_employ_type', '用工类型', [
    ['1', '全职'],
    ['2', '兼职'],
    ['3', '实习'],
    ['4', '劳务派遣'],
    ['5', '退休返聘'],
  ]);
  await addDict(db, 'hy_contract_type', '合同类型', [
    ['1', '固定期限'],
    ['2', '无固定期限'],
    ['3', '以完成一定工作任务为期限'],
    ['4', '实习协议'],
  ]);
  await addDict(db, 'hy_dimission_type', '离职类型', [
    ['1', '主动离职'],
    ['2', '辞退'],
    ['3', '合同到期不续签'],
    ['4', '退休'],
    ['5', '试用期未通过'],
  ]);
}

const button = (name: string, perms: string, roles: string[] = HR): MenuSeed => ({ name, menuType: 2, perms, permsType: '1', roles });
const page = (name: string, url: string, component: string, icon: string, perms = 'hr:user:list', children: MenuSeed[] = []): MenuSeed => ({
  name,
  url,
  component,
  componentName: component.slice(component.indexOf('/') + 1),
  menuType: 1,
  perms,
  icon,
  keepAlive: true,
  roles: HR,
  children,
});

export const HR_MENUS: MenuSeed[] = [
  {
    name: '人事管理',
    url: '/hr',
    component: 'layouts/RouteView',
    redirect: '/hr/roster',
    menuType: 0,
    icon: 'team',
    sortNo: 5,
    roles: HR,
    children: [
      page('花名册', '/hr/roster', 'hr/RosterList', 'idcard', 'hr:user:list', [
        button('新增档案', 'hr:user:add'),
        button('编辑档案', 'hr:user:edit'),
        button('删除档案', 'hr:user:delete', HR_ONLY),
        button('导出', 'hr:user:export'),
        button('导入', 'hr:user:import'),
        button('查看敏感信息', 'hr:sensitive:view', HR_ONLY),
        button('入人才库', 'hr:move:talent'),
        button('安排面试', 'hr:move:interview'),
        button('面试记录', 'hr:interview:edit'),
        button('录用', 'hr:move:hire'),
        button('办理入职', 'hr:move:entry'),
        button('转正', 'hr:move:regular'),
        button('调动', 'hr:move:transfer'),
        button('离职', 'hr:move:dimission'),
        button('拉黑', 'hr:move:blacklist', HR_ONLY),
        button('移出黑名单', 'hr:move:unblacklist', HR_ONLY),
      ]),
      page('人才库', '/talentpool/HyUserList', 'hr/TalentPoolList', 'solution'),
      page('面试', '/hr/interview', 'hr/InterviewList', 'audit'),
      page('新员工', '/hr/newHire', 'hr/NewHireList', 'user-add'),
      page('在职', '/incumbency/HyUserList', 'hr/IncumbencyList', 'user'),
      page('调动', '/transfer/manage', 'hr/TransferManage', 'swap'),
      page('离职', '/dimission/HyUserList', 'hr/DimissionList', 'user-delete'),
      page('黑名单', '/blacklist/HyUserList', 'hr/BlacklistList', 'stop'),
      page('员工关系', '/hr/relations', 'hr/RelationList', 'heart', 'hr:relation:list'),
      page('用户日志', '/hr/userLogs', 'hr/UserLogList', 'file-search', 'hr:log:list'),
    ],
  },
];

/** The 人事助理 role and two A03 HR users (qianhui: 人事 with sensitive view; sunyue: 人事助理 without). */
export async function seedHrRolesAndUsers(db: Database, opts: SeedOptions = { demo: true }): Promise<void> {
  const t = now();
  await db
    .insertInto('sysRole')
    .values({ id: newId(), roleCode: 'hr_assistant', roleName: '人事助理', description: '人事档案日常办理，不能查看敏感信息', createBy: 'admin', createTime: t })
    .execute();
  if (!opts.demo) return;
  const roles = new Map((await db.selectFrom('sysRole').select(['id', 'roleCode']).execute()).map((r) => [r.roleCode, r.id]));
  const dep = await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('orgCode', '=', 'A03A01').executeTakeFirstOrThrow();
  for (const [username, realname, role, phone, sex, birthday] of [
    ['qianhui', '钱慧', 'hr', '13811110031', 2, '1987-04-18'],
    ['sunyue', '孙悦', 'hr_assistant', '13811110032', 2, '1995-10-02'],
  ] as const) {
    const id = newId();
    const salt = newSalt();
    await db
      .insertInto('sysUser')
      .values({
        id,
        username,
        realname,
        password: await hashPassword(DEMO_PASSWORD, salt),
        salt,
        avatar: null,
        birthday,
        sex,
        email: `${username}@huayuan.example.com`,
        phone,
        orgCode: dep.orgCode,
        status: 1,
        delFlag: 0,
        workNo: null,
        post: 'hrzy',
        telephone: null,
        userIdentity: 1,
        departIds: dep.id,
        relTenantIds: '1',
        createBy: 'admin',
        createTime: t,
      })
      .execute();
    await db.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId: dep.id }).execute();
    await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: roles.get(role)! }).execute();
  }
}

export async function seedHrMenus(db: Database): Promise<void> {
  await addMenus(db, HR_MENUS);
}

/** A small deterministic generator so every database gets the same demo roster. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
const GIVEN_M = ['伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '鹏', '浩', '宇', '斌', '辉', '刚', '健', '志强', '建华', '海涛', '俊杰', '子轩', '博文', '晨阳', '思远', '嘉豪', '国栋', '文博'];
const GIVEN_F = ['芳', '娜', '敏', '静', '丽', '艳', '婷', '雪', '琳', '颖', '倩', '欣怡', '梦瑶', '雨涵', '佳琪', '晓燕', '秀英', '丹丹', '慧敏', '思琪', '若曦', '诗涵'];
const AREAS = [
  ['110105', '北京市朝阳区'],
  ['310104', '上海市徐汇区'],
  ['440305', '广东省深圳市南山区'],
  ['330106', '浙江省杭州市西湖区'],
  ['320102', '江苏省南京市玄武区'],
  ['420106', '湖北省武汉市武昌区'],
  ['510107', '四川省成都市武侯区'],
  ['370202', '山东省青岛市市南区'],
  ['610113', '陕西省西安市雁塔区'],
  ['430104', '湖南省长沙市岳麓区'],
] as const;
const SCHOOLS = ['北京大学', '复旦大学', '浙江大学', '武汉大学', '四川大学', '山东大学', '中山大学', '南京大学', '湖南大学', '西安交通大学', '深圳职业技术学院', '江苏经贸职业技术学院'];
const MAJORS = ['计算机科学与技术', '工商管理', '会计学', '市场营销', '人力资源管理', '物流管理', '金融学', '临床医学', '汉语言文学', '土木工程', '新闻传播学'];
const BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '招商银行', '中国银行'];
const PREVIOUS = ['阿里巴巴', '京东物流', '万科集团', '国药控股', '中信证券', '新东方', '顺丰速运', '美团', '平安银行'];

/** Departments per company from the org seed (every file sits in a real department). */
async function departments(db: Database): Promise<Map<string, { orgCode: string; departName: string }[]>> {
  const rows = await db.selectFrom('sysDepart').select(['orgCode', 'departName', 'orgCategory']).where('delFlag', '=', 0).execute();
  const by = new Map<string, { orgCode: string; departName: string }[]>();
  for (const r of rows) {
    if (r.orgCategory === '1') continue;
    const c = r.orgCode.slice(0, 3);
    (by.get(c) ?? by.set(c, []).get(c)!).push(r);
  }
  return by;
}

const pad = (n: number) => String(n).padStart(2, '0');
const addDays = (date: string, n: number) => formatDate(new Date(`${date}T12:00:00+08:00`).getTime() + n * 86_400_000);
const addMonthsStr = (date: string, n: number) => {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + m - 1 + n;
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}-${pad(Math.min(d, 28))}`;
};

/**
 * About 330 files: every demo system user has one (linked), plus generated people in every state, with
 * the change-log rows of their history (application, hire, entry, regularisation, transfers, leaving).
 */
export async function seedHrDemo(db: Database): Promise<void> {
  const r = rng(20261124);
  const deps = await departments(db);
  const today = formatDate();
  const sysUsers = new Map((await db.selectFrom('sysUser').select(['id', 'username', 'orgCode']).execute()).map((u) => [u.username, u]));
  const files: Record<string, unknown>[] = [];
  const logs: Record<string, unknown>[] = [];
  const transfers: Record<string, unknown>[] = [];
  const interviews: Record<string, unknown>[] = [];
  let seq = 0;
  const log = (f: Record<string, unknown>, action: string, field: string, from: string | null, to: string | null, date: string, reason: string | null = null, op = 'lina') =>
    logs.push({
      id: newId(),
      hyUserId: f.id,
      realname: f.realname,
      orgCode: f.orgCode,
      action,
      field,
      fieldLabel: field === 'status' ? '状态' : field === 'orgCode' ? '部门编码' : field === 'departName' ? '部门' : field,
      oldValue: from,
      newValue: to,
      reason,
      effectiveDate: date,
      operator: op,
      operatorName: op === 'lina' ? '李娜' : '钱慧',
      createTime: `${date} 09:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}`,
    });

  const person = (opts: { realname?: string; sex?: 1 | 2; birthday?: string; mobile?: string; company: string; user?: { id: string; username: string; orgCode: string | null } }) => {
    const sex = opts.sex ?? (r.next() < 0.5 ? 1 : 2);
    const realname = opts.realname ?? r.pick(SURNAMES) + (sex === 1 ? r.pick(GIVEN_M) : r.pick(GIVEN_F));
    // Some birthdays fall in the current month so the 员工关系 page has something to show.
    const birthday =
      opts.birthday ?? (r.next() < 0.1 ? `${r.int(1970, 2000)}-${today.slice(5, 7)}-${pad(r.int(1, 28))}` : `${r.int(1968, 2002)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`);
    const [area, place] = r.pick(AREAS);
    const idSeq = r.int(0, 49) * 20 + (seq++ % 10) * 2 + (sex === 1 ? 1 : 0);
    const companyDeps = deps.get(opts.company)!;
    const d = opts.user?.orgCode ? (companyDeps.find((x) => x.orgCode === opts.user!.orgCode) ?? companyDeps[0]) : r.pick(companyDeps);
    const degree = r.pick(['1', '2', '2', '3', '3', '3', '3', '4', '4', '5']);
    const gradYear = Number(birthday.slice(0, 4)) + (degree === '1' ? 28 : degree === '2' ? 25 : degree === '3' ? 22 : 20);
    const school = r.pick(SCHOOLS);
    const major = r.pick(MAJORS);
    const married = r.pick(['1', '2', '3', '3', '4']);
    return {
      id: newId(),
      userId: opts.user?.id ?? null,
      username: opts.user?.username ?? null,
      realname,
      sex: String(sex),
      birthday,
      idCard: makeNationalId(area, birthday, idSeq),
      nativePlace: place,
      nation: r.next() < 0.9 ? '汉族' : r.pick(['回族', '满族', '壮族', '蒙古族']),
      political: r.pick(['1', '3', '5', '5', '5']),
      marriage: married,
      children: married === '3' ? r.int(1, 2) : 0,
      mobile: opts.mobile ?? `1${r.pick(['3', '5', '7', '8'])}${r.int(0, 9)}${String(r.int(0, 99999999)).padStart(8, '0')}`,
      telephone: r.next() < 0.3 ? `0${r.int(10, 99)}-${r.int(2000000, 8999999)}` : null,
      email: `hy${seq}${r.int(10, 99)}@mail.example.com`,
      qq: r.next() < 0.5 ? String(r.int(100000, 999999999)) : null,
      address: `${place}${r.pick(['人民路', '建设路', '中山路', '解放路'])}${r.int(1, 300)}号`,
      emergencyContact: r.pick(SURNAMES) + r.pick(GIVEN_M),
      emergencyPhone: `139${String(r.int(0, 99999999)).padStart(8, '0')}`,
      degree,
      school,
      major,
      graduationDate: `${Math.min(gradYear, 2025)}-07-01`,
      educations: JSON.stringify([{ school, major, degree, start: `${Math.min(gradYear, 2025) - 4}-09-01`, end: `${Math.min(gradYear, 2025)}-07-01` }]),
      workHistory: r.next() < 0.6 ? JSON.stringify([{ company: r.pick(PREVIOUS), position: r.pick(['专员', '主管', '工程师', '经理']), start: `${Math.min(gradYear, 2025)}-08-01`, end: null, leaveReason: '个人发展' }]) : null,
      orgCode: d.orgCode,
      departName: d.departName,
      post: r.pick(['zy', 'zy', 'gcs', 'zg', 'kj', 'bmjl']),
      rank: r.pick(['3', '4', '5', '5', '5']),
      jobTitle: r.pick([null, '助理工程师', '工程师', '高级工程师', '会计师', '经济师']),
      entryDate: null as string | null,
      regularDate: null as string | null,
      employType: r.next() < 0.9 ? '1' : r.pick(['2', '3', '4']),
      probationMonths: r.pick([3, 3, 6, 1]),
      bankName: r.pick(BANKS),
      bankCard: `62${r.int(10, 99)}${String(r.int(0, 99999999)).padStart(8, '0')}${String(r.int(0, 999999)).padStart(6, '0')}`,
      socialSecurity: r.next() < 0.92 ? 'Y' : 'N',
      socialSecurityBase: r.int(40, 250) * 100,
      housingFund: r.next() < 0.85 ? 'Y' : 'N',
      housingFundBase: r.int(40, 250) * 100,
      contractNo: null as string | null,
      contractType: null as string | null,
      contractStart: null as string | null,
      contractEnd: null as string | null,
      contractRenewals: 0,
      photo: null,
      attachments: null,
      applyPost: r.pick(['销售代表', '软件工程师', '会计', '人事专员', '物流调度', '项目经理', '编辑']),
      source: r.pick(['招聘网站', '内部推荐', '校园招聘', '猎头', '公众号']),
      offerDate: null as string | null,
      onboarding: null as string | null,
      status: 'applicant',
      statusDate: today,
      pendingMove: null,
      dimissionType: null as string | null,
      dimissionDate: null as string | null,
      dimissionReason: null as string | null,
      handover: null as string | null,
      blacklistReason: null as string | null,
      blacklistFlag: 0,
      duplicateOf: null,
      delFlag: 0,
      createBy: 'lina',
      createTime: '',
      updateBy: null,
      updateTime: null,
    };
  };

  /** Walks a person through the states up to `target`, writing the history. */
  const history = (f: ReturnType<typeof person>, target: string) => {
    const entry = f.entryDate ?? `${r.int(2012, 2026)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
    const entryDate = entry > today ? addDays(today, -r.int(10, 60)) : entry;
    const applied = addDays(entryDate, -r.int(20, 60));
    f.createTime = `${applied} 10:00:00`;
    log(f, 'create', 'status', null, 'applicant', applied);
    if (target === 'applicant') return;
    if (target === 'talent' || target === 'blacklist') {
      log(f, 'toTalent', 'status', 'applicant', 'talent', addDays(applied, 3), '储备人才');
      f.status = 'talent';
      f.statusDate = addDays(applied, 3);
      if (target === 'blacklist') {
        const d = addDays(applied, r.int(10, 200));
        f.blacklistReason = r.pick(['提供虚假学历证明', '背景调查发现严重违纪记录', '面试中提供虚假工作经历']);
        log(f, 'blacklist', 'status', 'talent', 'blacklist', d, f.blacklistReason, 'lina');
        f.status = 'blacklist';
        f.statusDate = d;
      }
      return;
    }
    log(f, 'toInterview', 'status', 'applicant', 'interview', addDays(applied, 5));
    const rounds = r.int(1, 3);
    for (let i = 1; i <= rounds; i++) {
      interviews.push({
        id: newId(),
        hyUserId: f.id,
        orgCode: f.orgCode,
        round: i,
        interviewDate: `${addDays(applied, 5 + i * 3)} 14:00:00`,
        interviewers: r.pick(['张伟,李娜', '王芳', '孙丽,马超', '周杰', '李娜']),
        score: r.int(70, 95),
        verdict: i === rounds && target !== 'interview' ? 'pass' : target === 'interview' && i === rounds ? 'pending' : 'pass',
        comment: r.pick(['沟通表达清晰', '专业基础扎实', '有相关行业经验', '学习能力强']),
        createBy: 'lina',
        createTime: `${addDays(applied, 5 + i * 3)} 16:00:00`,
        updateBy: null,
        updateTime: null,
      });
    }
    if (target === 'interview') {
      f.status = 'interview';
      return;
    }
    const offer = addDays(entryDate, -r.int(5, 14));
    log(f, 'hire', 'status', 'interview', 'new', offer, '面试通过');
    f.offerDate = offer;
    if (target === 'new') {
      f.status = 'new';
      f.entryDate = addDays(today, r.int(3, 30));
      f.onboarding = JSON.stringify(['签订劳动合同', '提交身份证和学历证明复印件', '办理工牌和门禁', '开通系统账号', '入职培训'].map((name, i) => ({ name, done: i < 2 })));
      return;
    }
    f.entryDate = entryDate;
    f.contractNo = `HT${entryDate.replace(/-/g, '')}${String(seq).padStart(4, '0')}`;
    f.contractType = r.next() < 0.85 ? '1' : '2';
    f.contractStart = entryDate;
    log(f, 'entry', 'status', 'new', 'probation', entryDate);
    f.status = 'probation';
    const planned = addMonthsStr(entryDate, f.probationMonths);
    if (target === 'probation' || planned > today) {
      f.status = 'probation';
      f.regularDate = planned;
      f.contractEnd = addMonthsStr(entryDate, 36);
      if (target === 'probation') return;
      if (planned > today) return;
    }
    f.regularDate = planned;
    log(f, 'regular', 'status', 'probation', 'regular', planned);
    f.status = 'regular';
    // Contracts of three years, renewed; some end within the next 90 days.
    let end = addMonthsStr(entryDate, 36);
    while (end < today) {
      end = addMonthsStr(end, 36);
      f.contractRenewals++;
    }
    if (r.next() < 0.12) end = addDays(today, r.int(1, 90));
    f.contractEnd = end;
    if (r.next() < 0.12) {
      const companyDeps = deps.get(f.orgCode.slice(0, 3))!;
      const to = r.pick(companyDeps);
      if (to.orgCode !== f.orgCode) {
        const d = addDays(planned, r.int(30, 600));
        if (d < today) {
          transfers.push({
            id: newId(),
            hyUserId: f.id,
            realname: f.realname,
            fromOrgCode: f.orgCode,
            fromDepartName: f.departName,
            toOrgCode: to.orgCode,
            toDepartName: to.departName,
            fromPost: f.post,
            toPost: f.post,
            fromRank: f.rank,
            toRank: f.rank,
            effectiveDate: d,
            reason: '工作需要',
            operator: 'lina',
            operatorName: '李娜',
            createTime: `${d} 11:00:00`,
          });
          log(f, 'transfer', 'orgCode', f.orgCode, to.orgCode, d, '工作需要');
          log(f, 'transfer', 'departName', f.departName, to.departName, d, '工作需要');
          f.orgCode = to.orgCode;
          f.departName = to.departName;
        }
      }
    }
    if (target === 'dimission') {
      const d = addDays(today, -r.int(5, 400));
      f.dimissionType = r.pick(['1', '1', '1', '2', '3']);
      f.dimissionDate = d > (f.regularDate ?? '') ? d : today;
      f.dimissionReason = r.pick(['个人发展', '家庭原因', '薪资待遇', '回老家发展', '继续深造']);
      f.handover = '工作已交接给部门同事';
      log(f, 'dimission', 'status', 'regular', 'dimission', f.dimissionDate, f.dimissionReason);
      f.status = 'dimission';
      f.statusDate = f.dimissionDate;
    }
  };

  // Every demo account has a file (in service, linked).
  for (const u of USERS) {
    const su = sysUsers.get(u.username);
    if (!su) continue;
    const f = person({ realname: u.realname, sex: u.sex, birthday: u.birthday, mobile: u.phone, company: (su.orgCode ?? 'A01').slice(0, 3), user: su });
    history(f, 'regular');
    files.push(f);
  }
  for (const username of ['qianhui', 'sunyue']) {
    const su = sysUsers.get(username);
    if (!su) continue;
    const f = person({ company: 'A03', user: su, realname: username === 'qianhui' ? '钱慧' : '孙悦', sex: 2, mobile: username === 'qianhui' ? '13811110031' : '13811110032' });
    history(f, 'regular');
    files.push(f);
  }
  const plan: [string, number][] = [
    ['regular', 200],
    ['probation', 22],
    ['new', 8],
    ['interview', 14],
    ['talent', 18],
    ['applicant', 12],
    ['dimission', 24],
    ['blacklist', 5],
  ];
  const companies = ['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07', 'A08', 'A09'];
  let n = 0;
  for (const [state, count] of plan) {
    for (let i = 0; i < count; i++) {
      const f = person({ company: companies[n++ % companies.length] });
      if (state === 'probation') f.entryDate = addDays(today, -r.int(10, 80));
      history(f, state);
      files.push(f);
    }
  }
  for (let i = 0; i < files.length; i += 50) await db.insertInto('hyUser').values(files.slice(i, i + 50) as never).execute();
  for (let i = 0; i < logs.length; i += 200) await db.insertInto('hyUserLog').values(logs.slice(i, i + 200) as never).execute();
  for (let i = 0; i < interviews.length; i += 200) await db.insertInto('hyInterview').values(interviews.slice(i, i + 200) as never).execute();
  if (transfers.length) await db.insertInto('hyTransfer').values(transfers as never).execute();
}

/** One approval by an HR manager (role 人事) for each move that needs approval: 录用, 调动, 离职. */
export async function seedHrApprovals(db: Database): Promise<void> {
  const forms = Object.values(HY_APPROVAL_FORMS);
  await ensureFormTables(db, forms);
  const registry = new FormRegistry();
  for (const d of forms) registry.register(declaredFormType(d));
  const s = buildWorkflow(db, registry);
  const processes: [FormDeclaration, string, string][] = [
    [hyNewForm, 'hyNew', '录用审批'],
    [hyTransferForm, 'hyTransfer', '调动审批'],
    [hyDimissionForm, 'hyDimission', '离职审批'],
  ];
  for (const [decl, key, name] of processes) {
    const xml = bpmn(
      key,
      name,
      [
        ['start', 'start', '开始', 60, 142],
        ['hrApprove', 'user', '人事经理审批', 200, 120],
        ['end', 'end', '结束', 392, 142],
      ],
      [
        ['flow1', 'start', 'hrApprove'],
        ['flow2', 'hrApprove', 'end'],
      ],
    );
    const def = await s.definitions.deploy({ username: 'admin' }, { xml, businessTable: decl.key, categoryId: '人事', description: `${name}：人事经理审批后生效` }, db);
    await s.definitions.editNode({ procDefId: def.id, nodeId: 'hrApprove', rules: [{ type: 0, relateId: 'hr' }], emptyPolicy: 'admin' }, db);
  }
}
