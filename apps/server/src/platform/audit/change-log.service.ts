/**
 * Reading the audit trail (docs/audit.md): the changes of one record, for whoever may read that record, and
 * the administrator's search over every change with its export.
 */
import { CHANGE_ACTIONS, CHANGE_RECORD_TYPES, HY_LOG_LABELS, OFFICE_CHANGE_LABELS, OFFICE_CHANGE_PERMS, type ChangeLogRow, type ChangeLogSearch } from '@go/contract';
import { MONTH_FIELDS, MONTH_TITLES, QUARTER_FIELDS, QUARTER_ID_FIELDS, QUARTER_TITLES } from '@go/contract/performance/index';
import type { CurrentUser } from '../access/access.js';
import { inCompanyScope, scopeToCompany } from '../access/scope.js';
import type { Database } from '../db/database.js';
import { streamXlsx } from '../excel/excel.js';
import { AppError } from '../http/errors.js';
import { paging, runPageCapped } from '../query/query-builder.js';
import type { PermissionChecker } from '../context.js';
import type { SysChangeLog } from './audit.tables.js';
import './audit.tables.js';

/** What reading one record's changes needs: the list permission of that record's screen. */
export const RECORD_READ_PERMS: Record<string, string> = {
  sys_user: 'system:user:list',
  sys_role: 'system:role:list',
  sys_depart: 'system:depart:list',
  sys_dict: 'system:dict:list',
  sys_dict_item: 'system:dict:list',
  ...OFFICE_CHANGE_PERMS,
  hy_user: 'hr:user:list',
  user_year_perf: 'performance:yearPerf:list',
  user_year_part: 'performance:yearPart:list',
  pf_questionnaire: 'performance:questionnaire:list',
  pf_question: 'performance:questionnaire:list',
  pf_survey: 'performance:survey:result',
  pf_kpi_round: 'performance:kpiRound:list',
  ld_category: 'ledger:item:list',
  ld_item: 'ledger:item:list',
  ld_warehouse: 'ledger:warehouse:list',
  ld_supplier: 'ledger:supplier:list',
  ld_stock: 'ledger:library:list',
  ld_entry: 'ledger:library:list',
  ld_asset: 'ledger:library:list',
  ld_procure_pool: 'ledger:procure:list',
};

const COMMON_LABELS: Record<string, string> = {
  delFlag: '删除标记',
  status: '状态',
  description: '描述',
  orgCode: '部门',
  remark: '备注',
};

/** Field labels by record type (the columns of each edit form). */
export const FIELD_LABELS: Record<string, Record<string, string>> = {
  sys_user: {
    username: '用户账号',
    realname: '用户姓名',
    password: '密码',
    avatar: '头像',
    birthday: '生日',
    sex: '性别',
    email: '邮箱',
    phone: '手机号码',
    orgCode: '所属部门',
    status: '状态',
    workNo: '工号',
    post: '职务',
    telephone: '座机',
    userIdentity: '身份',
    departIds: '负责部门',
    relTenantIds: '租户',
    roles: '角色',
    departs: '部门',
  },
  sys_role: { roleName: '角色名称', roleCode: '角色编码', description: '描述' },
  sys_depart: {
    departName: '机构名称',
    departNameEn: '英文名',
    departNameAbbr: '缩写',
    departOrder: '排序',
    orgCategory: '机构类别',
    orgType: '机构类型',
    orgCode: '机构编码',
    parentId: '上级部门',
    mobile: '手机号',
    fax: '传真',
    address: '地址',
    memo: '备注',
  },
  sys_dict: { dictName: '字典名称', dictCode: '字典编码', description: '描述', type: '字典类型' },
  sys_dict_item: { dictId: '字典', itemText: '名称', itemValue: '数据值', description: '适用部门', sortOrder: '排序', status: '是否启用' },
  ...OFFICE_CHANGE_LABELS,
  hy_user: HY_LOG_LABELS,
  user_year_perf: { userId: '人员', userName: '姓名', orgName: '公司', departName: '部门', yearPart: '考核年度', sysOrgCode: '部门编码', avgCount: '平均分', ...Object.fromEntries(MONTH_FIELDS.map((f, i) => [f, MONTH_TITLES[i]])) },
  user_year_part: { userId: '人员', userName: '姓名', orgName: '公司', departName: '部门', postName: '职务', yearPart: '考核年度', sysOrgCode: '部门编码', ...Object.fromEntries(QUARTER_FIELDS.flatMap((f, i) => [[f, QUARTER_TITLES[i]], [QUARTER_ID_FIELDS[i], `${QUARTER_TITLES[i]}考评单`]])) },
  pf_questionnaire: { title: '问卷名称', description: '说明', sysOrgCode: '部门', questions: '题目', delFlag: '删除标记' },
  pf_question: { questionnaireId: '问卷', sortNo: '序号', title: '题目', type: '题型', weight: '权重', required: '必答', options: '选项' },
  pf_survey: { questionnaireId: '问卷', title: '标题', yearPart: '考核年度', targetUserId: '被评价人ID', targetUsername: '被评价人账号', targetRealname: '被评价人', sysOrgCode: '部门', departName: '部门名称', raters: '评价人' },
  pf_kpi_round: { yearPart: '考核年度', quarter: '季度', orgCode: '部门或公司', departName: '部门名称', kpiGoal: 'KPI目标', createdCount: '已发起', skippedCount: '已跳过', failedCount: '失败', createByName: '发起人' },
  ld_category: { parentId: '上级分类', name: '分类名称', code: '分类编码', sortNo: '排序' },
  ld_item: { code: '物品编码', name: '物品名称', categoryId: '分类', spec: '规格', unit: '单位', kind: '类型', price: '参考单价', status: '状态', remark: '备注' },
  ld_warehouse: { name: '仓库名称', type: '类型', sysOrgCode: '所属公司', address: '地址', keeper: '保管员', status: '状态' },
  ld_supplier: { name: '供应商名称', creditCode: '统一社会信用代码', contacts: '联系人', phone: '联系电话', email: '邮箱', address: '地址', bankName: '开户银行', bankAccount: '银行账号', qualificationFiles: '资质文件', status: '状态', remark: '备注', sysOrgCode: '所属公司' },
  ld_stock: { itemId: '物品', warehouseId: '仓库', sysOrgCode: '公司', qty: '库存数量' },
  ld_entry: { itemId: '物品', warehouseId: '仓库', sysOrgCode: '公司', assetId: '资产', movement: '类型', qtyChange: '数量', qtyBefore: '变化前', qtyAfter: '变化后', formType: '单据类型', formId: '单据ID', formTitle: '单据', operator: '经办人', holderBefore: '原持有人', holderAfter: '新持有人', price: '单价', remark: '备注' },
  ld_asset: { assetNo: '资产编号', itemId: '物品', warehouseId: '仓库', sysOrgCode: '公司', state: '状态', holder: '持有人账号', holderName: '持有人', location: '位置', price: '单价', supplierId: '供应商', stateTime: '变更时间' },
  ld_procure_pool: { itemId: '物品', itemName: '物品名称', spec: '规格', unit: '单位', qty: '数量', price: '预估单价', supplierId: '供应商', status: '状态', markName: '标记', markedBy: '标记人', markedTime: '标记时间', sourceFormId: '来源单据ID', sourceTitle: '来源单据', applicant: '申请人账号', applicantName: '申请人', entryFormId: '入库单', remark: '备注', sysOrgCode: '公司' },
};

/** A record type described at run time: its label and field labels (one type per online form). */
export type DescribedType = { label: string; fields: Record<string, string> };

/**
 * What a module tells the readers about types of its own beyond the static entries above: the permission of
 * types made at run time (`online:<table>`), their labels, and a check of the one record for records only some
 * people of a company may read (a weekly report: its writer, its recipients, its searchers).
 */
export interface ChangeTypeReader {
  matches(type: string): boolean;
  /** the read permission of a type without an entry in RECORD_READ_PERMS */
  perm?(type: string): string;
  describe?(db: Database, type: string): Promise<DescribedType | null>;
  /** beyond the permission; holders of system:changeLog:list are not asked */
  canRead?(db: Database, user: CurrentUser, type: string, id: string, has: (code: string) => Promise<boolean>): Promise<boolean>;
}

const readers = new Map<string, ChangeTypeReader>();

/** Registers (or replaces) a module's reader under its name. */
export function registerChangeTypeReader(name: string, reader: ChangeTypeReader): void {
  readers.set(name, reader);
}

const readerOf = (type: string) => [...readers.values()].find((r) => r.matches(type));

export function fieldLabel(type: string, field: string, described?: DescribedType | null): string {
  return FIELD_LABELS[type]?.[field] ?? described?.fields[field] ?? COMMON_LABELS[field] ?? field;
}

const typeText = (t: string) => (CHANGE_RECORD_TYPES as Record<string, string>)[t] ?? t;
const actionText = (a: string) => CHANGE_ACTIONS[a] ?? a;

function present(r: SysChangeLog, described?: DescribedType | null): ChangeLogRow {
  return {
    id: r.id,
    createTime: r.createTime,
    userId: r.userId,
    userName: r.userName,
    ip: r.ip,
    recordType: r.recordType,
    recordType_dictText: described?.label ?? typeText(r.recordType),
    recordId: r.recordId,
    recordName: r.recordName,
    action: r.action,
    action_dictText: actionText(r.action),
    field: r.field,
    fieldLabel: fieldLabel(r.recordType, r.field, described),
    oldValue: r.oldValue,
    newValue: r.newValue,
  };
}

const COLUMNS = ['id', 'createTime', 'userId', 'userName', 'ip', 'orgCode', 'recordType', 'recordId', 'recordName', 'action', 'field', 'oldValue', 'newValue'] as const;

/** `yyyy-MM-dd` → the day's first (or last) second; a full time stays. */
function bound(v: string, end: boolean): string {
  if (v.length === 10) return `${v} ${end ? '23:59:59' : '00:00:00'}`;
  return v.length === 16 ? `${v}:${end ? '59' : '00'}` : v;
}

export class ChangeLogService {
  constructor(
    private readonly db: Database,
    private readonly permissions: PermissionChecker,
  ) {}

  /** The run-time labels of the dynamic types among `types` (static types: none). */
  private async described(types: Iterable<string>): Promise<Map<string, DescribedType | null>> {
    const out = new Map<string, DescribedType | null>();
    for (const t of types) {
      if (out.has(t) || t in CHANGE_RECORD_TYPES) continue;
      const reader = readerOf(t);
      out.set(t, reader?.describe ? await reader.describe(this.db, t) : null);
    }
    return out;
  }

  /** The changes of one record, newest first: the record's own list permission, the record's company. */
  async ofRecord(user: CurrentUser, q: { recordType: string; recordId: string; pageNo: number; pageSize: number }) {
    const reader = readerOf(q.recordType);
    const need = RECORD_READ_PERMS[q.recordType] ?? reader?.perm?.(q.recordType);
    // a type without a permission is read by whom its reader's check lets (process variables: the instance's viewers)
    if (!need && !reader?.canRead) throw new AppError('NO_PERMISSION');
    const admin = await this.permissions.has(user, 'system:changeLog:list');
    const allowed = admin || !need || (await this.permissions.has(user, need));
    if (!allowed) throw new AppError('NO_PERMISSION');
    if (!admin && reader?.canRead && !(await reader.canRead(this.db, user, q.recordType, q.recordId, (code) => this.permissions.has(user, code)))) {
      throw new AppError('NO_PERMISSION');
    }
    const base = scopeToCompany(
      this.db.selectFrom('sysChangeLog').where('recordType', '=', q.recordType).where('recordId', '=', q.recordId),
      user,
      'orgCode',
    );
    const pg = await runPageCapped<typeof base, SysChangeLog>(
      this.db,
      base,
      (qb) => qb.select([...COLUMNS]).orderBy('createTime', 'desc').orderBy('id', 'desc'),
      { pageNo: q.pageNo, pageSize: q.pageSize },
    );
    const d = (await this.described([q.recordType])).get(q.recordType);
    return { ...pg, records: pg.records.filter((r) => inCompanyScope(user, r.orgCode) || !r.orgCode).map((r) => present(r, d)) };
  }

  /** The search's filtered query (company-scoped): the same for the page, the export and the bench. */
  filtered(user: CurrentUser, q: Partial<ChangeLogSearch>) {
    let qb = scopeToCompany(this.db.selectFrom('sysChangeLog'), user, 'orgCode');
    if (q.userId) qb = qb.where('userId', '=', q.userId);
    if (q.recordType) qb = qb.where('recordType', '=', q.recordType);
    if (q.recordId) qb = qb.where('recordId', '=', q.recordId);
    if (q.fieldName) qb = qb.where('field', '=', q.fieldName);
    if (q.createTime_begin) qb = qb.where('createTime', '>=', bound(q.createTime_begin, false));
    if (q.createTime_end) qb = qb.where('createTime', '<=', bound(q.createTime_end, true));
    return qb;
  }

  /** The administrator's search: newest first, the total counted up to 10 000 rows past the page. */
  async search(user: CurrentUser, q: Partial<ChangeLogSearch>) {
    const base = this.filtered(user, q);
    const pg = await runPageCapped<typeof base, SysChangeLog>(
      this.db,
      base,
      (qb) => qb.select([...COLUMNS]).orderBy('createTime', 'desc').orderBy('id', 'desc'),
      paging(q as Record<string, unknown>, 200),
    );
    const d = await this.described(pg.records.map((r) => r.recordType));
    return { ...pg, records: pg.records.map((r) => present(r, d.get(r.recordType))) };
  }

  /** The search as a streamed .xlsx, read in keyset batches (time, id) newest first. */
  exportStream(user: CurrentUser, q: Partial<ChangeLogSearch>) {
    const base = this.filtered(user, q).select([...COLUMNS]);
    const describe = (types: string[]) => this.described(types);
    async function* rows() {
      let last: { createTime: string; id: string } | null = null;
      for (;;) {
        let qb = base;
        if (last) {
          const l: { createTime: string; id: string } = last;
          qb = qb.where((eb) => eb.or([eb('createTime', '<', l.createTime), eb.and([eb('createTime', '=', l.createTime), eb('id', '<', l.id)])]));
        }
        const batch = (await qb.orderBy('createTime', 'desc').orderBy('id', 'desc').limit(2000).execute()) as SysChangeLog[];
        const d = await describe(batch.map((r) => r.recordType));
        for (const r of batch) yield present(r, d.get(r.recordType)) as unknown as Record<string, unknown>;
        if (batch.length < 2000) break;
        last = batch[batch.length - 1];
      }
    }
    return streamXlsx({
      title: '变更记录',
      subTitle: `导出人:${user.realname}`,
      columns: [
        { header: '时间', key: 'createTime', width: 20 },
        { header: '操作人账号', key: 'userId' },
        { header: '操作人', key: 'userName' },
        { header: 'IP', key: 'ip' },
        { header: '记录类型', key: 'recordType_dictText' },
        { header: '记录', key: 'recordName' },
        { header: '记录ID', key: 'recordId', width: 22 },
        { header: '操作', key: 'action_dictText', width: 10 },
        { header: '字段', key: 'fieldLabel' },
        { header: '原值', key: 'oldValue', width: 30 },
        { header: '新值', key: 'newValue', width: 30 },
      ],
      rows: rows(),
    });
  }
}
