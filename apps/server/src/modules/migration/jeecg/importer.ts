import type { Database } from '../../../platform/db/database.js';
import type { DB } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { nextChildCode } from '../../system/depart/org-code.js';
import { JEECG_HASH_PREFIX } from '../../../platform/auth/legacy-password.js';
import { PermissionMapper, type ProductPermission } from './permission-map.js';
import { dateTime, int, text, type JeecgSource, type Row } from './source.js';

/** What one kind of record brought: how many came over, and how many were left and why. */
export interface EntityReport {
  key: string;
  label: string;
  /** rows in the source */
  total: number;
  imported: number;
  /** reason → count */
  skipped: Record<string, number>;
}

export interface PermissionReportRow {
  name: string;
  url: string | null;
  perms: string | null;
  /** this product's page or button, when there is one */
  target?: { name: string | null; url: string | null; perms: string | null; by: string };
}

export interface ImportReport {
  entities: EntityReport[];
  /** JeecgBoot's menus and buttons with what each became here */
  permissions: PermissionReportRow[];
  notes: string[];
}

export interface ImportOptions {
  /** also bring sys_log (operation and login logs) */
  withLogs?: boolean;
  /** progress lines (the command line prints them) */
  onProgress?: (message: string) => void;
}

type Values = Record<string, unknown>;
type TableName = keyof DB & string;

/** One source table copied into one product table. `build` answers the row to insert, or why it is left. */
interface CopyPlan {
  key: string;
  label: string;
  source: string;
  target: TableName;
  build(r: Row): Values | string;
  /** product columns naming the same record besides the id (e.g. username, org code) */
  natural?: string[];
  /** natural key compared without case (usernames) */
  naturalNoCase?: boolean;
  /** what the natural key is called in the report */
  naturalLabel?: string;
  /** source id → product id, filled for every row found or inserted */
  ids?: Map<string, string>;
  /** the source's parent column: parents are copied before their children */
  parent?: string;
  /** the source rows, when not the whole table */
  rows?: Row[];
}

const AUDIT = (r: Row): Values => ({
  createBy: text(r, 'create_by', 64),
  createTime: dateTime(r, 'create_time'),
  updateBy: text(r, 'update_by', 64),
  updateTime: dateTime(r, 'update_time'),
});

/** JeecgBoot fill-rule classes → this product's fill-rule handlers. */
const FILL_RULE_CLASSES: Record<string, string> = {
  OrgCodeRule: 'org_code',
  CategoryCodeRule: 'category_code',
  OrderNumberRule: 'order_num',
};

/** JeecgBoot job classes → this product's job handlers (others keep their class name and stay paused). */
const JOB_CLASSES: Record<string, string> = {
  SampleJob: 'office.job.SampleJob',
};

const simpleName = (cls: string) => cls.slice(cls.lastIndexOf('.') + 1);
const ALREADY_ID = '已存在（ID 相同）';

/**
 * Imports a JeecgBoot 3.x database into this product's database. Every record is matched first by its id, then
 * by its natural key (username, org code, role code, dictionary code and item value …): what matches is kept as
 * it is and only linked to, so a second run adds nothing.
 */
export class JeecgImporter {
  private readonly report: ImportReport = { entities: [], permissions: [], notes: [] };
  private readonly departs = new Map<string, string>();
  private readonly users = new Map<string, string>();
  private readonly roles = new Map<string, string>();
  private readonly dicts = new Map<string, string>();
  private readonly announcements = new Map<string, string>();
  private readonly departRoles = new Map<string, string>();
  private readonly dataRules = new Map<string, string>();
  private readonly permissionIds = new Map<string, string>();
  private mapper!: PermissionMapper;

  constructor(
    private readonly db: Database,
    private readonly src: JeecgSource,
    private readonly opts: ImportOptions = {},
  ) {}

  private progress(message: string) {
    this.opts.onProgress?.(message);
  }

  async run(): Promise<ImportReport> {
    await this.copy({
      key: 'tenant',
      label: '租户',
      source: 'sys_tenant',
      target: 'sysTenant',
      build: (r) => {
        const id = int(r, 'id');
        if (id === null) return '缺少租户编号';
        return {
          id,
          name: text(r, 'name', 100) ?? `租户${id}`,
          beginDate: dateTime(r, 'begin_date'),
          endDate: dateTime(r, 'end_date'),
          status: int(r, 'status', 1),
          createBy: text(r, 'create_by', 64),
          createTime: dateTime(r, 'create_time'),
        };
      },
    });
    await this.copy({
      key: 'depart',
      label: '部门',
      source: 'sys_depart',
      target: 'sysDepart',
      natural: ['orgCode'],
      naturalLabel: '机构编码',
      ids: this.departs,
      parent: 'parent_id',
      build: (r) => {
        const name = text(r, 'depart_name', 100);
        const orgCode = text(r, 'org_code', 64);
        if (!name) return '缺少部门名称';
        if (!orgCode) return '缺少机构编码';
        const parent = text(r, 'parent_id');
        return {
          id: text(r, 'id'),
          parentId: parent ? (this.departs.get(parent) ?? null) : null,
          departName: name,
          departNameEn: text(r, 'depart_name_en', 500),
          departNameAbbr: text(r, 'depart_name_abbr', 500),
          departOrder: int(r, 'depart_order', 0),
          description: text(r, 'description', 500),
          orgCategory: text(r, 'org_category', 10) ?? (parent ? '2' : '1'),
          orgType: text(r, 'org_type', 10),
          orgCode,
          mobile: text(r, 'mobile', 32),
          fax: text(r, 'fax', 32),
          address: text(r, 'address', 100),
          memo: text(r, 'memo', 500),
          status: text(r, 'status', 2) ?? '1',
          delFlag: int(r, 'del_flag', 0),
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'position',
      label: '职务',
      source: 'sys_position',
      target: 'sysPosition',
      natural: ['code'],
      naturalLabel: '职务编码',
      build: (r) => {
        const code = text(r, 'code', 100);
        const name = text(r, 'name', 100);
        if (!code || !name) return '缺少职务编码或名称';
        const company = text(r, 'company_id');
        return {
          id: text(r, 'id'),
          code,
          name,
          postRank: text(r, 'post_rank', 2),
          companyId: company ? (this.departs.get(company) ?? null) : null,
          sysOrgCode: text(r, 'sys_org_code', 64),
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'role',
      label: '角色',
      source: 'sys_role',
      target: 'sysRole',
      natural: ['roleCode'],
      naturalLabel: '角色编码',
      ids: this.roles,
      build: (r) => {
        const code = text(r, 'role_code', 100);
        if (!code) return '缺少角色编码';
        return {
          id: text(r, 'id'),
          roleName: text(r, 'role_name', 200),
          roleCode: code,
          description: text(r, 'description', 255),
          tenantId: int(r, 'tenant_id'),
          ...AUDIT(r),
        };
      },
    });
    await this.importUsers();
    await this.copy({
      key: 'userDepart',
      label: '用户所属部门',
      source: 'sys_user_depart',
      target: 'sysUserDepart',
      natural: ['userId', 'depId'],
      naturalLabel: '用户与部门',
      build: (r) => {
        const userId = this.users.get(text(r, 'user_id') ?? '');
        const depId = this.departs.get(text(r, 'dep_id') ?? '');
        if (!userId || !depId) return '用户或部门未导入';
        return { id: text(r, 'id'), userId, depId };
      },
    });
    await this.copy({
      key: 'userRole',
      label: '用户角色',
      source: 'sys_user_role',
      target: 'sysUserRole',
      natural: ['userId', 'roleId'],
      naturalLabel: '用户与角色',
      build: (r) => {
        const userId = this.users.get(text(r, 'user_id') ?? '');
        const roleId = this.roles.get(text(r, 'role_id') ?? '');
        if (!userId || !roleId) return '用户或角色未导入';
        return { id: text(r, 'id'), userId, roleId };
      },
    });

    await this.mapPermissions();
    await this.copy({
      key: 'dataRule',
      label: '数据规则',
      source: 'sys_permission_data_rule',
      target: 'sysPermissionDataRule',
      natural: ['permissionId', 'ruleName', 'ruleColumn'],
      naturalLabel: '菜单、规则名称与字段',
      ids: this.dataRules,
      build: (r) => {
        const permissionId = this.permissionIds.get(text(r, 'permission_id') ?? '');
        if (!permissionId) return '所属菜单在本产品中没有对应页面';
        return {
          id: text(r, 'id'),
          permissionId,
          ruleName: text(r, 'rule_name', 50),
          ruleColumn: text(r, 'rule_column', 50),
          ruleConditions: text(r, 'rule_conditions', 50),
          ruleValue: text(r, 'rule_value', 300),
          status: text(r, 'status', 3) ?? '1',
          ...AUDIT(r),
        };
      },
    });
    // menus that carry rules are marked so, as when a rule is added in the menu screen
    const ruled = [...new Set([...this.dataRules.keys()].map((k) => this.ruleMenu.get(k)).filter((v): v is string => !!v))];
    if (ruled.length) await this.db.updateTable('sysPermission').set({ ruleFlag: 1 }).where('id', 'in', ruled).execute();

    await this.importGrants('roleGrant', '角色菜单授权', 'sys_role_permission', 'sysRolePermission', (r) => {
      const roleId = this.roles.get(text(r, 'role_id') ?? '');
      return roleId ? { roleId } : null;
    });
    await this.importGrants('departGrant', '部门菜单授权', 'sys_depart_permission', 'sysDepartPermission', (r) => {
      const departId = this.departs.get(text(r, 'depart_id') ?? '');
      return departId ? { departId } : null;
    });
    await this.copy({
      key: 'departRole',
      label: '部门角色',
      source: 'sys_depart_role',
      target: 'sysDepartRole',
      natural: ['departId', 'roleCode'],
      naturalLabel: '部门与角色编码',
      ids: this.departRoles,
      build: (r) => {
        const departId = this.departs.get(text(r, 'depart_id') ?? '');
        if (!departId) return '部门未导入';
        return {
          id: text(r, 'id'),
          departId,
          roleName: text(r, 'role_name', 200),
          roleCode: text(r, 'role_code', 100),
          description: text(r, 'description', 255),
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'departRoleUser',
      label: '部门角色成员',
      source: 'sys_depart_role_user',
      target: 'sysDepartRoleUser',
      natural: ['userId', 'droleId'],
      naturalLabel: '用户与部门角色',
      build: (r) => {
        const userId = this.users.get(text(r, 'user_id') ?? '');
        const droleId = this.departRoles.get(text(r, 'drole_id') ?? '');
        if (!userId || !droleId) return '用户或部门角色未导入';
        return { id: text(r, 'id'), userId, droleId };
      },
    });
    await this.importGrants('departRoleGrant', '部门角色菜单授权', 'sys_depart_role_permission', 'sysDepartRolePermission', (r) => {
      const roleId = this.departRoles.get(text(r, 'role_id') ?? '');
      const departId = this.departs.get(text(r, 'depart_id') ?? '');
      return roleId ? { roleId, departId: departId ?? null } : null;
    });

    await this.copy({
      key: 'dict',
      label: '数据字典',
      source: 'sys_dict',
      target: 'sysDict',
      natural: ['dictCode'],
      naturalLabel: '字典编码',
      ids: this.dicts,
      build: (r) => {
        const code = text(r, 'dict_code', 100);
        if (!code) return '缺少字典编码';
        return {
          id: text(r, 'id'),
          dictName: text(r, 'dict_name', 100) ?? code,
          dictCode: code,
          description: text(r, 'description', 255),
          delFlag: int(r, 'del_flag', 0),
          type: int(r, 'type', 0),
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'dictItem',
      label: '字典项',
      source: 'sys_dict_item',
      target: 'sysDictItem',
      natural: ['dictId', 'itemValue'],
      naturalLabel: '字典与字典项值',
      build: (r) => {
        const dictId = this.dicts.get(text(r, 'dict_id') ?? '');
        if (!dictId) return '所属字典未导入';
        const value = text(r, 'item_value', 100);
        if (value === null) return '缺少字典项值';
        return {
          id: text(r, 'id'),
          dictId,
          itemText: text(r, 'item_text', 100) ?? value,
          itemValue: value,
          description: text(r, 'description', 255),
          sortOrder: int(r, 'sort_order', 0),
          status: int(r, 'status', 1),
          ...AUDIT(r),
        };
      },
    });
    const categories = new Map<string, string>();
    const categoryRows = await this.withCategoryCodes(await this.src.rows('sys_category'));
    await this.copy({
      rows: categoryRows,
      key: 'category',
      label: '分类字典',
      source: 'sys_category',
      target: 'sysCategory',
      natural: ['code'],
      naturalLabel: '分类编码',
      ids: categories,
      parent: 'pid',
      build: (r) => {
        const code = text(r, 'code', 100);
        const name = text(r, 'name', 100);
        if (!code || !name) return '缺少分类编码或名称';
        const pid = text(r, 'pid');
        return {
          id: text(r, 'id'),
          pid: pid && pid !== '0' ? (categories.get(pid) ?? '0') : '0',
          name,
          code,
          hasChild: text(r, 'has_child', 3) ?? '0',
          sysOrgCode: text(r, 'sys_org_code', 64),
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'fillRule',
      label: '填值规则',
      source: 'sys_fill_rule',
      target: 'sysFillRule',
      natural: ['ruleCode'],
      naturalLabel: '规则编码',
      build: (r) => {
        const code = text(r, 'rule_code', 100);
        if (!code) return '缺少规则编码';
        const cls = text(r, 'rule_class') ?? '';
        const handler = FILL_RULE_CLASSES[simpleName(cls)];
        if (cls && !handler) this.note(`填值规则 ${code}：实现类 ${cls} 在本产品中没有对应的处理器，已导入，使用前请在“填值规则”中改选`);
        return {
          id: text(r, 'id'),
          ruleName: text(r, 'rule_name', 100),
          ruleCode: code,
          ruleClass: handler ?? (cls.slice(0, 100) || null),
          ruleParams: text(r, 'rule_params', 200),
          sysOrgCode: text(r, 'sys_org_code', 64),
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'checkRule',
      label: '校验规则',
      source: 'sys_check_rule',
      target: 'sysCheckRule',
      natural: ['ruleCode'],
      naturalLabel: '规则编码',
      build: (r) => {
        const code = text(r, 'rule_code', 100);
        if (!code) return '缺少规则编码';
        return {
          id: text(r, 'id'),
          ruleName: text(r, 'rule_name', 100),
          ruleCode: code,
          ruleJson: text(r, 'rule_json', 1024),
          ruleDescription: text(r, 'rule_description', 200),
          sysOrgCode: text(r, 'sys_org_code', 64),
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'announcement',
      label: '通知公告',
      source: 'sys_announcement',
      target: 'sysAnnouncement',
      ids: this.announcements,
      build: (r) => ({
        id: text(r, 'id'),
        titile: text(r, 'titile', 200),
        msgContent: text(r, 'msg_content'),
        startTime: dateTime(r, 'start_time'),
        endTime: dateTime(r, 'end_time'),
        sender: text(r, 'sender', 100),
        priority: text(r, 'priority', 2),
        msgCategory: text(r, 'msg_category', 2) ?? '1',
        msgType: text(r, 'msg_type', 10) ?? 'ALL',
        sendStatus: text(r, 'send_status', 2) ?? '0',
        sendTime: dateTime(r, 'send_time'),
        cancelTime: dateTime(r, 'cancel_time'),
        delFlag: int(r, 'del_flag', 0),
        busType: text(r, 'bus_type', 20),
        busId: text(r, 'bus_id', 50),
        openType: text(r, 'open_type', 20),
        openPage: text(r, 'open_page', 255),
        msgAbstract: text(r, 'msg_abstract'),
        userIds: this.mapList(text(r, 'user_ids'), this.users),
        ...AUDIT(r),
      }),
    });
    await this.copy({
      key: 'announcementRead',
      label: '公告阅读状态',
      source: 'sys_announcement_send',
      target: 'sysAnnouncementSend',
      natural: ['anntId', 'userId'],
      naturalLabel: '公告与用户',
      build: (r) => {
        const anntId = this.announcements.get(text(r, 'annt_id') ?? '');
        const userId = this.users.get(text(r, 'user_id') ?? '');
        if (!anntId || !userId) return '公告或用户未导入';
        return {
          id: text(r, 'id'),
          anntId,
          userId,
          readFlag: text(r, 'read_flag', 2) ?? '0',
          readTime: dateTime(r, 'read_time'),
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'job',
      label: '定时任务（导入后暂停）',
      source: 'sys_quartz_job',
      target: 'sysQuartzJob',
      natural: ['jobClassName'],
      naturalLabel: '任务类名',
      build: (r) => {
        const cls = text(r, 'job_class_name', 255);
        const cron = text(r, 'cron_expression', 255);
        if (!cls || !cron) return '缺少任务类名或 Cron 表达式';
        const handler = JOB_CLASSES[simpleName(cls)];
        if (!handler) this.note(`定时任务 ${cls}：本产品没有这个任务类，已导入并暂停，启动前请改选任务类`);
        return {
          id: text(r, 'id'),
          jobClassName: handler ?? cls,
          cronExpression: cron,
          parameter: text(r, 'parameter'),
          description: text(r, 'description', 255),
          status: -1,
          delFlag: int(r, 'del_flag', 0),
          nextFire: null,
          lastFire: null,
          ...AUDIT(r),
        };
      },
    });
    await this.copy({
      key: 'messageTemplate',
      label: '消息模板',
      source: 'sys_sms_template',
      target: 'sysSmsTemplate',
      natural: ['templateCode'],
      naturalLabel: '模板编码',
      build: (r) => {
        const code = text(r, 'template_code', 32);
        if (!code) return '缺少模板编码';
        return {
          id: text(r, 'id'),
          templateName: text(r, 'template_name', 50) ?? code,
          templateCode: code,
          templateType: text(r, 'template_type', 1) ?? '1',
          templateContent: text(r, 'template_content') ?? '',
          templateTestJson: text(r, 'template_test_json'),
          ...AUDIT(r),
        };
      },
    });
    if (this.opts.withLogs) await this.importLogs();
    else this.note('系统日志未导入（需要时加 --with-logs）');
    return this.report;
  }

  private note(message: string) {
    if (!this.report.notes.includes(message)) this.report.notes.push(message);
  }

  private entity(key: string, label: string, total: number): EntityReport {
    const e: EntityReport = { key, label, total, imported: 0, skipped: {} };
    this.report.entities.push(e);
    return e;
  }

  private static skip(e: EntityReport, reason: string, n = 1) {
    e.skipped[reason] = (e.skipped[reason] ?? 0) + n;
  }

  /** A comma list of source ids as product ids (unknown ids dropped). */
  private mapList(list: string | null, ids: Map<string, string>): string | null {
    if (!list) return null;
    const out = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => ids.get(s))
      .filter((s): s is string => !!s);
    return out.length ? out.join(',') : null;
  }

  private async copy(plan: CopyPlan): Promise<void> {
    const rows = plan.rows ?? (await this.src.rows(plan.source));
    const e = this.entity(plan.key, plan.label, rows.length);
    const natural = plan.natural ?? [];
    const norm = (v: unknown) => (plan.naturalNoCase ? String(v ?? '').toLowerCase() : String(v ?? ''));
    const keyOf = (v: Values) => (natural.length ? natural.map((c) => norm(v[c])).join('\u0001') : '');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const existing = (await (this.db as any).selectFrom(plan.target).select(['id', ...natural]).execute()) as Values[];
    const ids = new Set(existing.map((x) => String(x.id)));
    const byNatural = new Map<string, string>();
    if (natural.length) for (const x of existing) byNatural.set(keyOf(x), String(x.id));
    const ordered = plan.parent ? parentsFirst(rows, plan.parent) : rows;
    let done = 0;
    for (const r of ordered) {
      done++;
      if (done % 500 === 0) this.progress(`  ${plan.label} ${done}/${rows.length}`);
      const v = plan.build(r);
      if (typeof v === 'string') {
        JeecgImporter.skip(e, v);
        continue;
      }
      const srcId = text(r, 'id') ?? '';
      if (v.id === null || v.id === undefined || v.id === '') v.id = newId();
      const id = String(v.id);
      if (ids.has(id)) {
        plan.ids?.set(srcId, id);
        JeecgImporter.skip(e, ALREADY_ID);
        continue;
      }
      const nk = keyOf(v);
      const matched = natural.length ? byNatural.get(nk) : undefined;
      if (matched) {
        plan.ids?.set(srcId, matched);
        JeecgImporter.skip(e, `已存在（${plan.naturalLabel ?? natural.join('、')}相同）`);
        continue;
      }
      try {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        await (this.db as any).insertInto(plan.target).values(v).execute();
      } catch (err) {
        JeecgImporter.skip(e, `写入失败：${String((err as Error).message ?? err).slice(0, 120)}`);
        continue;
      }
      ids.add(id);
      if (natural.length) byNatural.set(nk, id);
      plan.ids?.set(srcId, id);
      e.imported++;
    }
    this.progress(`${plan.label}：导入 ${e.imported}，跳过 ${rows.length - e.imported}`);
  }

  /**
   * Categories without a code (JeecgBoot allows them; here the code is required and unique) get the next free
   * code under their parent's, as the category code rule would give; a category already imported keeps its code.
   */
  private async withCategoryCodes(rows: Row[]): Promise<Row[]> {
    const inTarget = new Map((await this.db.selectFrom('sysCategory').select(['id', 'code']).execute()).map((c) => [c.id, c.code]));
    const known = [...inTarget.values(), ...rows.map((r) => text(r, 'code')).filter((c): c is string => !!c)];
    const codeOf = new Map<string, string>();
    let generated = 0;
    for (const r of parentsFirst(rows, 'pid')) {
      const id = text(r, 'id') ?? '';
      let code = inTarget.get(id) ?? text(r, 'code', 100);
      if (!code) {
        const pid = text(r, 'pid');
        code = nextChildCode(pid && pid !== '0' ? (codeOf.get(pid) ?? '') : '', known);
        known.push(code);
        generated++;
      }
      codeOf.set(id, code);
      r.code = code;
    }
    if (generated) this.note(`${generated} 个分类在源库中没有编码，已按上级编码依次编号`);
    return rows;
  }

  private async importUsers(): Promise<void> {
    // 3.4 and later keep the user's tenants in sys_user_tenant instead of sys_user.rel_tenant_ids
    const tenantsOf = new Map<string, string[]>();
    for (const t of await this.src.rows('sys_user_tenant')) {
      const u = text(t, 'user_id');
      const tid = text(t, 'tenant_id');
      if (!u || !tid || (t.status !== undefined && text(t, 'status') !== '1')) continue;
      tenantsOf.set(u, [...(tenantsOf.get(u) ?? []), tid]);
    }
    let withoutPassword = 0;
    await this.copy({
      key: 'user',
      label: '用户',
      source: 'sys_user',
      target: 'sysUser',
      natural: ['username'],
      naturalNoCase: true,
      naturalLabel: '用户名',
      ids: this.users,
      build: (r) => {
        const username = text(r, 'username', 100);
        if (!username) return '缺少用户名';
        const id = text(r, 'id');
        const stored = text(r, 'password');
        const hashed = stored && /^[0-9a-f]+$/i.test(stored) ? JEECG_HASH_PREFIX + stored.toLowerCase() : null;
        if (!hashed) withoutPassword++;
        const tenants = tenantsOf.get(id ?? '')?.join(',') ?? text(r, 'rel_tenant_ids', 100);
        return {
          id,
          username,
          realname: text(r, 'realname', 100),
          password: hashed,
          salt: text(r, 'salt', 64),
          avatar: text(r, 'avatar', 255),
          birthday: text(r, 'birthday')?.slice(0, 10) ?? null,
          sex: int(r, 'sex'),
          email: text(r, 'email', 100),
          phone: text(r, 'phone', 45),
          orgCode: text(r, 'org_code', 64),
          status: int(r, 'status', 1),
          delFlag: int(r, 'del_flag', 0),
          workNo: text(r, 'work_no', 100),
          post: text(r, 'post', 100),
          telephone: text(r, 'telephone', 45),
          userIdentity: int(r, 'user_identity'),
          // the departments a head (user_identity 2) is responsible for
          departIds: this.mapList(text(r, 'depart_ids'), this.departs),
          relTenantIds: tenants || null,
          clientId: text(r, 'client_id', 64),
          ...AUDIT(r),
        };
      },
    });
    if (withoutPassword) this.note(`${withoutPassword} 个用户在源库中没有可识别的密码，导入后需由管理员重置密码才能登录`);
  }

  /** source permission id → its menu's product id, for the data rules */
  private readonly ruleMenu = new Map<string, string>();

  private async mapPermissions(): Promise<void> {
    const product = (await this.db
      .selectFrom('sysPermission')
      .select(['id', 'parentId', 'name', 'url', 'perms'])
      .where('delFlag', '=', 0)
      .orderBy('sortNo')
      .execute()) as ProductPermission[];
    this.mapper = new PermissionMapper(product);
    const rows = (await this.src.rows('sys_permission')).filter((r) => int(r, 'del_flag', 0) === 0);
    const e = this.entity('permission', '菜单与按钮（对应到本产品）', rows.length);
    for (const r of rows) {
      const src = { id: text(r, 'id') ?? '', name: text(r, 'name'), url: text(r, 'url'), perms: text(r, 'perms') };
      const m = this.mapper.match(src);
      const row: PermissionReportRow = { name: src.name ?? '', url: src.url, perms: src.perms };
      if (m) {
        this.permissionIds.set(src.id, m.target.id);
        row.target = { name: m.target.name, url: m.target.url, perms: m.target.perms, by: m.by };
        e.imported++;
      } else {
        JeecgImporter.skip(e, '本产品没有对应的页面或按钮');
      }
      this.report.permissions.push(row);
    }
    for (const r of await this.src.rows('sys_permission_data_rule')) {
      const target = this.permissionIds.get(text(r, 'permission_id') ?? '');
      if (target) this.ruleMenu.set(text(r, 'id') ?? '', target);
    }
    this.progress(`菜单与按钮：${e.imported} 个对应到本产品，${rows.length - e.imported} 个没有对应`);
  }

  /**
   * Grants of menus and buttons (to roles, departments or department roles): each mapped to this product's row,
   * with the menus above it so the page shows; a grant already present is left as it is.
   */
  private async importGrants(
    key: string,
    label: string,
    source: string,
    target: 'sysRolePermission' | 'sysDepartPermission' | 'sysDepartRolePermission',
    owner: (r: Row) => Values | null,
  ): Promise<void> {
    const rows = await this.src.rows(source);
    const e = this.entity(key, label, rows.length);
    const ownerCol = target === 'sysDepartPermission' ? 'departId' : 'roleId';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const existing = (await (this.db as any).selectFrom(target).select([ownerCol, 'permissionId']).execute()) as Values[];
    const have = new Set(existing.map((x) => `${String(x[ownerCol])}|${String(x.permissionId)}`));
    let added = 0;
    for (const r of rows) {
      const o = owner(r);
      if (!o) {
        JeecgImporter.skip(e, target === 'sysDepartPermission' ? '部门未导入' : '角色未导入');
        continue;
      }
      const permissionId = this.permissionIds.get(text(r, 'permission_id') ?? '');
      if (!permissionId) {
        JeecgImporter.skip(e, '菜单在本产品中没有对应页面');
        continue;
      }
      const ownerId = String(o[ownerCol]);
      let isNew = false;
      for (const pid of this.mapper.withAncestors(permissionId)) {
        const k = `${ownerId}|${pid}`;
        if (have.has(k)) continue;
        const values: Values = { id: newId(), ...o, permissionId: pid };
        if (pid === permissionId) {
          values.dataRuleIds = this.mapList(text(r, 'data_rule_ids'), this.dataRules);
          if (target !== 'sysDepartPermission') {
            values.operateDate = dateTime(r, 'operate_date');
            values.operateIp = text(r, 'operate_ip', 100);
          }
        }
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        await (this.db as any).insertInto(target).values(values).execute();
        have.add(k);
        if (pid === permissionId) isNew = true;
        else added++;
      }
      if (isNew) e.imported++;
      else JeecgImporter.skip(e, '已有此授权（含多个菜单对应到同一页面）');
    }
    if (added) this.note(`${label}：另补授了 ${added} 个上级菜单，使已授权的页面能在菜单中显示`);
    this.progress(`${label}：导入 ${e.imported}，跳过 ${rows.length - e.imported}`);
  }

  private async importLogs(): Promise<void> {
    const total = await this.src.count('sys_log');
    const e = this.entity('log', '系统日志', total);
    let after = '';
    let seen = 0;
    for (;;) {
      const page = await this.src.page('sys_log', after, 1000);
      if (!page.length) break;
      after = text(page[page.length - 1], 'id') ?? after;
      seen += page.length;
      const ids = page.map((r) => text(r, 'id') ?? '').filter(Boolean);
      const known = new Set((await this.db.selectFrom('sysLog').select('id').where('id', 'in', ids).execute()).map((x) => x.id));
      const values = page
        .filter((r) => !known.has(text(r, 'id') ?? ''))
        .map((r) => ({
          id: text(r, 'id')!,
          logType: int(r, 'log_type', 2)!,
          logContent: text(r, 'log_content', 1000),
          operateType: int(r, 'operate_type'),
          userid: text(r, 'userid', 64),
          username: text(r, 'username', 100),
          ip: text(r, 'ip', 100),
          method: text(r, 'method', 500),
          requestUrl: text(r, 'request_url', 255),
          requestParam: text(r, 'request_param'),
          requestType: text(r, 'request_type', 10),
          costTime: int(r, 'cost_time'),
          outcome: null,
          createBy: text(r, 'create_by', 64),
          createTime: dateTime(r, 'create_time'),
        }));
      JeecgImporter.skip(e, ALREADY_ID, page.length - values.length);
      if (values.length) {
        await this.db.transaction().execute(async (trx) => {
          for (let i = 0; i < values.length; i += 100) await trx.insertInto('sysLog').values(values.slice(i, i + 100)).execute();
        });
        e.imported += values.length;
      }
      this.progress(`  系统日志 ${seen}/${total}`);
    }
    if (e.skipped[ALREADY_ID] === 0) delete e.skipped[ALREADY_ID];
    this.progress(`系统日志：导入 ${e.imported}，跳过 ${total - e.imported}`);
  }
}

/** Rows ordered so that every row comes after its parent (rows whose parent is absent come first). */
function parentsFirst(rows: Row[], parentCol: string): Row[] {
  const byId = new Map(rows.map((r) => [text(r, 'id') ?? '', r]));
  const depth = new Map<string, number>();
  const depthOf = (r: Row): number => {
    const id = text(r, 'id') ?? '';
    const known = depth.get(id);
    if (known !== undefined) return known;
    depth.set(id, 0); // a cycle stops here
    const parent = byId.get(text(r, parentCol) ?? '');
    const d = parent && parent !== r ? depthOf(parent) + 1 : 0;
    depth.set(id, d);
    return d;
  };
  return [...rows].sort((a, b) => depthOf(a) - depthOf(b));
}

/** Imports with a fresh importer (one run). */
export function importJeecg(db: Database, src: JeecgSource, opts: ImportOptions = {}): Promise<ImportReport> {
  return new JeecgImporter(db, src, opts).run();
}
