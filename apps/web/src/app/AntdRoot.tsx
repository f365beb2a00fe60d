import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { antdTheme } from './antd-theme';
import { registerFeedback } from './feedback';
import { queryClient } from './queryClient';
import { useSettings } from './settings/store';
import { repairAntdAria } from './antd-aria';
import { installFirstScreenStyle } from './static-style/install';
import { readablePrimary, useReducedMotion } from './theme';

dayjs.locale('zh-cn');
// Before any antd component renders: the default theme's first-screen styles come built, not generated.
installFirstScreenStyle();

function FeedbackRegistrar() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => registerFeedback({ message, notification, modal }), [message, notification, modal]);
  useEffect(() => repairAntdAria(), []);
  return null;
}

/** Ant Design's theme (the chosen primary colour at a readable shade, no animations for reduced motion). */
export function AntdTheme({ children }: { children: ReactNode }) {
  const primary = useSettings((s) => s.primaryColor);
  // Users who ask their system for reduced motion get no antd animations.
  const reducedMotion = useReducedMotion();
  // the keyboard focus ring of text boxes and selects (global.css) in the same readable shade
  const ring = readablePrimary(primary);
  useEffect(() => document.documentElement.style.setProperty('--go-focus-ring', ring), [ring]);
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme(primary, !reducedMotion)}>
      {children}
    </ConfigProvider>
  );
}

/**
 * Everything the design-system pages need around them: theme, the antd app context whose notices the
 * HTTP client uses, and the query cache. Loaded with the first such page, never by the sign-in page.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <AntdTheme>
      <AntApp>
        <FeedbackRegistrar />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </AntdTheme>
  );
}
