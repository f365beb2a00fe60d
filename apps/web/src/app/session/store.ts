import type { AllAuthEntry, AuthEntry, MenuNode } from '@go/contract';
import { DEFAULT_TENANT_ID, SESSION_TTL_MS } from '@go/contract';
import { create } from 'zustand';
import { ls, ss, STORAGE_KEYS } from './storage';

/** The signed-in user as the server presents it (docs/widgets.md, "The shell": user info). */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  orgCode?: string | null;
  orgCodeTxt?: string | null;
  selectedroles?: string;
  selecteddeparts?: string;
  relTenantIds?: string | null;
  [key: string]: unknown;
}

export interface DictItem {
  value: string;
  text: string;
  label?: string;
  title?: string;
  description?: string | null;
  disabled?: boolean;
}

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  tenantId: string;
  /** Server menu of the permission load; empty until loaded in this page. */
  menu: MenuNode[];
  permissionsLoaded: boolean;
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
  sysSafeMode: boolean;
  dictItems: Record<string, DictItem[]>;
  setLogin(token: string, userInfo: UserInfo, dictItems?: Record<string, DictItem[]>): void;
  setUserInfo(userInfo: UserInfo): void;
  setTenant(id: string | number): void;
  setPermissions(p: { menu: MenuNode[]; auth: AuthEntry[]; allAuth: AllAuthEntry[]; sysSafeMode?: unknown }): void;
  setDictItems(items: Record<string, DictItem[]>): void;
  /** Forgets everything of the session locally (token, user, permissions, cached items). */
  clear(): void;
  /** Forgets the stored session only; the page keeps its state until it reloads (session expiry). */
  clearPersisted(): void;
}

export const useSession = create<SessionState>((set) => ({
  token: ls.get<string>(STORAGE_KEYS.token),
  userInfo: ls.get<UserInfo>(STORAGE_KEYS.userInfo),
  tenantId: String(ls.get<string | number>(STORAGE_KEYS.tenantId) ?? DEFAULT_TENANT_ID),
  menu: [],
  permissionsLoaded: false,
  auth: ss.get<AuthEntry[]>(STORAGE_KEYS.userAuth, []),
  allAuth: ss.get<AllAuthEntry[]>(STORAGE_KEYS.sysAuth, []),
  sysSafeMode: false,
  dictItems: ls.get<Record<string, DictItem[]>>(STORAGE_KEYS.dictItems) ?? {},

  setLogin(token, userInfo, dictItems) {
    ls.set(STORAGE_KEYS.token, token, SESSION_TTL_MS);
    ls.set(STORAGE_KEYS.userInfo, userInfo, SESSION_TTL_MS);
    ls.set(STORAGE_KEYS.username, userInfo.username, SESSION_TTL_MS);
    if (dictItems) ls.set(STORAGE_KEYS.dictItems, dictItems, SESSION_TTL_MS);
    set({ token, userInfo, ...(dictItems ? { dictItems } : {}), menu: [], permissionsLoaded: false });
  },
  setUserInfo(userInfo) {
    ls.set(STORAGE_KEYS.userInfo, userInfo, SESSION_TTL_MS);
    set({ userInfo });
  },
  setTenant(id) {
    ls.set(STORAGE_KEYS.tenantId, String(id), SESSION_TTL_MS);
    set({ tenantId: String(id) });
  },
  setPermissions({ menu, auth, allAuth, sysSafeMode }) {
    ss.set(STORAGE_KEYS.userAuth, auth);
    ss.set(STORAGE_KEYS.sysAuth, allAuth);
    set({ menu, auth, allAuth, sysSafeMode: sysSafeMode === true, permissionsLoaded: true });
  },
  setDictItems(dictItems) {
    ls.set(STORAGE_KEYS.dictItems, dictItems, SESSION_TTL_MS);
    set({ dictItems });
  },
  clearPersisted() {
    for (const k of [STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.dictItems, STORAGE_KEYS.tenantId]) ls.remove(k);
    ss.remove(STORAGE_KEYS.userAuth);
    ss.remove(STORAGE_KEYS.sysAuth);
    ss.remove(STORAGE_KEYS.tabs);
  },
  clear() {
    useSession.getState().clearPersisted();
    set({
      token: null,
      userInfo: null,
      tenantId: DEFAULT_TENANT_ID,
      menu: [],
      permissionsLoaded: false,
      auth: [],
      allAuth: [],
      sysSafeMode: false,
      dictItems: {},
    });
  },
}));

/** Non-hook read of the current session (for the HTTP client and event handlers). */
export const getSession = () => useSession.getState();
