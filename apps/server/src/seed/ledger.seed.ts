import { companyOf, type CurrentUser } from '../platform/access/access.js';
import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import { GOODS_TYPES, type GoodsType } from '@go/contract/ledger/schemas';
import { registerGoodsFormTypes } from '../modules/ledger/ledger.module.js';
import { LEDGER_PERMS } from '../modules/ledger/master-data.js';
import { newAsset, post } from '../modules/ledger/posting.js';
import { buildWorkflow } from '../modules/workflow/index.js';
import { FormRegistry } from '../modules/workflow/form-registry.js';
import { addMenus, type MenuSeed } from './helpers.js';
import { COMPANIES } from './org.seed.js';

const ALL = ['admin', 'hr', 'dept_leader', 'staff'];
const LEADERS = ['admin', 'hr', 'dept_leader'];
const P = LEDGER_PERMS;

const btn = (name: string, perms: string, roles: string[] = ['admin']): MenuSeed => ({
  name,
  menuType: 2,
  perms,
  permsType: '1',
  roles,
});

/**
 * 供应商 (bank account, contacts, phone) is master data of the asset administrators (docs/ledger.md §6):
 * removes every other role's grant of the supplier page, its buttons and any `ledger:supplier:*` code, on
 * databases seeded when every role had the page. The goods forms pick suppliers from `/ledger/supplier/options`.
 */
export async function seedLedgerSupplierAdminOnly(db: Database): Promise<void> {
  const root = await db.selectFrom('sysPermission').select('id').where('url', '=', '/adminstration/library/supplier').execute();
  const ids = new Set(root.map((r) => r.id));
  if (ids.size) {
    const kids = await db.selectFrom('sysPermission').select('id').where('parentId', 'in', [...ids]).execute();
    kids.forEach((k) => ids.add(k.id));
  }
  const coded = await db.selectFrom('sysPermission').select('id').where('perms', 'like', `${P.supplier}:%`).execute();
  coded.forEach((c) => ids.add(c.id));
  if (!ids.size) return;
  const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirst();
  let q = db.deleteFrom('sysRolePermission').where('permissionId', 'in', [...ids]);
  if (admin) q = q.where('roleId', '<>', admin.id);
  await q.execute();
}

/** 物资管理: goods applications, the procure pool, the libraries, items, warehouses and suppliers. */
export async function seedLedgerMenus(db: Database): Promise<void> {
  await addMenus(db, [
    {
      name: '物资管理',
      url: '/library',
      component: 'layouts/RouteView',
      redirect: '/library/apply',
      icon: 'shop',
      menuType: 0,
      sortNo: 4,
      roles: ALL,
      children: [
        {
          name: '物资申请',
          url: '/library/apply',
          component: 'ledger/GoodsApply',
          componentName: 'GoodsApply',
          icon: 'form',
          roles: ALL,
        },
        {
          name: '采购池',
          url: '/library/procure',
          component: 'ledger/ProcurePool',
          componentName: 'ProcurePool',
          icon: 'shopping-cart',
          perms: P.procure,
          roles: ['admin'],
          children: [
            btn('加入采购池', P.procureAdd),
            btn('标记', P.procureMark),
            btn('导出', P.procureExport),
          ],
        },
        {
          name: '总库',
          url: '/library/total',
          component: 'ledger/TotalLibrary',
          componentName: 'TotalLibrary',
          icon: 'database',
          perms: P.library,
          roles: ALL,
          children: [btn('导出', P.libraryExport, LEADERS)],
        },
        {
          name: '领用库',
          url: '/library/receive',
          component: 'ledger/ReceiveLibrary',
          componentName: 'ReceiveLibrary',
          icon: 'export',
          perms: P.library,
          roles: ALL,
        },
        {
          name: '共享库',
          url: '/library/share',
          component: 'ledger/ShareLibrary',
          componentName: 'ShareLibrary',
          icon: 'share-alt',
          perms: P.library,
          roles: ALL,
        },
        {
          name: '回收库',
          url: '/library/recycle',
          component: 'ledger/RecycleLibrary',
          componentName: 'RecycleLibrary',
          icon: 'rollback',
          perms: P.library,
          roles: ALL,
        },
        {
          name: '报废库',
          url: '/library/scrap',
          component: 'ledger/ScrapLibrary',
          componentName: 'ScrapLibrary',
          icon: 'delete',
          perms: P.library,
          roles: ALL,
        },
        {
          name: '物品目录',
          url: '/library/items',
          component: 'ledger/ItemList',
          componentName: 'ItemList',
          icon: 'appstore',
          perms: `${P.item}:list`,
          roles: ALL,
          children: [
            btn('添加', `${P.item}:add`),
            btn('编辑', `${P.item}:edit`),
            btn('删除', `${P.item}:delete`),
          ],
        },
        {
          name: '仓库',
          url: '/library/warehouse',
          component: 'ledger/WarehouseList',
          componentName: 'WarehouseList',
          icon: 'home',
          perms: `${P.warehouse}:list`,
          roles: ALL,
          children: [
            btn('添加', `${P.warehouse}:add`),
            btn('编辑', `${P.warehouse}:edit`),
            btn('删除', `${P.warehouse}:delete`),
          ],
        },
        {
          name: '供应商',
          url: '/adminstration/library/supplier',
          component: 'ledger/SupplierList',
          componentName: 'SupplierList',
          icon: 'team',
          perms: `${P.supplier}:list`,
          roles: ['admin'],
          children: [
            btn('添加', `${P.supplier}:add`),
            btn('编辑', `${P.supplier}:edit`),
            btn('删除', `${P.supplier}:delete`),
            btn('导出', `${P.supplier}:export`),
          ],
        },
      ],
    },
  ]);
}

const HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ' +
  'targetNamespace="http://www.huayuan.example.com/bpmn">';

const shape = (id: string, x: number, y: number, w: number, h: number) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
const edge = (id: string, pts: [number, number][]) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`;

/** One approval by the asset administrators. */
export function goodsBpmn(key: string, name: string): string {
  return (
    HEADER +
    `<process id="${key}" name="${name}" isExecutable="true">` +
    '<startEvent id="start" name="开始"/><userTask id="assetApprove" name="资产管理员审批"/><endEvent id="end" name="结束"/>' +
    '<sequenceFlow id="flow1" sourceRef="start" targetRef="assetApprove"/><sequenceFlow id="flow2" sourceRef="assetApprove" targetRef="end"/>' +
    '</process>' +
    `<bpmndi:BPMNDiagram id="${key}_diagram"><bpmndi:BPMNPlane id="${key}_plane" bpmnElement="${key}">` +
    shape('start', 80, 102, 36, 36) +
    shape('assetApprove', 170, 80, 110, 80) +
    shape('end', 340, 102, 36, 36) +
    edge('flow1', [
      [116, 120],
      [170, 120],
    ]) +
    edge('flow2', [
      [280, 120],
      [340, 120],
    ]) +
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>'
  );
}

/** Share claim: across companies (marked group level A01) the group approves, else the company. */
export function claimBpmn(key: string, name: string): string {
  return (
    HEADER +
    `<process id="${key}" name="${name}" isExecutable="true">` +
    '<startEvent id="start" name="开始"/>' +
    '<exclusiveGateway id="scopeGateway" name="是否跨公司" default="flowCompany"/>' +
    '<userTask id="groupApprove" name="集团资产审批"/>' +
    '<userTask id="assetApprove" name="资产管理员审批"/>' +
    '<endEvent id="end" name="结束"/>' +
    '<sequenceFlow id="flow1" sourceRef="start" targetRef="scopeGateway"/>' +
    '<sequenceFlow id="flowGroup" name="跨公司（集团级 A01）" sourceRef="scopeGateway" targetRef="groupApprove">' +
    '<conditionExpression xsi:type="tFormalExpression">${crossCompany == 1}</conditionExpression></sequenceFlow>' +
    '<sequenceFlow id="flowCompany" name="本公司" sourceRef="scopeGateway" targetRef="assetApprove"/>' +
    '<sequenceFlow id="flow3" sourceRef="groupApprove" targetRef="end"/>' +
    '<sequenceFlow id="flow4" sourceRef="assetApprove" targetRef="end"/>' +
    '</process>' +
    `<bpmndi:BPMNDiagram id="${key}_diagram"><bpmndi:BPMNPlane id="${key}_plane" bpmnElement="${key}">` +
    shape('start', 80, 142, 36, 36) +
    shape('scopeGateway', 170, 135, 50, 50) +
    shape('groupApprove', 280, 40, 110, 80) +
    shape('assetApprove', 280, 200, 110, 80) +
    shape('end', 460, 142, 36, 36) +
    edge('flow1', [
      [116, 160],
      [170, 160],
    ]) +
    edge('flowGroup', [
      [195, 135],
      [195, 80],
      [280, 80],
    ]) +
    edge('flowCompany', [
      [195, 185],
      [195, 240],
      [280, 240],
    ]) +
    edge('flow3', [
      [390, 80],
      [478, 80],
      [478, 142],
    ]) +
    edge('flow4', [
      [390, 240],
      [478, 240],
      [478, 178],
    ]) +
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>'
  );
}

/** One process per goods form type (`goods_<type>`), approved by the asset administrators (role admin). */
export async function seedLedgerDefinitions(db: Database): Promise<void> {
  const registry = new FormRegistry();
  registerGoodsFormTypes(registry);
  const s = buildWorkflow(db, registry);
  const admin = { username: 'admin' };
  for (const [type, label] of Object.entries(GOODS_TYPES) as [GoodsType, string][]) {
    const key = `goods_${type.slice(3)}`;
    const name = `${label}申请`;
    const claim = type === 'ld_share_claim';
    const def = await s.definitions.deploy(
      admin,
      {
        xml: claim ? claimBpmn(key, name) : goodsBpmn(key, name),
        businessTable: type,
        categoryId: '物资',
        description: `物资${label}流程`,
      },
      db,
    );
    await s.definitions.editNode(
      {
        procDefId: def.id,
        nodeId: 'assetApprove',
        rules: [{ type: 0, relateId: 'admin' }],
        emptyPolicy: 'admin',
      },
      db,
    );
    if (claim)
      await s.definitions.editNode(
        {
          procDefId: def.id,
          nodeId: 'groupApprove',
          rules: [{ type: 0, relateId: 'admin' }],
          emptyPolicy: 'admin',
        },
        db,
      );
  }
}

const CATEGORIES: [code: string, name: string, parent: string | null][] = [
  ['BG', '办公耗材', null],
  ['DZ', '电子设备', null],
  ['DZ-DN', '电脑', 'DZ'],
  ['DZ-XS', '显示与投影', 'DZ'],
  ['JJ', '办公家具', null],
];

/** [code, name, category code, spec, unit, kind, price, opening stock per company main warehouse] */
export const LEDGER_ITEMS: [
  string,
  string,
  string,
  string,
  string,
  'consumable' | 'asset',
  number,
  number,
][] = [
  ['WP-A4', 'A4打印纸', 'BG', '70g 500张/包', '包', 'consumable', 25, 120],
  ['WP-XG', '硒鼓', 'BG', 'HP 88A', '个', 'consumable', 280, 20],
  ['WP-BI', '签字笔', 'BG', '0.5mm 黑色 12支/盒', '盒', 'consumable', 18, 60],
  ['WP-WJ', '文件夹', 'BG', 'A4 蓝色', '个', 'consumable', 6, 200],
  ['ZC-NB', '笔记本电脑', 'DZ-DN', 'ThinkPad T14 i7/16G/512G', '台', 'asset', 7800, 3],
  ['ZC-TS', '台式电脑', 'DZ-DN', '联想 启天 M450', '台', 'asset', 4500, 2],
  ['ZC-XSQ', '显示器', 'DZ-XS', '戴尔 27英寸 P2723D', '台', 'asset', 1600, 3],
  ['ZC-TYY', '投影仪', 'DZ-XS', '爱普生 CB-X06', '台', 'asset', 3200, 1],
  ['ZC-YZ', '办公椅', 'JJ', '人体工学椅', '把', 'asset', 900, 2],
];

const SUPPLIERS: [
  name: string,
  credit: string,
  contacts: string,
  phone: string,
  bank: string,
  account: string,
  org: string,
][] = [
  [
    '北京晨光办公用品有限公司',
    '91110000MA01ABCD1X',
    '赵明',
    '13912340001',
    '中国工商银行北京分行',
    '6222020200112233445',
    'A01',
  ],
  [
    '上海联想电脑销售有限公司',
    '91310000MA1FL2B3XQ',
    '钱丽',
    '13912340002',
    '招商银行上海分行',
    '6225880211223344',
    'A01',
  ],
  [
    '深圳华南家具有限公司',
    '91440300MA5G7K8P2R',
    '孙强',
    '13912340003',
    '中国建设银行深圳分行',
    '6217002000123456789',
    'A01',
  ],
  [
    '杭州商贸文具批发部',
    '91330100MA28N9QW4Y',
    '李梅',
    '13912340004',
    '中国农业银行杭州分行',
    '6228480012345678',
    'A03',
  ],
];

/** Categories, items, one main warehouse per company (plus branch stores), suppliers, opening stock as ledger entries. */
export async function seedLedgerData(db: Database): Promise<void> {
  const t = now();
  const audit = { createBy: 'admin', createTime: t, updateBy: null, updateTime: null };
  const cat = new Map<string, string>();
  let order = 0;
  for (const [code, name, parent] of CATEGORIES) {
    const id = newId();
    cat.set(code, id);
    await db
      .insertInto('ldCategory')
      .values({ id, parentId: parent ? cat.get(parent)! : null, name, code, sortNo: ++order, ...audit })
      .execute();
  }
  const items: { id: string; kind: string; opening: number; price: number }[] = [];
  for (const [code, name, c, spec, unit, kind, price, opening] of LEDGER_ITEMS) {
    const id = newId();
    items.push({ id, kind, opening, price });
    await db
      .insertInto('ldItem')
      .values({
        id,
        code,
        name,
        categoryId: cat.get(c)!,
        spec,
        unit,
        kind,
        price,
        status: 1,
        remark: null,
        ...audit,
      })
      .execute();
  }
  for (const [name, creditCode, contacts, phone, bankName, bankAccount, org] of SUPPLIERS) {
    await db
      .insertInto('ldSupplier')
      .values({
        id: newId(),
        name,
        creditCode,
        contacts,
        phone,
        email: null,
        bankName,
        bankAccount,
        address: null,
        qualificationFiles: null,
        status: 1,
        remark: null,
        sysOrgCode: org,
        ...audit,
      })
      .execute();
  }
  for (const [org, company] of COMPANIES) {
    const main = newId();
    const short = company.replace(/^华远/, '').replace(/有限公司$/, '');
    await db
      .insertInto('ldWarehouse')
      .values({
        id: main,
        name: `${short}仓库`,
        type: 'main',
        sysOrgCode: org,
        address: null,
        keeper: null,
        status: 1,
        ...audit,
      })
      .execute();
    if (org === 'A01' || org === 'A03') {
      await db
        .insertInto('ldWarehouse')
        .values({
          id: newId(),
          name: `${short}门店仓`,
          type: 'store',
          sysOrgCode: org,
          address: null,
          keeper: null,
          status: 1,
          ...audit,
        })
        .execute();
    }
    const ctx = { operator: 'admin', formType: null, formId: null, formTitle: '期初库存' };
    for (const it of items) {
      if (it.kind === 'asset') {
        for (let k = 0; k < it.opening; k++) {
          const a = newAsset();
          await db
            .insertInto('ldAsset')
            .values({
              id: a.id,
              assetNo: a.assetNo,
              itemId: it.id,
              warehouseId: main,
              sysOrgCode: org,
              state: 'in_stock',
              holder: null,
              holderName: null,
              location: `${short}仓库`,
              price: it.price,
              supplierId: null,
              stateTime: t,
              ...audit,
            })
            .execute();
          await post(
            db,
            {
              itemId: it.id,
              warehouseId: main,
              orgCode: org,
              change: 1,
              movement: 'opening',
              assetId: a.id,
              price: it.price,
            },
            ctx,
          );
        }
      } else {
        await post(
          db,
          {
            itemId: it.id,
            warehouseId: main,
            orgCode: org,
            change: it.opening,
            movement: 'opening',
            price: it.price,
          },
          ctx,
        );
      }
    }
  }
}

async function userOf(db: Database, username: string): Promise<CurrentUser> {
  const u = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'orgCode'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
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
 * Demo goods applications so the libraries show something on first start (none touches the A01 laptops):
 * 李娜 (A01) received a monitor; 吴婷 (A02) received a monitor and shared it; 何静 (A04) received an office chair
 * that 郭强 recycled; 高鹏 (A05) scrapped a projector; 胡斌 (A03) has a passed purchase in the procure pool and
 * 董建 (A03) a receive form waiting for the asset administrator.
 */
export async function seedLedgerDemo(db: Database): Promise<void> {
  const registry = new FormRegistry();
  registerGoodsFormTypes(registry);
  const s = buildWorkflow(db, registry);
  const admin = { username: 'admin', realname: '管理员' };
  const item = async (code: string) =>
    (await db.selectFrom('ldItem').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const wh = async (org: string) =>
    (
      await db
        .selectFrom('ldWarehouse')
        .select('id')
        .where('sysOrgCode', '=', org)
        .where('type', '=', 'main')
        .executeTakeFirstOrThrow()
    ).id;
  const inStock = async (code: string, org: string) =>
    (
      await db
        .selectFrom('ldAsset')
        .select('id')
        .where('itemId', '=', await item(code))
        .where('sysOrgCode', '=', org)
        .where('state', '=', 'in_stock')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const file = async (who: string, tableName: string, data: Record<string, unknown>, pass = true) => {
    const cu = await userOf(db, who);
    const app = await s.applications.add(cu, { tableName, data }, db);
    const { procInstId } = await s.engine.apply(
      { username: cu.username, realname: cu.realname },
      { id: app.id },
    );
    if (!pass) return;
    const task = await db
      .selectFrom('wfTask')
      .select('id')
      .where('instId', '=', procInstId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    await s.engine.pass(admin, { id: task.id, comment: '同意' });
  };

  await file('lina', 'ld_receive', {
    reason: '招聘面试室外接显示器',
    lines: [{ assetId: await inStock('ZC-XSQ', 'A01') }],
  });
  const shared = await inStock('ZC-XSQ', 'A02');
  await file('wuting', 'ld_receive', { reason: '开发用第二块屏幕', lines: [{ assetId: shared }] });
  await file('wuting', 'ld_share', { reason: '项目结束，闲置可共享', lines: [{ assetId: shared }] });
  const chair = await inStock('ZC-YZ', 'A04');
  await file('hejing', 'ld_receive', { lines: [{ assetId: chair }] });
  await file('guoqiang', 'ld_recycle', { reason: '员工调岗，收回办公椅', lines: [{ assetId: chair }] });
  await file('gaopeng', 'ld_scrap', {
    reason: '灯泡烧毁，超过使用年限',
    lines: [{ assetId: await inStock('ZC-TYY', 'A05') }],
  });
  const supplier = (
    await db
      .selectFrom('ldSupplier')
      .select('id')
      .where('creditCode', '=', '91330100MA28N9QW4Y')
      .executeTakeFirstOrThrow()
  ).id;
  await file('hubin', 'ld_purchase', {
    reason: '季度办公用品补货',
    lines: [
      { itemId: await item('WP-BI'), qty: 20, price: 18, supplierId: supplier },
      { itemId: await item('WP-WJ'), qty: 100, price: 6, supplierId: supplier },
    ],
  });
  await file(
    'dongjian',
    'ld_receive',
    {
      reason: '客户拜访资料打印',
      lines: [{ itemId: await item('WP-A4'), warehouseId: await wh('A03'), qty: 2 }],
    },
    false,
  );
}
