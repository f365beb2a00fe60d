import type { MessengerConfig } from './sso-config.js';

interface WeComAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  userid?: string;
  UserId?: string;
}

interface DingTalkAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  result?: { userid?: string };
}

async function getJson<T>(url: URL, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
}

/**
 * A messenger's sign-in code → its user id.
 * WeCom: `GET /cgi-bin/gettoken?corpid&corpsecret`, then `GET /cgi-bin/auth/getuserinfo?access_token&code`
 * (`userid`; members of the corp only). DingTalk (in-app 免登): `GET /gettoken?appkey&appsecret`, then
 * `POST /topapi/v2/user/getuserinfo?access_token` with `{code}` (`result.userid`). Any errcode is a refusal.
 */
export async function exchangeMessengerCode(m: MessengerConfig, code: string): Promise<string> {
  if (!/^[\w-]{1,512}$/.test(code)) throw new Error('malformed code');
  if (m.kind === 'wechat_enterprise') {
    const t = new URL(`${m.apiBase}/cgi-bin/gettoken`);
    t.searchParams.set('corpid', m.clientId);
    t.searchParams.set('corpsecret', m.clientSecret);
    const token = await getJson<WeComAnswer>(t);
    if (token.errcode || !token.access_token) throw new Error(`gettoken ${token.errcode}: ${token.errmsg}`);
    const u = new URL(`${m.apiBase}/cgi-bin/auth/getuserinfo`);
    u.searchParams.set('access_token', token.access_token);
    u.searchParams.set('code', code);
    const info = await getJson<WeComAnswer>(u);
    const id = info.userid ?? info.UserId;
    if (info.errcode || !id) throw new Error(`getuserinfo ${info.errcode}: ${info.errmsg}`);
    return id;
  }
  const t = new URL(`${m.apiBase}/gettoken`);
  t.searchParams.set('appkey', m.clientId);
  t.searchParams.set('appsecret', m.clientSecret);
  const token = await getJson<DingTalkAnswer>(t);
  if (token.errcode || !token.access_token) throw new Error(`gettoken ${token.errcode}: ${token.errmsg}`);
  const u = new URL(`${m.apiBase}/topapi/v2/user/getuserinfo`);
  u.searchParams.set('access_token', token.access_token);
  const info = await getJson<DingTalkAnswer>(u, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const id = info.result?.userid;
  if (info.errcode || !id) throw new Error(`getuserinfo ${info.errcode}: ${info.errmsg}`);
  return id;
}
