/**
 * localStorage with expiry, stored as `pro__KEY` = `{value, expire}` (the vue-ls format of the original
 * client, so keys such as `pro__Access-Token` and `pro__Login_Userinfo` keep their names).
 */
const PREFIX = 'pro__';

export const STORAGE_KEYS = {
  token: 'Access-Token',
  userInfo: 'Login_Userinfo',
  username: 'Login_Username',
  tenantId: 'TENANT_ID',
  dictItems: 'UI_CACHE_DB_DICT_DATA',
  rememberedUsername: 'Remember_Username',
  settings: 'Platform_Settings',
  tabs: 'Platform_Tabs',
  /** sessionStorage keys of the permission load (reference §1). */
  userAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysAuth: 'SYS_BUTTON_AUTH',
} as const;

interface Stored<T> {
  value: T;
  expire: number | null;
}

export const ls = {
  get<T>(key: string, fallback: T | null = null): T | null {
    try {
      const raw = localStorage.getItem(PREFIX + key);
      if (!raw) return fallback;
      const data = JSON.parse(raw) as Stored<T>;
      if (data.expire !== null && data.expire !== undefined && data.expire < Date.now()) {
        localStorage.removeItem(PREFIX + key);
        return fallback;
      }
      return data.value;
    } catch {
      return fallback;
    }
  },
  set<T>(key: string, value: T, ttlMs?: number): void {
    const data: Stored<T> = { value, expire: ttlMs ? Date.now() + ttlMs : null };
    try {
      localStorage.setItem(PREFIX + key, JSON.stringify(data));
    } catch {
      /* storage full or unavailable: the session simply lasts for this page */
    }
  },
  remove(key: string): void {
    localStorage.removeItem(PREFIX + key);
  },
};

export const ss = {
  get<T>(key: string, fallback: T): T {
    try {
      const raw = sessionStorage.getItem(key);
      return raw ? (JSON.parse(raw) as T) : fallback;
    } catch {
      return fallback;
    }
  },
  set(key: string, value: unknown): void {
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* ignore */
    }
  },
  remove(key: string): void {
    sessionStorage.removeItem(key);
  },
};
