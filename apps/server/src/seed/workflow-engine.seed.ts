import type { Database } from '../platform/db/database.js';
import { WF_INSTANCE_PERMS } from '../modules/workflow/workflow.actions.js';
import { WF_MIGRATION_PERMS } from '../modules/workflow/migration.routes.js';
import { WF_PERMS } from '../modules/workflow/workflow.routes.js';
import { addMenus } from './helpers.js';

/** 流程 › 抄送我的 (everyone), 流程设计 (deployers) and 流程实例 (administrators: list, terminate, reassign). */
export async function seedWorkflowEngineMenus(db: Database): Promise<void> {
  const parent = await db.selectFrom('sysPermission').select('id').where('url', '=', '/activiti').where('menuType', '=', 0).executeTakeFirst();
  if (!parent) return;
  await addMenus(
    db,
    [
      {
        name: '抄送我的',
        url: '/activiti/ccInbox',
        component: 'workflow/CcInbox',
        componentName: 'CcInbox',
        icon: 'mail',
        sortNo: 4,
        roles: ['admin', 'hr', 'dept_leader', 'staff'],
      },
      {
        name: '流程设计',
        url: '/activiti/designer',
        component: 'workflow/ProcessDesigner',
        componentName: 'ProcessDesigner',
        icon: 'edit',
        sortNo: 5,
        perms: WF_PERMS.deploy,
        roles: ['admin'],
      },
      {
        name: '流程实例',
        url: '/activiti/instances',
        component: 'workflow/RunningInstances',
        componentName: 'RunningInstances',
        icon: 'cluster',
        sortNo: 6,
        perms: WF_INSTANCE_PERMS.list,
        roles: ['admin'],
        children: [{ name: '终止/重新分配', menuType: 2, perms: WF_INSTANCE_PERMS.admin, permsType: '1', roles: ['admin'] }],
      },
    ],
    parent.id,
  );
}

/** The 迁移 button of 流程实例 and 流程定义: moving running instances to another version (administrators). */
export async function seedWorkflowMigrateButton(db: Database): Promise<void> {
  const code = WF_MIGRATION_PERMS.migrate;
  if (await db.selectFrom('sysPermission').select('id').where('perms', '=', code).where('delFlag', '=', 0).executeTakeFirst()) return;
  const parent = await db.selectFrom('sysPermission').select('id').where('perms', '=', WF_INSTANCE_PERMS.list).where('menuType', '<>', 2).where('delFlag', '=', 0).executeTakeFirst();
  if (!parent) return;
  await addMenus(db, [{ name: '迁移到其他版本', menuType: 2, perms: code, permsType: '1', roles: ['admin'] }], parent.id);
  await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent.id).execute();
}
