import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MonitorOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ReconciliationOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { cloneElement, isValidElement } from 'react';
import type { ReactElement, ReactNode } from 'react';

/** Menu icons by the server's icon names (ant-design-vue 1.x names and antd 4+ names). */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
  team: <TeamOutlined />,
  apartment: <ApartmentOutlined />,
  cluster: <ClusterOutlined />,
  appstore: <AppstoreOutlined />,
  audit: <AuditOutlined />,
  bank: <BankOutlined />,
  'bar-chart': <BarChartOutlined />,
  bell: <BellOutlined />,
  book: <BookOutlined />,
  calendar: <CalendarOutlined />,
  'check-square': <CheckSquareOutlined />,
  database: <DatabaseOutlined />,
  desktop: <DesktopOutlined />,
  'file-text': <FileTextOutlined />,
  folder: <FolderOutlined />,
  form: <FormOutlined />,
  idcard: <IdcardOutlined />,
  link: <LinkOutlined />,
  monitor: <MonitorOutlined />,
  notification: <NotificationOutlined />,
  profile: <ProfileOutlined />,
  project: <ProjectOutlined />,
  reconciliation: <ReconciliationOutlined />,
  'account-book': <AccountBookOutlined />,
  safety: <SafetyOutlined />,
  schedule: <ScheduleOutlined />,
  shop: <ShopOutlined />,
  'shopping-cart': <ShoppingCartOutlined />,
  solution: <SolutionOutlined />,
  table: <TableOutlined />,
  tool: <ToolOutlined />,
  trophy: <TrophyOutlined />,
};

export function menuIcon(name: string | undefined | null): ReactNode {
  if (!name) return undefined;
  const key = name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  // decorative: the menu item's or link's name is its text alone (首页, not "home 首页")
  const icon = ICONS[key] ?? <AppstoreOutlined />;
  return isValidElement(icon) ? cloneElement(icon as ReactElement<{ 'aria-hidden'?: boolean }>, { 'aria-hidden': true }) : icon;
}
