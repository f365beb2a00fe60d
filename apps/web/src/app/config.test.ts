import { afterEach, describe, expect, it } from 'vitest';
import { fileLink, staticUrl } from './config';
import { useSession } from './session/store';

describe('stored file links', () => {
  afterEach(() => useSession.setState({ token: null }));

  it('private files carry the session token; avatars and notice pictures do not', () => {
    useSession.setState({ token: 'tok.en/1' });
    expect(staticUrl('oa/hr/身份证_1.png')).toBe('/jeecg-boot/sys/common/static/oa/hr/身份证_1.png?token=tok.en%2F1');
    expect(staticUrl('/oa/forms/a.pdf')).toBe('/jeecg-boot/sys/common/static/oa/forms/a.pdf?token=tok.en%2F1');
    expect(staticUrl('oa/avatar/me.jpg')).toBe('/jeecg-boot/sys/common/static/oa/avatar/me.jpg');
    expect(staticUrl('oa/notice/banner.png')).toBe('/jeecg-boot/sys/common/static/oa/notice/banner.png');
    // a folder merely starting like a public one is private
    expect(staticUrl('oa/avatarx/me.jpg')).toContain('?token=');
    expect(staticUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(staticUrl('')).toBe('');
  });

  it('signed links stay as the server answered them; no token without a session', () => {
    useSession.setState({ token: 'tok' });
    expect(fileLink('/sys/common/static/private/import-errors/e.txt?exp=1&sig=abc')).toBe('/jeecg-boot/sys/common/static/private/import-errors/e.txt?exp=1&sig=abc');
    expect(fileLink('/sys/common/static/import-errors/hr.txt')).toBe('/jeecg-boot/sys/common/static/import-errors/hr.txt?token=tok');
    useSession.setState({ token: null });
    expect(staticUrl('oa/hr/x.png')).toBe('/jeecg-boot/sys/common/static/oa/hr/x.png');
  });
});
