import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import { hashPassword, newSalt } from '../platform/auth/password.js';

/** Companies A01 (group head office) to A09, each a root of the department tree. */
export const COMPANIES: [string, string][] = [
  ['A01', '华远集团总部'],
  ['A02', '华远科技有限公司'],
  ['A03', '华远商贸有限公司'],
  ['A04', '华远物流有限公司'],
  ['A05', '华远置业有限公司'],
  ['A06', '华远医药有限公司'],
  ['A07', '华远教育科技有限公司'],
  ['A08', '华远金融服务有限公司'],
  ['A09', '华远文化传媒有限公司'],
];

/** Departments by org code (3-character segments under the company code). */
const DEPARTMENTS: [string, string][] = [
  ['A01A01', '总裁办公室'],
  ['A01A02', '人力资源部'],
  ['A01A03', '财务管理部'],
  ['A01A04', '信息技术部'],
  ['A01A04A01', '软件开发组'],
  ['A01A04A02', '运维保障组'],
  ['A02A01', '综合管理部'],
  ['A02A02', '研发中心'],
  ['A02A03', '市场部'],
  ['A03A01', '综合管理部'],
  ['A03A02', '销售部'],
  ['A03A03', '采购部'],
  ['A04A01', '综合管理部'],
  ['A04A02', '运输调度部'],
  ['A05A01', '综合管理部'],
  ['A05A02', '工程管理部'],
  ['A05A03', '财务部'],
  ['A06A01', '综合管理部'],
  ['A06A02', '质量管理部'],
  ['A07A01', '综合管理部'],
  ['A07A02', '教学研发部'],
  ['A08A01', '综合管理部'],
  ['A08A02', '风险控制部'],
  ['A09A01', '综合管理部'],
  ['A09A02', '内容制作部'],
];

export const POSITIONS: [string, string, string][] = [
  ['zjl', '总经理', '1'],
  ['fzjl', '副总经理', '2'],
  ['bmjl', '部门经理', '3'],
  ['zg', '主管', '4'],
  ['gcs', '工程师', '5'],
  ['zy', '专员', '5'],
  ['hrzy', '人事专员', '5'],
  ['kj', '会计', '5'],
];

export const ROLES: [string, string, string][] = [
  ['admin', '管理员', '系统管理员，拥有全部权限'],
  ['hr', 'HR', '人事管理'],
  ['dept_leader', '部门负责人', '部门审批与管理'],
  ['staff', '普通员工', '日常办公'],
];

interface UserSeed {
  username: string;
  realname: string;
  sex: 1 | 2;
  /** department org codes; the first is the current one */
  departs: string[];
  post: string;
  roles: string[];
  phone: string;
  birthday: string;
  identity?: 1 | 2;
}

/** About thirty demo users across the companies; every demo password is 123456. */
export const USERS: UserSeed[] = [
  { username: 'admin', realname: '管理员', sex: 1, departs: ['A01A04'], post: 'bmjl', roles: ['admin'], phone: '13800000000', birthday: '1985-03-12', identity: 2 },
  { username: 'zhangwei', realname: '张伟', sex: 1, departs: ['A01A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110001', birthday: '1975-06-20', identity: 2 },
  { username: 'wangfang', realname: '王芳', sex: 2, departs: ['A01A02', 'A03A01'], post: 'bmjl', roles: ['hr', 'dept_leader'], phone: '13811110002', birthday: '1982-09-02', identity: 2 },
  { username: 'lina', realname: '李娜', sex: 2, departs: ['A01A02'], post: 'hrzy', roles: ['hr'], phone: '13811110003', birthday: '1990-01-15' },
  { username: 'liuyang', realname: '刘洋', sex: 1, departs: ['A01A03'], post: 'bmjl', roles: ['dept_leader'], phone: '13811110004', birthday: '1983-11-08', identity: 2 },
  { username: 'chenjing', realname: '陈静', sex: 2, departs: ['A01A03'], post: 'kj', roles: ['staff'], phone: '13811110005', birthday: '1992-04-27' },
  { username: 'yangfan', realname: '杨帆', sex: 1, departs: ['A01A04A01'], post: 'gcs', roles: ['staff'], phone: '13811110006', birthday: '1994-07-19' },
  { username: 'zhaolei', realname: '赵磊', sex: 1, departs: ['A01A04A02'], post: 'gcs', roles: ['staff'], phone: '13811110007', birthday: '1991-12-03' },
  { username: 'huangmin', realname: '黄敏', sex: 2, departs: ['A02A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110008', birthday: '1979-02-14', identity: 2 },
  { username: 'zhoujie', realname: '周杰', sex: 1, departs: ['A02A02'], post: 'bmjl', roles: ['dept_leader'], phone: '13811110009', birthday: '1986-05-30', identity: 2 },
  { username: 'wuting', realname: '吴婷', sex: 2, departs: ['A02A02'], post: 'gcs', roles: ['staff'], phone: '13811110010', birthday: '1995-08-11' },
  { username: 'xuming', realname: '徐明', sex: 1, departs: ['A02A03'], post: 'zy', roles: ['staff'], phone: '13811110011', birthday: '1993-10-21' },
  { username: 'sunli', realname: '孙丽', sex: 2, departs: ['A03A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110012', birthday: '1980-03-05', identity: 2 },
  { username: 'machao', realname: '马超', sex: 1, departs: ['A03A02'], post: 'bmjl', roles: ['dept_leader'], phone: '13811110013', birthday: '1984-06-16', identity: 2 },
  { username: 'zhulin', realname: '朱琳', sex: 2, departs: ['A03A02'], post: 'zy', roles: ['staff'], phone: '13811110014', birthday: '1996-09-09' },
  { username: 'hubin', realname: '胡斌', sex: 1, departs: ['A03A03'], post: 'zg', roles: ['staff'], phone: '13811110015', birthday: '1988-12-25' },
  { username: 'guoqiang', realname: '郭强', sex: 1, departs: ['A04A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110016', birthday: '1977-01-28', identity: 2 },
  { username: 'hejing', realname: '何静', sex: 2, departs: ['A04A02'], post: 'zy', roles: ['staff'], phone: '13811110017', birthday: '1993-02-17' },
  { username: 'gaopeng', realname: '高鹏', sex: 1, departs: ['A05A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110018', birthday: '1978-04-09', identity: 2 },
  { username: 'linxiao', realname: '林晓', sex: 2, departs: ['A05A02'], post: 'gcs', roles: ['staff'], phone: '13811110019', birthday: '1994-11-13' },
  { username: 'luogang', realname: '罗刚', sex: 1, departs: ['A05A03'], post: 'kj', roles: ['staff'], phone: '13811110020', birthday: '1989-07-07' },
  { username: 'liangshuang', realname: '梁爽', sex: 2, departs: ['A06A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110021', birthday: '1981-08-23', identity: 2 },
  { username: 'songjia', realname: '宋佳', sex: 2, departs: ['A06A02'], post: 'zy', roles: ['staff'], phone: '13811110022', birthday: '1997-03-31' },
  { username: 'zhenghao', realname: '郑浩', sex: 1, departs: ['A07A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110023', birthday: '1980-10-10', identity: 2 },
  { username: 'xiefang', realname: '谢芳', sex: 2, departs: ['A07A02'], post: 'zy', roles: ['staff'], phone: '13811110024', birthday: '1995-05-05' },
  { username: 'hanbing', realname: '韩冰', sex: 2, departs: ['A08A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110025', birthday: '1982-12-12', identity: 2 },
  { username: 'tanglei', realname: '唐磊', sex: 1, departs: ['A08A02'], post: 'zg', roles: ['staff'], phone: '13811110026', birthday: '1990-09-18' },
  { username: 'fengxue', realname: '冯雪', sex: 2, departs: ['A09A01'], post: 'zjl', roles: ['dept_leader'], phone: '13811110027', birthday: '1984-01-01', identity: 2 },
  { username: 'yuyang', realname: '于洋', sex: 1, departs: ['A09A02'], post: 'zy', roles: ['staff'], phone: '13811110028', birthday: '1996-06-06' },
  { username: 'dongjian', realname: '董建', sex: 1, departs: ['A03A02'], post: 'zy', roles: ['staff'], phone: '13811110029', birthday: '1992-02-22' },
  { username: 'xiaoran', realname: '萧然', sex: 2, departs: ['A05A02'], post: 'zy', roles: ['staff'], phone: '13811110030', birthday: '1998-08-08' },
];

export const DEMO_PASSWORD = '123456';

/** The name of the tenant a clean install starts with (the demo names its own). */
export const DEFAULT_TENANT_NAME = '默认租户';

/** What a clean install keeps of the organisation seed: positions, roles and one tenant; no company or person. */
export async function seedOrgProduct(db: Database): Promise<void> {
  const t = now();
  for (const [code, name, rank] of POSITIONS) {
    await db
      .insertInto('sysPosition')
      .values({ id: newId(), code, name, postRank: rank, sysOrgCode: 'A01', createBy: 'admin', createTime: t })
      .execute();
  }
  for (const [code, name, description] of ROLES) {
    await db.insertInto('sysRole').values({ id: newId(), roleCode: code, roleName: name, description, createBy: 'admin', createTime: t }).execute();
  }
  await db
    .insertInto('sysTenant')
    .values({ id: 1, name: DEFAULT_TENANT_NAME, beginDate: '2020-01-01 00:00:00', endDate: '2099-12-31 23:59:59', status: 1, createTime: t })
    .execute();
}

export async function seedOrg(db: Database): Promise<void> {
  const t = now();
  const departId = new Map<string, string>();
  let order = 0;
  for (const [code, name] of COMPANIES) {
    const id = newId();
    departId.set(code, id);
    await db
      .insertInto('sysDepart')
      .values({
        id,
        parentId: null,
        departName: name,
        departOrder: order++,
        orgCategory: '1',
        orgType: '1',
        orgCode: code,
        status: '1',
        delFlag: 0,
        createBy: 'admin',
        createTime: t,
      })
      .execute();
  }
  for (const [code, name] of DEPARTMENTS) {
    const id = newId();
    departId.set(code, id);
    await db
      .insertInto('sysDepart')
      .values({
        id,
        parentId: departId.get(code.slice(0, code.length - 3)) ?? null,
        departName: name,
        departOrder: order++,
        orgCategory: '2',
        orgType: String(code.length / 3),
        orgCode: code,
        status: '1',
        delFlag: 0,
        createBy: 'admin',
        createTime: t,
      })
      .execute();
  }

  for (const [code, name, rank] of POSITIONS) {
    await db
      .insertInto('sysPosition')
      .values({ id: newId(), code, name, postRank: rank, sysOrgCode: 'A01', createBy: 'admin', createTime: t })
      .execute();
  }

  const roleId = new Map<string, string>();
  for (const [code, name, description] of ROLES) {
    const id = newId();
    roleId.set(code, id);
    await db
      .insertInto('sysRole')
      .values({ id, roleCode: code, roleName: name, description, createBy: 'admin', createTime: t })
      .execute();
  }

  await db
    .insertInto('sysTenant')
    .values([
      { id: 1, name: '华远集团', beginDate: '2020-01-01 00:00:00', endDate: '2099-12-31 23:59:59', status: 1, createTime: t },
      { id: 2, name: '华远科技', beginDate: '2020-01-01 00:00:00', endDate: '2099-12-31 23:59:59', status: 1, createTime: t },
    ])
    .execute();

  // Users are created one second apart so "newest first" lists have a stable order.
  const base = Date.now() - USERS.length * 1000;
  let i = 0;
  for (const u of USERS) {
    const id = newId();
    const salt = newSalt();
    const created = new Date(base + i++ * 1000);
    await db
      .insertInto('sysUser')
      .values({
        id,
        username: u.username,
        realname: u.realname,
        password: await hashPassword(DEMO_PASSWORD, salt),
        salt,
        avatar: null,
        birthday: u.birthday,
        sex: u.sex,
        email: `${u.username}@huayuan.example.com`,
        phone: u.phone,
        orgCode: u.departs[0],
        status: 1,
        delFlag: 0,
        workNo: `HY${String(i).padStart(4, '0')}`,
        post: u.post,
        telephone: null,
        userIdentity: u.identity ?? 1,
        departIds: u.departs.map((d) => departId.get(d)).join(','),
        relTenantIds: u.username === 'admin' ? '1,2' : '1',
        createBy: 'admin',
        createTime: now(created),
      })
      .execute();
    for (const d of u.departs) {
      await db.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId: departId.get(d)! }).execute();
    }
    for (const r of u.roles) {
      await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: roleId.get(r)! }).execute();
    }
  }
}
