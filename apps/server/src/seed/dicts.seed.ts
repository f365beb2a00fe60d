import type { Database } from '../platform/db/database.js';
import { addDict } from './helpers.js';
import { COMPANIES } from './org.seed.js';

/** The dictionaries the platform screens use; each later module adds its own. */
export async function seedDicts(db: Database): Promise<void> {
  await addDict(db, 'sex', '性别', [
    ['1', '男'],
    ['2', '女'],
  ]);
  await addDict(db, 'user_status', '用户状态', [
    ['1', '正常'],
    ['2', '冻结'],
  ]);
  await addDict(db, 'valid_status', '有效无效状态', [
    ['1', '有效'],
    ['0', '无效'],
  ]);
  await addDict(db, 'yn', '是否', [
    ['Y', '是'],
    ['N', '否'],
  ]);
  await addDict(db, 'priority', '优先级', [
    ['L', '低'],
    ['M', '中'],
    ['H', '高'],
  ]);
  await addDict(db, 'log_type', '日志类型', [
    ['1', '登录日志'],
    ['2', '操作日志'],
  ]);
  await addDict(db, 'operate_type', '操作类型', [
    ['1', '查询'],
    ['2', '添加'],
    ['3', '修改'],
    ['4', '删除'],
    ['5', '导入'],
    ['6', '导出'],
  ]);
  await addDict(db, 'position_rank', '职务职级', [
    ['1', '总经理'],
    ['2', '副总经理'],
    ['3', '部门经理'],
    ['4', '主管'],
    ['5', '员工'],
  ]);
  await addDict(db, 'org_category', '机构类型', [
    ['1', '公司'],
    ['2', '部门'],
    ['3', '岗位'],
  ]);
  await addDict(db, 'user_identity', '用户身份', [
    ['1', '普通用户'],
    ['2', '上级'],
  ]);
  await addDict(db, 'menu_type', '菜单类型', [
    ['0', '一级菜单'],
    ['1', '子菜单'],
    ['2', '按钮权限'],
  ]);
  await addDict(db, 'company', '公司', COMPANIES.map(([code, name]) => [code, name] as [string, string]));
  // Offered per company: the description lists the org codes that see each item (docs/system-admin.md, "Company scope").
  await addDict(db, 'expense_type', '费用类型', [
    ['travel', '差旅费', 'A01,A02,A03,A04,A05,A06,A07,A08,A09'],
    ['office', '办公费', 'A01,A02,A03,A04,A05,A06,A07,A08,A09'],
    ['entertain', '业务招待费', 'A01,A03,A05'],
    ['training', '培训费', 'A01,A02,A07'],
    ['other', '其他', ''],
  ]);
}
