import type { CurrentUser } from '../platform/access/access.js';
import { companyOf } from '../platform/access/access.js';
import type { Database } from '../platform/db/database.js';
import { EXPENSE_TABLE, PERFORMANCE_TABLE, registerFormTypes } from '../modules/forms/index.js';
import { FORM_PERMS } from '../modules/forms/forms.routes.js';
import { buildWorkflow } from '../modules/workflow/index.js';
import { FormRegistry } from '../modules/workflow/form-registry.js';
import { WF_PERMS } from '../modules/workflow/workflow.routes.js';
import { addMenus, productRules, type SeedOptions } from './helpers.js';

const ALL = ['admin', 'hr', 'dept_leader', 'staff'];
const APPROVERS = ['admin', 'hr', 'dept_leader'];


/** 流程: to-do, my applications, done list, process definitions and one list per form type. */
export async function seedWorkflowMenus(db: Database): Promise<void> {
  await addMenus(db, [
    {
      name: '流程',
      url: '/activiti',
      component: 'layouts/RouteView',
      redirect: '/activiti/todoManage',
      icon: 'apartment',
      menuType: 0,
      sortNo: 2,
      roles: ALL,
      children: [
        {
          name: '待办',
          url: '/activiti/todoManage',
          component: 'workflow/TodoManage',
          componentName: 'TodoManage',
          icon: 'bell',
          roles: ALL,
          children: [{ name: '批量审批', menuType: 2, perms: WF_PERMS.batch, permsType: '1', roles: APPROVERS }],
        },
        {
          name: '我的申请',
          url: '/activiti/myApplications',
          component: 'workflow/MyApplications',
          componentName: 'MyApplications',
          icon: 'solution',
          roles: ALL,
        },
        {
          name: '已办',
          url: '/activiti/doneList',
          component: 'workflow/DoneList',
          componentName: 'DoneList',
          icon: 'check-square',
          roles: ALL,
        },
        {
          name: '流程定义',
          url: '/activiti/processDefinitions',
          component: 'workflow/ProcessDefinitions',
          componentName: 'ProcessDefinitions',
          icon: 'deployment-unit',
          perms: WF_PERMS.list,
          roles: ['admin'],
          children: [
            { name: '部署', menuType: 2, perms: WF_PERMS.deploy, permsType: '1', roles: ['admin'] },
            { name: '编辑', menuType: 2, perms: WF_PERMS.edit, permsType: '1', roles: ['admin'] },
            { name: '激活/挂起', menuType: 2, perms: WF_PERMS.status, permsType: '1', roles: ['admin'] },
            { name: '删除', menuType: 2, perms: WF_PERMS.remove, permsType: '1', roles: ['admin'] },
          ],
        },
        {
          name: '费用报销',
          url: '/activiti/forms/expense',
          component: 'forms/ExpenseList',
          componentName: 'ExpenseList',
          icon: 'account-book',
          perms: FORM_PERMS.expense,
          roles: ALL,
          children: [{ name: '查看全公司', menuType: 2, perms: FORM_PERMS.expenseAll, permsType: '1', roles: APPROVERS }],
        },
        {
          name: '绩效考评',
          url: '/activiti/forms/performance',
          component: 'forms/PerformanceList',
          componentName: 'PerformanceList',
          icon: 'trophy',
          perms: FORM_PERMS.performance,
          roles: ALL,
          children: [{ name: '查看全公司', menuType: 2, perms: FORM_PERMS.performanceAll, permsType: '1', roles: ['admin', 'hr'] }],
        },
      ],
    },
  ]);
}

const bpmnHeader =
  '<?xml version="1.0" encoding="UTF-8"?>\n<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ' +
  'targetNamespace="http://www.huayuan.example.com/bpmn">';

type Shape = [id: string, x: number, y: number, w: number, h: number];

function diagram(processId: string, shapes: Shape[], edges: [string, [number, number][]][]): string {
  const s = shapes
    .map(([id, x, y, w, h]) => `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`)
    .join('');
  const e = edges
    .map(([id, pts]) => `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`)
    .join('');
  return `<bpmndi:BPMNDiagram id="${processId}_diagram"><bpmndi:BPMNPlane id="${processId}_plane" bpmnElement="${processId}">${s}${e}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`;
}

/** 费用报销: department head → finance → (amount > 5000) general manager → end. */
export const EXPENSE_BPMN =
  bpmnHeader +
  '<process id="expense" name="费用报销" isExecutable="true">' +
  '<startEvent id="start" name="开始"/>' +
  '<userTask id="deptApprove" name="部门负责人审批"/>' +
  '<userTask id="financeApprove" name="财务审核"/>' +
  '<exclusiveGateway id="amountGateway" name="金额判断" default="flowSmall"/>' +
  '<userTask id="gmApprove" name="总经理审批"/>' +
  '<endEvent id="end" name="结束"/>' +
  '<sequenceFlow id="flow1" sourceRef="start" targetRef="deptApprove"/>' +
  '<sequenceFlow id="flow2" sourceRef="deptApprove" targetRef="financeApprove"/>' +
  '<sequenceFlow id="flow3" sourceRef="financeApprove" targetRef="amountGateway"/>' +
  '<sequenceFlow id="flowLarge" name="金额大于5000" sourceRef="amountGateway" targetRef="gmApprove">' +
  '<conditionExpression xsi:type="tFormalExpression">${amount &gt; 5000}</conditionExpression></sequenceFlow>' +
  '<sequenceFlow id="flowSmall" name="其他" sourceRef="amountGateway" targetRef="end"/>' +
  '<sequenceFlow id="flow4" sourceRef="gmApprove" targetRef="end"/>' +
  '</process>' +
  diagram(
    'expense',
    [
      ['start', 80, 142, 36, 36],
      ['deptApprove', 170, 120, 110, 80],
      ['financeApprove', 330, 120, 110, 80],
      ['amountGateway', 495, 135, 50, 50],
      ['gmApprove', 600, 30, 110, 80],
      ['end', 782, 142, 36, 36],
    ],
    [
      ['flow1', [[116, 160], [170, 160]]],
      ['flow2', [[280, 160], [330, 160]]],
      ['flow3', [[440, 160], [495, 160]]],
      ['flowLarge', [[520, 135], [520, 70], [600, 70]]],
      ['flowSmall', [[545, 160], [782, 160]]],
      ['flow4', [[710, 70], [800, 70], [800, 142]]],
    ],
  ) +
  '</definitions>';

/** 绩效考评: department head and HR score in parallel → general manager confirms → end. */
export const PERFORMANCE_BPMN =
  bpmnHeader +
  '<process id="performance" name="绩效考评" isExecutable="true">' +
  '<startEvent id="start" name="开始"/>' +
  '<parallelGateway id="fork" name="并行评分"/>' +
  '<userTask id="leaderScore" name="部门负责人评分"/>' +
  '<userTask id="hrScore" name="HR评分"/>' +
  '<parallelGateway id="join" name="汇总"/>' +
  '<userTask id="gmConfirm" name="总经理确认"/>' +
  '<endEvent id="end" name="结束"/>' +
  '<sequenceFlow id="flow1" sourceRef="start" targetRef="fork"/>' +
  '<sequenceFlow id="flow2" sourceRef="fork" targetRef="leaderScore"/>' +
  '<sequenceFlow id="flow3" sourceRef="fork" targetRef="hrScore"/>' +
  '<sequenceFlow id="flow4" sourceRef="leaderScore" targetRef="join"/>' +
  '<sequenceFlow id="flow5" sourceRef="hrScore" targetRef="join"/>' +
  '<sequenceFlow id="flow6" sourceRef="join" targetRef="gmConfirm"/>' +
  '<sequenceFlow id="flow7" sourceRef="gmConfirm" targetRef="end"/>' +
  '</process>' +
  diagram(
    'performance',
    [
      ['start', 80, 142, 36, 36],
      ['fork', 165, 135, 50, 50],
      ['leaderScore', 270, 50, 110, 80],
      ['hrScore', 270, 190, 110, 80],
      ['join', 435, 135, 50, 50],
      ['gmConfirm', 540, 120, 110, 80],
      ['end', 712, 142, 36, 36],
    ],
    [
      ['flow1', [[116, 160], [165, 160]]],
      ['flow2', [[190, 135], [190, 90], [270, 90]]],
      ['flow3', [[190, 185], [190, 230], [270, 230]]],
      ['flow4', [[380, 90], [460, 90], [460, 135]]],
      ['flow5', [[380, 230], [460, 230], [460, 185]]],
      ['flow6', [[485, 160], [540, 160]]],
      ['flow7', [[650, 160], [712, 160]]],
    ],
  ) +
  '</definitions>';

function services(db: Database) {
  const registry = new FormRegistry();
  registerFormTypes(registry);
  return buildWorkflow(db, registry);
}

/** The two seeded process definitions with their node rules. */
export async function seedWorkflowDefinitions(db: Database, opts: SeedOptions = { demo: true }): Promise<void> {
  const s = services(db);
  const admin = { username: 'admin' };
  const expense = await s.definitions.deploy(admin, {
    xml: EXPENSE_BPMN,
    businessTable: EXPENSE_TABLE,
    categoryId: '行政',
    description: '员工费用报销，5000元以上需总经理审批',
  }, db);
  await s.definitions.editNode({ procDefId: expense.id, nodeId: 'deptApprove', rules: productRules([{ type: 4 }], opts), emptyPolicy: 'admin', chooseMark: 0 }, db);
  await s.definitions.editNode({ procDefId: expense.id, nodeId: 'financeApprove', rules: productRules([{ type: 2, relateId: 'A01A03' }], opts), emptyPolicy: 'admin', chooseMark: 1 }, db);
  await s.definitions.editNode({ procDefId: expense.id, nodeId: 'gmApprove', rules: productRules([{ type: 1, relateId: 'zhangwei' }], opts), emptyPolicy: 'admin', repeatPolicy: 'auto' }, db);

  const perf = await s.definitions.deploy(admin, {
    xml: PERFORMANCE_BPMN,
    businessTable: PERFORMANCE_TABLE,
    categoryId: '人事',
    description: '季度绩效考评：部门负责人与HR并行评分，总经理确认',
  }, db);
  await s.definitions.editNode({ procDefId: perf.id, nodeId: 'leaderScore', rules: productRules([{ type: 4 }], opts), emptyPolicy: 'admin', commentRequired: 1 }, db);
  await s.definitions.editNode({ procDefId: perf.id, nodeId: 'hrScore', rules: productRules([{ type: 0, relateId: 'hr' }], opts), emptyPolicy: 'admin', commentRequired: 1 }, db);
  await s.definitions.editNode({ procDefId: perf.id, nodeId: 'gmConfirm', rules: productRules([{ type: 1, relateId: 'zhangwei' }], opts), emptyPolicy: 'admin', commentRequired: 1 }, db);
}

async function userOf(db: Database, username: string): Promise<CurrentUser> {
  const u = await db.selectFrom('sysUser').select(['id', 'username', 'realname', 'orgCode']).where('username', '=', username).executeTakeFirstOrThrow();
  return {
    id: u.id,
    username: u.username,
    realname: u.realname ?? u.username,
    orgCode: u.orgCode ?? '',
    company: companyOf(u.orgCode),
    tenantId: 0,
    sessionId: '',
  };
}

/**
 * Demo applications of both form types in every state (draft, at each step, returned, delegated, passed,
 * rejected, withdrawn) so the to-do lists of machao, liuyang, chenjing, zhangwei, wangfang, lina, zhoujie
 * and admin, the history and my-applications screens show real data on first start.
 */
export async function seedWorkflowDemo(db: Database): Promise<void> {
  const s = services(db);
  const u = async (name: string) => userOf(db, name);
  const a = (cu: CurrentUser) => ({ username: cu.username, realname: cu.realname });
  const openTask = async (instId: string, node?: string) => {
    let q = db.selectFrom('wfTask').select('id').where('instId', '=', instId).where('status', '=', 0);
    if (node) q = q.where('nodeId', '=', node);
    return (await q.orderBy('id').executeTakeFirstOrThrow()).id;
  };
  const expense = async (who: string, reason: string, items: [string, number][], submit = true) => {
    const cu = await u(who);
    const app = await s.applications.add(cu, {
      tableName: EXPENSE_TABLE,
      data: { reason, expenseType: 'travel', items: items.map(([name, amount]) => ({ name, amount })) },
    }, db);
    if (!submit) return { ...app, instId: '' };
    const { procInstId } = await s.engine.apply(a(cu), { id: app.id });
    return { ...app, instId: procInstId };
  };
  const perf = async (who: string, quarter: number, selfScore: number, submit = true) => {
    const cu = await u(who);
    const app = await s.applications.add(cu, {
      tableName: PERFORMANCE_TABLE,
      data: { yearPart: '2026', quarter, selfScore, summary: `${cu.realname}第${quarter}季度工作总结：按计划完成各项重点工作。` },
    }, db);
    if (!submit) return { ...app, instId: '' };
    const { procInstId } = await s.engine.apply(a(cu), { id: app.id });
    return { ...app, instId: procInstId };
  };
  const machao = a(await u('machao'));
  const liuyang = a(await u('liuyang'));
  const zhoujie = a(await u('zhoujie'));
  const wangfang = a(await u('wangfang'));
  const lina = a(await u('lina'));
  const zhangwei = a(await u('zhangwei'));
  const admin = a(await u('admin'));

  // Expense: a draft.
  await expense('zhulin', '客户拜访交通费', [['出租车', 126.5]], false);
  // Expense: waiting for the department head (machao).
  await expense('dongjian', '上海出差住宿', [['酒店住宿', 1200], ['高铁', 553]]);
  // Expense: passed the department head, waiting for finance (liuyang/chenjing).
  const e3 = await expense('wuting', '研发部团建餐费', [['餐费', 2380]]);
  await s.engine.pass(zhoujie, { id: await openTask(e3.instId), comment: '同意' });
  // Expense: passed by everyone.
  const e4 = await expense('chenjing', '财务软件年费', [['软件年费', 3600]]);
  await s.engine.pass(liuyang, { id: await openTask(e4.instId), comment: '同意报销' });
  await s.engine.pass(liuyang, { id: await openTask(e4.instId), comment: '票据齐全' });
  // Expense: over 5000, waiting for the general manager (zhangwei).
  const e5 = await expense('lina', '校园招聘会场地费', [['场地租赁', 6800], ['物料印刷', 950]]);
  await s.engine.pass(wangfang, { id: await openTask(e5.instId), comment: '同意' });
  await s.engine.pass(liuyang, { id: await openTask(e5.instId), comment: '金额核对无误', assignees: 'zhangwei' });
  // Expense: rejected to the applicant.
  const e6 = await expense('dongjian', '办公椅采购', [['办公椅', 899]]);
  await s.engine.back(machao, { id: await openTask(e6.instId), comment: '请走采购流程' });
  // Expense: withdrawn by the applicant.
  const e7 = await expense('wuting', '技术书籍', [['图书', 268]]);
  await s.engine.cancel({ username: 'wuting', realname: '吴婷' }, { id: e7.id, reason: '填写有误' });
  // Expense: finance returned it to the department head's node.
  const e8 = await expense('zhulin', '广州展会差旅', [['机票', 1860], ['住宿', 900]]);
  await s.engine.pass(machao, { id: await openTask(e8.instId), comment: '同意', assignees: 'liuyang' });
  await s.engine.backToTask(liuyang, { id: await openTask(e8.instId), backTaskKey: 'deptApprove', comment: '请补充行程说明' });
  // Expense: the IT head (admin) delegated it to zhangwei.
  const e9 = await expense('yangfan', '服务器配件', [['内存条', 1580]]);
  await s.engine.delegate(admin, { id: await openTask(e9.instId), userId: 'zhangwei', comment: '请张总代为审批' });

  // Performance: a draft.
  await perf('dongjian', 3, 85, false);
  // Performance: both parallel scorers pending (machao; wangfang/lina).
  await perf('zhulin', 3, 88);
  // Performance: the department head scored, HR pending.
  const p3 = await perf('chenjing', 3, 90);
  await s.engine.pass(liuyang, { id: await openTask(p3.instId, 'leaderScore'), comment: '工作认真细致', jx: true, payload: { score: 91 } });
  // Performance: passed with a final score.
  const p4 = await perf('wuting', 2, 86);
  await s.engine.pass(zhoujie, { id: await openTask(p4.instId, 'leaderScore'), comment: '研发进度良好', jx: true, payload: { score: 88 } });
  await s.engine.pass(lina, { id: await openTask(p4.instId, 'hrScore'), comment: '考勤良好', jx: true, payload: { score: 89 } });
  await s.engine.pass(zhangwei, { id: await openTask(p4.instId, 'gmConfirm'), comment: '确认', jx: true, payload: { score: 89 } });
  // Performance: rejected by HR.
  const p5 = await perf('zhaolei', 2, 95);
  await s.engine.back(wangfang, { id: await openTask(p5.instId, 'hrScore'), comment: '自评分偏高，请重新评估' }, true);
}
