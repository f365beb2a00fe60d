import { beforeEach, describe, expect, it } from 'vitest';
import { resolveTabId, useTabs } from './store';

const visit = (fullPath: string, title = fullPath, keepAlive = false, multipage = true) => {
  const pathname = fullPath.split('?')[0];
  useTabs.getState().visit({ pathname, fullPath, title, keepAlive }, multipage);
};
const paths = () => useTabs.getState().tabs.map((t) => t.fullPath);

describe('tabs', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useTabs.getState().reset();
  });

  it('one tab per full path, home first', () => {
    visit('/zhome');
    visit('/a');
    visit('/b');
    visit('/a');
    expect(paths()).toEqual(['/zhome', '/a', '/b']);
    expect(useTabs.getState().activeId).toBe('/a');
  });
  it('a search change inside the current page updates its tab in place', () => {
    visit('/a');
    const id = useTabs.getState().activeId;
    visit('/a?page=2');
    expect(paths()).toEqual(['/zhome', '/a?page=2']);
    expect(useTabs.getState().activeId).toBe(id);
    expect(resolveTabId(useTabs.getState().tabs, id, '/a', '/a?page=3')).toBe(id);
  });
  it('home cannot close; closing the active tab activates its neighbour', () => {
    visit('/a');
    visit('/b');
    expect(useTabs.getState().close('home').warning).toBe('首页不能关闭!');
    expect(useTabs.getState().close('/b').next).toBe('/a');
  });
  it('close left / right / others keep home and the target', () => {
    for (const p of ['/a', '/b', '/c', '/d']) visit(p);
    useTabs.getState().closeRight('/c');
    expect(paths()).toEqual(['/zhome', '/a', '/b', '/c']);
    useTabs.getState().closeLeft('/b');
    expect(paths()).toEqual(['/zhome', '/b', '/c']);
    visit('/e');
    useTabs.getState().closeOthers('/b');
    expect(paths()).toEqual(['/zhome', '/b']);
  });
  it('multipage off keeps only the current page', () => {
    visit('/a');
    visit('/b', '/b', false, false);
    expect(paths()).toEqual(['/zhome', '/b']);
  });
  it('tabs are stored in sessionStorage', () => {
    visit('/a', '甲');
    expect(JSON.parse(sessionStorage.getItem('Platform_Tabs')!).map((t: { title: string }) => t.title)).toEqual(['首页', '甲']);
  });
});
