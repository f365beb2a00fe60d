/** A short "browser / system" text for a User-Agent header (online-user list); no library needed for this much. */
export function describeUserAgent(ua: string | null | undefined): { browser: string; os: string } {
  const s = ua ?? '';
  if (!s) return { browser: '未知', os: '未知' };
  const pick = (re: RegExp, name: string) => {
    const m = re.exec(s);
    return m ? `${name} ${m[1].split('.')[0]}` : null;
  };
  const browser =
    pick(/MicroMessenger\/([\d.]+)/, '微信') ??
    pick(/wxwork\/([\d.]+)/i, '企业微信') ??
    pick(/DingTalk\/([\d.]+)/, '钉钉') ??
    pick(/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge') ??
    pick(/(?:OPR|Opera)\/([\d.]+)/, 'Opera') ??
    pick(/Firefox\/([\d.]+)/, 'Firefox') ??
    pick(/(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/, 'Chrome') ??
    pick(/Version\/([\d.]+).*Safari/, 'Safari') ??
    (s.length > 40 ? `${s.slice(0, 40)}…` : s);
  const os = /Windows NT/.test(s)
    ? 'Windows'
    : /Android/.test(s)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(s)
        ? 'iOS'
        : /Mac OS X/.test(s)
          ? 'macOS'
          : /Linux/.test(s)
            ? 'Linux'
            : '未知';
  return { browser, os };
}
