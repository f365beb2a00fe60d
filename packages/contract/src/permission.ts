/** Shapes of the permission load (docs/security.md, "Permissions"). */
export interface MenuMeta {
  keepAlive: boolean;
  internalOrExternal: boolean;
  title: string;
  componentName: string;
  icon?: string;
  url?: string;
  hideMenu?: boolean;
  hideTab?: boolean;
}

export interface MenuNode {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface AuthEntry {
  action: string;
  type: string;
  describe: string;
}

export interface AllAuthEntry extends AuthEntry {
  status: string;
}

export interface PermissionResult {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
  sysSafeMode: boolean;
}
