import { contractForm, formPerms, fundsForm, nonRoutineForm, tripForm, type FormDeclaration } from '@go/contract/forms/index';
import type { CurrentUser } from '../platform/access/access.js';
import { companyOf } from '../platform/access/access.js';
import type { Database } from '../platform/db/database.js';
import { registerFormTypes } from '../modules/forms/index.js';
import { ensureFormTables } from '../modules/forms/form-table.js';
import { buildWorkflow } from '../modules/workflow/index.js';
import { FormRegistry } from '../modules/workflow/form-registry.js';
import { addDict, addMenus, menuIdByUrl, type MenuSeed } from './helpers.js';

const ALL = ['admin', 'hr', 'dept_leader', 'staff'];
const APPROVERS = ['admin', 'hr', 'dept_leader'];

/** The form types this seed adds (funds, trip, contract, non-routine). */
export const SEEDED_FORMS: FormDeclaration[] = [fundsForm, tripForm, contractForm, nonRoutineForm];

export async function seedFormDicts(db: Database): Promise<void> {
  await addDict(db, 'non_routine_category', '人事非常规类别', [
    ['salary', '薪酬调整'],
    ['attendance', '考勤异常'],
    ['special', '特殊用工'],
    ['reward', '奖惩处理'],
    ['other', '其他'],
  ]);
}

const ICONS: Record<string, string> = { funds: 'bank', trip: 'schedule', contract: 'audit', nonRoutine: 'idcard' };

/** One list per form type under 流程 (`/activiti/forms/<slug>`, page `forms/DeclaredFormList`). */
export async function seedFormMenus(db: Database): Promise<void> {
  const parent = await menuIdByUrl(db, '/activiti');
  const menus: MenuSeed[] = SEEDED_FORMS.map((d, i) => {
    const p = formPerms(d);
    return {
      name: d.name,
      url: `/activiti/forms/${d.slug}`,
      component: 'forms/DeclaredFormList',
      componentName: `${d.slug}List`,
      icon: ICONS[d.slug] ?? 'form',
      perms: p.list,
      sortNo: 20 + i,
      roles: ALL,
      children: [{ name: '查看全公司', menuType: 2, perms: p.all, permsType: '1', roles: APPROVERS }],
    };
  });
  await addMenus(db, menus, parent);
}

const HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ' +
  'targetNamespace="http://www.huayuan.example.com/bpmn">';

type Kind = 'start' | 'user' | 'xor' | 'end';
/** [id, kind, name, x, y] — x/y the top-left of the shape. */
type Node = [string, Kind, string, number, number];
/** [id, from, to, condition?, name?, default?] */
type Flow = [string, string, string, string?, string?];

const SIZE: Record<Kind, [number, number]> = { start: [36, 36], end: [36, 36], user: [110, 80], xor: [50, 50] };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small BPMN process with its diagram (edges drawn centre to centre with one elbow). */
export function bpmn(key: string, name: string, nodes: Node[], flows: Flow[], defaults: Record<string, string> = {}): string {
  const tag: Record<Kind, string> = { start: 'startEvent', user: 'userTask', xor: 'exclusiveGateway', end: 'endEvent' };
  const els = nodes
    .map(([id, kind, n]) => `<${tag[kind]} id="${id}" name="${esc(n)}"${defaults[id] ? ` default="${defaults[id]}"` : ''}/>`)
    .join('');
  const fl = flows
    .map(([id, from, to, cond, label]) => {
      const nm = label ? ` name="${esc(label)}"` : '';
      return cond
        ? `<sequenceFlow id="${id}"${nm} sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression">${esc(cond)}</conditionExpression></sequenceFlow>`
        : `<sequenceFlow id="${id}"${nm} sourceRef="${from}" targetRef="${to}"/>`;
    })
    .join('');
  const at = new Map(nodes.map((n) => [n[0], n]));
  const centre = (id: string): [number, number] => {
    const [, kind, , x, y] = at.get(id)!;
    const [w, h] = SIZE[kind];
    return [x + w / 2, y + h / 2];
  };
  const shapes = nodes
    .map(([id, kind, , x, y]) => {
      const [w, h] = SIZE[kind];
      return `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
    })
    .join('');
  const edges = flows
    .map(([id, from, to]) => {
      const [x1, y1] = centre(from);
      const [x2, y2] = centre(to);
      const pts = y1 === y2 ? [[x1, y1], [x2, y2]] : [[x1, y1], [x1, y2], [x2, y2]];
      return `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`;
    })
    .join('');
  return (
    `${HEADER}<process id="${key}" name="${esc(name)}" isExecutable="true">${els}${fl}</process>` +
    `<bpmndi:BPMNDiagram id="${key}_diagram"><bpmndi:BPMNPlane id="${key}_plane" bpmnElement="${key}">${shapes}${edges}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`
  );
}

/** 资金申请: department head → (amount ≥ 50,000) group finance (A01) → end. */
export const FUNDS_BPMN = bpmn(
  'funds',
  '资金申请',
  [
    ['start', 'start', '开始', 60, 142],
    ['deptApprove', 'user', '部门负责人审批', 150, 120],
    ['amountGateway', 'xor', '金额判断', 315, 135],
    ['groupFinance', 'user', '集团财务审批', 420, 30],
    ['end', 'end', '结束', 612, 142],
  ],
  [
    ['flow1', 'start', 'deptApprove'],
    ['flow2', 'deptApprove', 'amountGateway'],
    ['flowLarge', 'amountGateway', 'groupFinance', '${amount >= 50000}', '5万元及以上'],
    ['flowSmall', 'amountGateway', 'end', undefined, '其他'],
    ['flow3', 'groupFinance', 'end'],
  ],
  { amountGateway: 'flowSmall' },
);

/** 出差申请: (more than 5 days) department head → HR/administration → end. */
export const TRIP_BPMN = bpmn(
  'trip',
  '出差申请',
  [
    ['start', 'start', '开始', 60, 142],
    ['daysGateway', 'xor', '天数判断', 140, 135],
    ['deptApprove', 'user', '部门负责人审批', 240, 30],
    ['adminApprove', 'user', '行政审核', 420, 120],
    ['end', 'end', '结束', 592, 142],
  ],
  [
    ['flow1', 'start', 'daysGateway'],
    ['flowLong', 'daysGateway', 'deptApprove', '${days > 5}', '超过5天'],
    ['flowShort', 'daysGateway', 'adminApprove', undefined, '5天及以内'],
    ['flow2', 'deptApprove', 'adminApprove'],
    ['flow3', 'adminApprove', 'end'],
  ],
  { daysGateway: 'flowShort' },
);

/** 合同审批: department head → (≥ 100,000) legal → (≥ 1,000,000) group general manager (A01) → end. */
export const CONTRACT_BPMN = bpmn(
  'contract',
  '合同审批',
  [
    ['start', 'start', '开始', 60, 142],
    ['deptApprove', 'user', '部门负责人审批', 150, 120],
    ['legalGateway', 'xor', '金额判断', 315, 135],
    ['legalApprove', 'user', '法务审核', 420, 30],
    ['groupGateway', 'xor', '集团审批判断', 585, 45],
    ['groupApprove', 'user', '集团总经理审批', 690, 120],
    ['end', 'end', '结束', 872, 142],
  ],
  [
    ['flow1', 'start', 'deptApprove'],
    ['flow2', 'deptApprove', 'legalGateway'],
    ['flowLegal', 'legalGateway', 'legalApprove', '${amount >= 100000}', '10万元及以上'],
    ['flowSmall', 'legalGateway', 'end', undefined, '其他'],
    ['flow3', 'legalApprove', 'groupGateway'],
    ['flowGroup', 'groupGateway', 'groupApprove', '${amount >= 1000000}', '100万元及以上'],
    ['flowLegalOnly', 'groupGateway', 'end', undefined, '其他'],
    ['flow4', 'groupApprove', 'end'],
  ],
  { legalGateway: 'flowSmall', groupGateway: 'flowLegalOnly' },
);

/** 人事非常规审批: department head → HR → (salary) general manager → end. */
export const NON_ROUTINE_BPMN = bpmn(
  'nonRoutine',
  '人事非常规审批',
  [
    ['start', 'start', '开始', 60, 142],
    ['deptApprove', 'user', '部门负责人审批', 150, 120],
    ['hrApprove', 'user', '人事审核', 310, 120],
    ['categoryGateway', 'xor', '类别判断', 475, 135],
    ['gmApprove', 'user', '总经理审批', 580, 30],
    ['end', 'end', '结束', 772, 142],
  ],
  [
    ['flow1', 'start', 'deptApprove'],
    ['flow2', 'deptApprove', 'hrApprove'],
    ['flow3', 'hrApprove', 'categoryGateway'],
    ['flowSalary', 'categoryGateway', 'gmApprove', "${category == 'salary'}", '薪酬调整'],
    ['flowOther', 'categoryGateway', 'end', undefined, '其他'],
    ['flow4', 'gmApprove', 'end'],
  ],
  { categoryGateway: 'flowOther' },
);

function services(db: Database) {
  const registry = new FormRegistry();
  registerFormTypes(registry);
  return buildWorkflow(db, registry);
}

/** The tables of the seeded form types and their process definitions with node rules. */
export async function seedFormDefinitions(db: Database): Promise<void> {
  await ensureFormTables(db, SEEDED_FORMS);
  const s = services(db);
  const admin = { username: 'admin' };
  const node = (procDefId: string, nodeId: string, rules: { type: number; relateId?: string }[], extra: { chooseMark?: number; repeatPolicy?: 'again' | 'auto' } = {}) =>
    s.definitions.editNode({ procDefId, nodeId, rules, emptyPolicy: 'admin', ...extra }, db);

  const funds = await s.definitions.deploy(admin, { xml: FUNDS_BPMN, businessTable: fundsForm.key, categoryId: '财务', description: '付款与资金申请，5万元及以上需集团财务审批' }, db);
  await node(funds.id, 'deptApprove', [{ type: 4 }]);
  await node(funds.id, 'groupFinance', [{ type: 2, relateId: 'A01A03' }]);

  const trip = await s.definitions.deploy(admin, { xml: TRIP_BPMN, businessTable: tripForm.key, categoryId: '行政', description: '员工出差申请，超过5天需部门负责人审批' }, db);
  await node(trip.id, 'deptApprove', [{ type: 4 }]);
  await node(trip.id, 'adminApprove', [{ type: 0, relateId: 'hr' }]);

  const contract = await s.definitions.deploy(admin, { xml: CONTRACT_BPMN, businessTable: contractForm.key, categoryId: '行政', description: '合同审批：10万元及以上需法务审核，100万元及以上需集团总经理审批' }, db);
  await node(contract.id, 'deptApprove', [{ type: 4 }]);
  await node(contract.id, 'legalApprove', [{ type: 1, relateId: 'wangfang' }]);
  await node(contract.id, 'groupApprove', [{ type: 1, relateId: 'zhangwei' }]);

  const nr = await s.definitions.deploy(admin, { xml: NON_ROUTINE_BPMN, businessTable: nonRoutineForm.key, categoryId: '人事', description: '人事非常规事项，薪酬调整需总经理审批' }, db);
  await node(nr.id, 'deptApprove', [{ type: 4 }]);
  await node(nr.id, 'hrApprove', [{ type: 0, relateId: 'hr' }]);
  await node(nr.id, 'gmApprove', [{ type: 1, relateId: 'zhangwei' }]);
}

async function userOf(db: Database, username: string): Promise<CurrentUser> {
  const u = await db.selectFrom('sysUser').select(['id', 'username', 'realname', 'orgCode']).where('username', '=', username).executeTakeFirstOrThrow();
  return { id: u.id, username: u.username, realname: u.realname ?? u.username, orgCode: u.orgCode ?? '', company: companyOf(u.orgCode), tenantId: 0, sessionId: '' };
}

/**
 * Demo applications of the four form types in companies A01, A02, A03, A04, A05 and A08: drafts, waiting at
 * each step, passed (one non-routine marked group level), rejected and withdrawn.
 */
export async function seedFormDemo(db: Database): Promise<void> {
  const s = services(db);
  /** The open task of an instance and the approver who acts on it (the given one, else its first candidate). */
  const openTask = async (instId: string, who?: string) => {
    const id = (await db.selectFrom('wfTask').select('id').where('instId', '=', instId).where('status', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    if (who) return { id, cu: await userOf(db, who) };
    const c = await db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', id).where('open', '=', 1).orderBy('username').executeTakeFirstOrThrow();
    return { id, cu: await userOf(db, c.username) };
  };
  const file = async (d: FormDeclaration, who: string, data: Record<string, unknown>, submit = true) => {
    const cu = await userOf(db, who);
    const app = await s.applications.add(cu, { tableName: d.key, data }, db);
    if (!submit) return { id: app.id, inst: '' };
    const { procInstId } = await s.engine.apply({ username: cu.username, realname: cu.realname }, { id: app.id });
    return { id: app.id, inst: procInstId };
  };
  const pass = async (who: string | undefined, inst: string, comment = '同意') => {
    const { id, cu } = await openTask(inst, who);
    await s.engine.pass({ username: cu.username, realname: cu.realname }, { id, comment });
  };
  const back = async (inst: string, comment: string) => {
    const { id, cu } = await openTask(inst);
    await s.engine.back({ username: cu.username, realname: cu.realname }, { id, comment });
  };
  const funds = (payee: string, bank: string, account: string, amount: number, purpose: string, dueDate: string) => ({
    payee,
    bank,
    account,
    amount,
    purpose,
    payMethod: 'transfer',
    dueDate,
  });

  // 资金
  await file(fundsForm, 'hejing', funds('顺达运输有限公司', '中国建设银行杭州分行', '6217001234567890123', 18500, '支付十月运输外包费用', '2026-12-10'), false);
  const f1 = await file(fundsForm, 'dongjian', funds('华信科技有限公司', '招商银行上海分行', '6225880123456789', 80000, '支付年度CRM系统采购尾款', '2026-12-05'));
  await pass('machao', f1.inst, '同意，请集团财务复核');
  await file(fundsForm, 'wuting', funds('北京云算科技有限公司', '中国工商银行北京海淀支行', '6222020200112233445', 12000, '采购测试服务器租用服务', '2026-12-15'));
  const f3 = await file(fundsForm, 'xiaoran', funds('置信建材有限公司', '中国农业银行成都分行', '6228480402564890018', 5600, '工程样板间材料款', '2026-11-30'));
  await pass(undefined, f3.inst);
  const f4 = await file(fundsForm, 'tanglei', funds('安盾信息安全有限公司', '中国银行深圳分行', '6013820000123456789', 9800, '安全审计服务预付款', '2026-12-20'));
  await back(f4.inst, '预算未批复，请先走预算流程');

  // 出差
  await file(tripForm, 'zhulin', { destination: '广州', startDate: '2026-12-02', endDate: '2026-12-04', transport: 'train', budget: 2600, reason: '拜访华南区重点客户' });
  await file(tripForm, 'yangfan', { destination: '深圳、东莞', startDate: '2026-12-07', endDate: '2026-12-14', transport: 'plane', budget: 9800, companions: 'zhaolei', reason: '华南数据中心机房迁移实施' });
  const t3 = await file(tripForm, 'wuting', { destination: '杭州', startDate: '2026-11-10', endDate: '2026-11-12', transport: 'train', budget: 1800, reason: '参加前端技术大会' });
  await pass('lina', t3.inst, '已备案');
  const t4 = await file(tripForm, 'hubin', { destination: '义乌', startDate: '2026-12-08', endDate: '2026-12-09', transport: 'car', budget: 900, reason: '供应商现场考察' });
  await s.engine.cancel({ username: 'hubin', realname: '胡斌' }, { id: t4.id, reason: '行程取消' });

  // 合同
  const c1 = await file(contractForm, 'dongjian', { contractNo: 'HT-A03-2026-0118', counterparty: '华信科技有限公司', amount: 300000, startDate: '2027-01-01', endDate: '2027-12-31', paymentTerms: '签订后预付30%，验收后支付60%，质保期满支付10%' });
  await pass('machao', c1.inst, '同意，请法务审核');
  const c2 = await file(contractForm, 'linxiao', { contractNo: 'HT-A05-2026-0032', counterparty: '置信建材有限公司', amount: 48000, startDate: '2026-12-01', endDate: '2027-05-31', paymentTerms: '按月结算，次月10日前付款' });
  await pass(undefined, c2.inst);
  await file(contractForm, 'xuming', { contractNo: 'HT-A02-2026-0207', counterparty: '星河传媒有限公司', amount: 1500000, startDate: '2027-01-01', endDate: '2028-12-31', paymentTerms: '按季度支付推广费用' });
  await file(contractForm, 'hejing', { contractNo: 'HT-A04-2026-0009', counterparty: '顺达运输有限公司', amount: 220000, startDate: '2027-01-01', endDate: '2027-12-31', paymentTerms: '按月结算' }, false);

  // 非常规
  await file(nonRoutineForm, 'zhulin', { subject: '销售部试用期员工提前转正调薪', category: 'salary', employee: 'dongjian', description: '董建试用期业绩突出，申请提前转正并调整薪资。' });
  const n2 = await file(nonRoutineForm, 'hubin', { subject: '十月考勤异常补录', category: 'attendance', employee: 'hubin', description: '10月15日外出采购未打卡，申请补录考勤。' });
  await pass(undefined, n2.inst);
  await pass('lina', n2.inst, '集团人事已核实');
  const n3 = await file(nonRoutineForm, 'tanglei', { subject: '临时借调风控专员', category: 'special', employee: 'tanglei', description: '项目需要，申请临时借调一个月。' });
  await back(n3.inst, '请先与用人部门协商');
}
