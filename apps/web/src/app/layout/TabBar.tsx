import { Dropdown, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '../feedback';
import { useTabs, type PageTab } from '../tabs/store';

/** The multi-tab bar: one tab per full path, home first and unclosable, right-click menu. */
export function TabBar() {
  const tabs = useTabs((s) => s.tabs);
  const activeId = useTabs((s) => s.activeId);
  const navigate = useNavigate();
  const store = useTabs.getState;

  const close = (id: string) => {
    const r = store().close(id);
    if (r.warning) feedback.message.warning(r.warning);
    else if (r.next) navigate(r.next);
  };
  const go = (next: string | undefined) => {
    if (next) navigate(next);
  };
  const menu = (t: PageTab) => ({
    items: [
      { key: 'refresh', label: '刷 新' },
      { key: 'closeLeft', label: '关闭左侧' },
      { key: 'closeRight', label: '关闭右侧' },
      { key: 'closeOthers', label: '关闭其它' },
    ],
    onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation(): void } }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') {
        store().refresh(t.id);
        if (t.id !== activeId) navigate(t.fullPath);
      } else if (key === 'closeLeft') go(store().closeLeft(t.id));
      else if (key === 'closeRight') go(store().closeRight(t.id));
      else if (key === 'closeOthers') go(store().closeOthers(t.id));
    },
  });

  return (
    <div className="app-tabbar" data-testid="tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeId}
        onChange={(id) => {
          const t = tabs.find((x) => x.id === id);
          if (t) navigate(t.fullPath);
        }}
        onEdit={(id, action) => {
          if (action === 'remove' && typeof id === 'string') close(id);
        }}
        items={tabs.map((t) => ({
          key: t.id,
          closable: true,
          label: (
            <Dropdown menu={menu(t)} trigger={['contextMenu']}>
              <span data-tab-path={t.fullPath} className="app-tab-label">
                {t.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
