import { formPerms } from '@go/contract/forms/index';
import { KPI_ROUND_TEXT, kpiForm, MONTH_FIELDS, QUARTER_FIELDS, QUARTER_ID_FIELDS, round2, yearAverage } from '@go/contract/performance/index';
import { companyOf } from '../platform/access/access.js';
import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import { declaredFormType, registerFormTypes } from '../modules/forms/index.js';
import { ensureFormTable } from '../modules/forms/form-table.js';
import { kpiHooks } from '../modules/performance/performance.module.js';
import { PERF_PERMS } from '../modules/performance/performance.perms.js';
import { buildWorkflow } from '../modules/workflow/index.js';
import { FormRegistry } from '../modules/workflow/form-registry.js';
import { bpmn } from './forms.seed.js';
import '../modules/performance/performance.tables.js';
import { addMenus, menuIdByUrl } from './helpers.js';

const ALL = ['admin', 'hr', 'dept_leader', 'staff'];
const HR = ['admin', 'hr'];
const btn = (name: string, perms: string, roles = HR) => ({ name, menuType: 2 as const, perms, permsType: '1' as const, roles });

/** 绩效: yearly and quarterly sheets, ranking (stock route /rankingUserAvg/list), questionnaires. */
export async function seedPerformanceMenus(db: Database): Promise<void> {
  await addMenus(db, [
    {
      name: '绩效考评',
      url: '/performance',
      component: 'layouts/RouteView',
      redirect: '/rankingUserAvg/list',
      icon: 'trophy',
      menuType: 0,
      sortNo: 6,
      roles: ALL,
      children: [
        {
          name: '年度绩效',
          url: '/performance/userYearPerf',
          component: 'performance/UserYearPerfList',
          componentName: 'UserYearPerfList',
          roles: HR,
          children: [btn('年度绩效-查看', PERF_PERMS.yearList), btn('年度绩效-添加', PERF_PERMS.yearAdd), btn('年度绩效-编辑', PERF_PERMS.yearEdit), btn('年度绩效-导出', PERF_PERMS.yearExport)],
        },
        {
          name: '季度绩效',
          url: '/performance/userYearPart',
          component: 'performance/UserYearPartList',
          componentName: 'UserYearPartList',
          roles: HR,
          children: [btn('季度绩效-查看', PERF_PERMS.partList), btn('季度绩效-添加', PERF_PERMS.partAdd), btn('季度绩效-编辑', PERF_PERMS.partEdit), btn('季度绩效-导出', PERF_PERMS.partExport)],
        },
        {
          name: '绩效排名',
          url: '/rankingUserAvg/list',
          component: 'performance/RankingUserAvgList',
          componentName: 'RankingUserAvgList',
          roles: ['admin', 'hr', 'dept_leader'],
          children: [btn('绩效排名-查看', PERF_PERMS.ranking, ['admin', 'hr', 'dept_leader']), btn('绩效排名-导出', PERF_PERMS.rankingExport)],
        },
        {
          name: '问卷设计',
          url: '/performance/questionnaire',
          component: 'performance/QuestionnaireList',
          componentName: 'QuestionnaireList',
          roles: HR,
          children: [
            btn('问卷-查看', PERF_PERMS.questionnaireList),
            btn('问卷-添加', PERF_PERMS.questionnaireAdd),
            btn('问卷-编辑', PERF_PERMS.questionnaireEdit),
            btn('问卷-删除', PERF_PERMS.questionnaireDelete),
            btn('问卷-发出', PERF_PERMS.surveySend),
          ],
        },
        {
          name: '问卷评价结果',
          url: '/performance/surveys',
          component: 'performance/SurveyList',
          componentName: 'SurveyList',
          roles: HR,
          children: [btn('问卷评价-结果', PERF_PERMS.surveyResult)],
        },
        {
          name: '我的问卷',
          url: '/performance/mySurveys',
          component: 'performance/MySurveys',
          componentName: 'MySurveys',
          roles: ALL,
        },
      ],
    },
  ]);
}

/** A deterministic score 60–99.5 in half points from a seed string (demo data must not change between runs). */
function demoScore(key: string): number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  // finalising mix so that similar keys spread over the range
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return 60 + ((h >>> 0) % 80) / 2;
}

/**
 * Demo sheets for every demo user of A01, A02, A03 and A05 (several companies): last year complete,
 * this year up to October; the quarterly sheet for the finished quarters. Two people share an average
 * so the ranking shows a tie.
 */
export async function seedPerformanceDemo(db: Database): Promise<void> {
  const year = new Date().getFullYear();
  const users = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'orgCode', 'post'])
    .where('delFlag', '=', 0)
    .where('username', '<>', 'admin')
    .orderBy('username')
    .execute();
  const departs = await db.selectFrom('sysDepart').select(['orgCode', 'departName']).execute();
  const departName = new Map(departs.map((d) => [d.orgCode, d.departName]));
  const posts = new Map((await db.selectFrom('sysPosition').select(['code', 'name']).execute()).map((p) => [p.code, p.name]));
  const t = now();
  for (const u of users) {
    const org = u.orgCode ?? '';
    if (!['A01', 'A02', 'A03', 'A05'].includes(companyOf(org))) continue;
    for (const [y, months] of [
      [year - 1, 12],
      [year, 10],
    ] as const) {
      const scores: Record<string, number | null> = {};
      MONTH_FIELDS.forEach((f, i) => {
        // 陈静 and 杨帆 get identical months, so they tie in the ranking.
        const key = ['chenjing', 'yangfan'].includes(u.username) ? `tie-${y}-${i}` : `${u.username}-${y}-${i}`;
        scores[f] = i < months ? demoScore(key) : null;
      });
      const base = {
        userId: u.id,
        userName: u.realname ?? u.username,
        orgName: departName.get(companyOf(org)) ?? null,
        yearPart: String(y),
        sysOrgCode: org,
        departName: departName.get(org) ?? null,
        createBy: 'admin',
        createTime: t,
        updateBy: null,
        updateTime: null,
      };
      await db
        .insertInto('userYearPerf')
        .values({ id: newId(), ...base, ...(scores as Record<(typeof MONTH_FIELDS)[number], number | null>), avgCount: yearAverage(scores) })
        // a demo evaluation that finished earlier in the seed may have opened the row already
        .onConflict((oc) => oc.columns(['userId', 'yearPart']).doNothing())
        .execute();
      const quarters: Record<string, number | null> = {};
      QUARTER_FIELDS.forEach((f, i) => {
        const filled = MONTH_FIELDS.slice(i * 3, i * 3 + 3)
          .map((m) => scores[m])
          .filter((v): v is number => v !== null);
        quarters[f] = filled.length === 3 ? round2(filled.reduce((s, v) => s + v, 0) / 3) : null;
      });
      await db
        .insertInto('userYearPart')
        .values({
          id: newId(),
          ...base,
          postName: (u.post && posts.get(u.post)) || null,
          ...(quarters as Record<(typeof QUARTER_FIELDS)[number], number | null>),
          ...(Object.fromEntries(QUARTER_ID_FIELDS.map((f) => [f, null])) as Record<(typeof QUARTER_ID_FIELDS)[number], null>),
        })
        .onConflict((oc) => oc.columns(['userId', 'yearPart']).doNothing())
        .execute();
    }
  }
}

/** A 360° questionnaire for HR to send. */
export async function seedPerformanceQuestionnaire(db: Database): Promise<void> {
  const id = newId();
  const t = now();
  await db.insertInto('pfQuestionnaire').values({ id, title: '360度综合评价', description: '请根据被评价人近一个季度的表现如实作答，结果匿名汇总。', sysOrgCode: 'A01A02', delFlag: 0, createBy: 'lina', createTime: t, updateBy: null, updateTime: null }).execute();
  const qs: [string, string, number, { label: string; score: number }[] | null][] = [
    ['single', '工作态度', 2, [{ label: '优秀', score: 100 }, { label: '良好', score: 80 }, { label: '一般', score: 60 }, { label: '较差', score: 30 }]],
    ['multiple', '突出的能力（可多选）', 1, [{ label: '沟通协作', score: 40 }, { label: '专业技能', score: 40 }, { label: '执行力', score: 30 }, { label: '创新', score: 30 }]],
    ['scale5', '团队合作', 3, null],
    ['scale10', '综合绩效', 4, null],
    ['text', '改进建议', 0, null],
  ];
  let sortNo = 1;
  for (const [type, title, weight, options] of qs) {
    await db
      .insertInto('pfQuestion')
      .values({ id: newId(), questionnaireId: id, sortNo: sortNo++, type, title, weight, required: type === 'text' ? 0 : 1, options: options ? JSON.stringify(options) : null })
      .execute();
  }
}

/** 季度KPI考评: department head and HR score (comment required), then the end 完成季度KPI考评. */
export const KPI_BPMN = bpmn(
  'kpiPart',
  '季度KPI考评',
  [
    ['start', 'start', '开始', 60, 142],
    ['leaderScore', 'user', '部门负责人评分', 150, 120],
    ['hrScore', 'user', 'HR评分', 320, 120],
    ['end', 'end', '结束', 500, 142],
  ],
  [
    ['flow1', 'start', 'leaderScore'],
    ['flow2', 'leaderScore', 'hrScore'],
    ['flow3', 'hrScore', 'end'],
  ],
);

/** The 季度KPI考评 form table, its process with node rules, and its list under 绩效考评. */
export async function seedPerformanceKpi(db: Database): Promise<void> {
  await ensureFormTable(db, kpiForm);
  const registry = new FormRegistry();
  registerFormTypes(registry);
  registry.register(declaredFormType(kpiForm, kpiHooks));
  const s = buildWorkflow(db, registry);
  const def = await s.definitions.deploy({ username: 'admin' }, { xml: KPI_BPMN, businessTable: kpiForm.key, categoryId: '人事', description: '季度KPI考评：部门负责人评分，HR评分' }, db);
  await s.definitions.editNode({ procDefId: def.id, nodeId: 'leaderScore', rules: [{ type: 4 }], emptyPolicy: 'admin', commentRequired: 1 }, db);
  await s.definitions.editNode({ procDefId: def.id, nodeId: 'hrScore', rules: [{ type: 0, relateId: 'hr' }], emptyPolicy: 'admin', commentRequired: 1 }, db);
  const p = formPerms(kpiForm);
  await addMenus(
    db,
    [
      {
        name: kpiForm.name,
        url: `/activiti/forms/${kpiForm.slug}`,
        component: 'forms/DeclaredFormList',
        componentName: 'kpiList',
        icon: 'form',
        perms: p.list,
        sortNo: 0,
        roles: ALL,
        children: [btn('查看全公司', p.all, HR)],
      },
    ],
    await menuIdByUrl(db, '/performance'),
  );
}

/** 发起KPI考评: the buttons (on 绩效排名, which HR and department heads both open) for admin, HR and department heads. */
export async function seedPerformanceKpiRound(db: Database): Promise<void> {
  if (await db.selectFrom('sysPermission').select('id').where('perms', '=', KPI_ROUND_TEXT.perm).where('delFlag', '=', 0).executeTakeFirst()) return;
  const parent = await menuIdByUrl(db, '/rankingUserAvg/list');
  if (!parent) return;
  const leaders = ['admin', 'hr', 'dept_leader'];
  await addMenus(db, [btn('发起KPI考评', KPI_ROUND_TEXT.perm, leaders), btn('KPI考评轮次', KPI_ROUND_TEXT.listPerm, leaders)], parent);
  await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent).execute();
}
