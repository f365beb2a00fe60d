/**
 * Build time only (run by vite.config.ts in Node): the design system's styles of the first screen after
 * sign-in — route-guard spinner, main layout (side and top menu, header with its badge, tooltip, popover
 * and dropdown, tab bar, breadcrumb, settings drawer, first-password dialog) and the home page's cards —
 * rendered once for the default theme and extracted as one style sheet with antd's cache-path map. The
 * browser installs it before the first antd render (./install.ts) and antd then skips generating these
 * styles; any other theme (another primary colour, reduced motion) has other token keys and is generated
 * at run time as before.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { DEFAULT_SETTINGS } from '@go/contract';
import {
  Alert,
  App,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  ConfigProvider,
  Drawer,
  Dropdown,
  Empty,
  Layout,
  List,
  Menu,
  Modal,
  Popover,
  Result,
  Row,
  Skeleton,
  Spin,
  Statistic,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { antdTheme } from '../antd-theme';

const items = [
  { key: '/a', label: 'a', children: [{ key: '/a/b', label: 'b' }] },
  { key: '/c', label: h(Badge, { count: 1, size: 'small' }) },
];

/** One of each component (and variant with styles of its own) the first screen shows. */
function firstScreen() {
  return h(
    App,
    null,
    h(Spin, { size: 'large' }),
    h(
      Layout,
      null,
      h(Layout.Sider, { theme: 'dark' }, h(Menu, { mode: 'inline', theme: 'dark', items })),
      h(
        Layout,
        null,
        h(
          Layout.Header,
          null,
          h(Menu, { mode: 'horizontal', items }),
          h(Tooltip, { title: 't' }, h('span', null, 't')),
          h(Popover, { content: 'p' }, h(Badge, { count: 1, size: 'small' }, h('span', null, 'p'))),
          h(Dropdown, { menu: { items } }, h('span', null, h(Avatar, { size: 'small' }))),
        ),
        h(Tabs, { type: 'editable-card', hideAdd: true, size: 'small', items: [{ key: 't', label: 't', closable: true }] }),
        h(
          Layout.Content,
          null,
          h(Breadcrumb, { items: [{ title: 'a' }, { title: 'b' }] }),
          h(Avatar, { size: 56 }),
          h(Typography.Title, { level: 4 }, 't'),
          h(Typography.Text, { type: 'secondary' }, 't'),
          h(
            Row,
            { gutter: [16, 16] },
            h(
              Col,
              { xs: 24, md: 12, xl: 8 },
              h(
                Card,
                { size: 'small', title: 't', extra: 'e' },
                h(Skeleton, { active: true, paragraph: { rows: 3 } }),
                h(Statistic, { value: 1, suffix: 's' }),
                h(List, {
                  size: 'small',
                  dataSource: [1],
                  renderItem: () => h(List.Item, null, h(List.Item.Meta, { title: 't', description: 'd' })),
                }),
                h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE }),
                h(Alert, { type: 'error', showIcon: true, message: 'm', action: h(Button, { size: 'small' }, 'b') }),
                h(Result, { status: 'warning', title: 't' }),
              ),
            ),
          ),
        ),
      ),
      h(Drawer, { open: false }),
      h(Modal, { open: false }),
    ),
  );
}

/** The first screen's styles for the default theme as CSS text, ending with antd's cache-path map. */
export function firstScreenStyle(): string {
  const cache = createCache();
  renderToString(
    h(StyleProvider, { cache }, h(ConfigProvider, { theme: antdTheme(DEFAULT_SETTINGS.primaryColor, true) }, firstScreen())),
  );
  return extractStyle(cache, { types: ['style'], plain: true });
}
