import type { Database } from '../platform/db/database.js';
import { addMenus, menuIdByUrl } from './helpers.js';

/**
 * 在线开发 › 在线表单开发 (the designer, `online:form:design`) and its button 表单数据 (`online:form:data`: the rows
 * of every generated form). Both for administrators only; the menus a designer generates are granted to
 * admin and the designer's roles.
 */
export async function seedOnlineForms(db: Database): Promise<void> {
  const parent = await menuIdByUrl(db, '/online');
  await addMenus(
    db,
    [
      {
        name: '在线表单开发',
        url: '/online/cgform',
        component: 'online/FormDesignList',
        componentName: 'FormDesignList',
        menuType: 1,
        perms: 'online:form:design',
        icon: 'form',
        sortNo: 1,
        keepAlive: true,
        roles: [],
        children: [{ name: '表单数据', menuType: 2, perms: 'online:form:data', permsType: '1', roles: [] }],
      },
    ],
    parent,
  );
}
