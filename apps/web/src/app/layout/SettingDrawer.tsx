import { CheckOutlined } from '@ant-design/icons';
import { THEME_COLORS } from '@go/contract';
import { Button, Divider, Drawer, List, Select, Switch, Tooltip } from 'antd';
import { useSettings } from '../settings/store';

/** 系统设置: every option (docs/widgets.md, "Settings drawer"), stored locally; colours through antd tokens. */
export function SettingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSettings();
  const row = (title: string, action: React.ReactNode, disabled?: boolean, tip?: string) => (
    <List.Item actions={[action]} style={{ opacity: disabled ? 0.5 : 1 }}>
      <Tooltip title={disabled ? tip : undefined}>
        <span>{title}</span>
      </Tooltip>
    </List.Item>
  );
  return (
    <Drawer title="系统设置" open={open} onClose={onClose} width={300} data-testid="setting-drawer">
      <h4>整体风格设置</h4>
      <div style={{ display: 'flex', gap: 16 }}>
        {(['dark', 'light'] as const).map((t) => (
          <Tooltip key={t} title={t === 'dark' ? '暗色菜单风格' : '亮色菜单风格'}>
            <div
              className={`setting-theme setting-theme-${t}`}
              onClick={() => s.update({ navTheme: t })}
              data-testid={`setting-theme-${t}`}
            >
              {s.navTheme === t && <CheckOutlined />}
            </div>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <h4>主题色</h4>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {THEME_COLORS.map((c) => (
          <Tooltip key={c.color} title={c.key}>
            <div
              className="setting-color"
              style={{ background: c.color }}
              onClick={() => s.update({ primaryColor: c.color })}
              data-testid={`setting-color-${c.color}`}
            >
              {s.primaryColor.toUpperCase() === c.color && <CheckOutlined />}
            </div>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <h4>导航模式</h4>
      <div style={{ display: 'flex', gap: 16 }}>
        {(['sidemenu', 'topmenu'] as const).map((m) => (
          <Tooltip key={m} title={m === 'sidemenu' ? '侧边栏导航' : '顶部栏导航'}>
            <div className={`setting-nav setting-nav-${m}`} onClick={() => s.update({ layout: m })} data-testid={`setting-layout-${m}`}>
              {s.layout === m && <CheckOutlined />}
            </div>
          </Tooltip>
        ))}
      </div>
      <List split={false} size="small">
        {row(
          '内容区域宽度',
          <Select
            size="small"
            style={{ width: 80 }}
            value={s.contentWidth}
            onChange={(v) => s.update({ contentWidth: v })}
            options={[{ value: 'Fixed', label: '固定' }, ...(s.layout === 'topmenu' ? [{ value: 'Fluid', label: '流式' }] : [])]}
          />,
        )}
        {row('固定 Header', <Switch size="small" checked={s.fixedHeader} onChange={(v) => s.update({ fixedHeader: v })} />)}
        {row(
          '下滑时隐藏 Header',
          <Switch size="small" disabled={!s.fixedHeader} checked={s.autoHideHeader} onChange={(v) => s.update({ autoHideHeader: v })} />,
          !s.fixedHeader,
          '固定 Header 时可配置',
        )}
        {row(
          '固定侧边菜单',
          <Switch size="small" disabled={s.layout === 'topmenu'} checked={s.fixSiderbar} onChange={(v) => s.update({ fixSiderbar: v })} />,
          s.layout === 'topmenu',
          '侧边栏导航时可配置',
        )}
      </List>
      <Divider />
      <h4>其他设置</h4>
      <List split={false} size="small">
        {row('色弱模式', <Switch size="small" checked={s.colorWeak} onChange={(v) => s.update({ colorWeak: v })} />)}
        {row('多页签模式', <Switch size="small" checked={s.multipage} onChange={(v) => s.update({ multipage: v })} />)}
      </List>
      <Divider />
      <Button block onClick={() => s.reset()}>
        恢复默认设置
      </Button>
    </Drawer>
  );
}
