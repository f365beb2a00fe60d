import { SSO_TEXTS } from '@go/contract';
import { describe, expect, it } from 'vitest';
import { parseServiceResponse } from '../../src/modules/system/sso/cas.js';
import { safeRedirect } from '../../src/modules/system/sso/sso.service.js';

describe('[AUTH] CAS 3.0 serviceValidate answers', () => {
  it('reads the user of a success, with entities and any namespace prefix', () => {
    const xml = `<?xml version="1.0"?><cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
      <cas:authenticationSuccess>
        <cas:user> li&amp;lei </cas:user>
        <cas:attributes><cas:user>ignored</cas:user></cas:attributes>
      </cas:authenticationSuccess></cas:serviceResponse>`;
    expect(parseServiceResponse(xml)).toEqual({ ok: true, user: 'li&lei' });
    expect(parseServiceResponse('<x:serviceResponse xmlns:x="u"><x:authenticationSuccess><x:user>admin</x:user></x:authenticationSuccess></x:serviceResponse>')).toEqual({
      ok: true,
      user: 'admin',
    });
  });

  it('answers the failure text, or the stock message without a principal', () => {
    expect(
      parseServiceResponse('<cas:serviceResponse xmlns:cas="u"><cas:authenticationFailure code="INVALID_TICKET">\n Ticket ST-1 not recognized \n</cas:authenticationFailure></cas:serviceResponse>'),
    ).toEqual({ ok: false, message: 'Ticket ST-1 not recognized' });
    expect(parseServiceResponse('<cas:serviceResponse xmlns:cas="u"><cas:authenticationSuccess></cas:authenticationSuccess></cas:serviceResponse>')).toEqual({
      ok: false,
      message: SSO_TEXTS.casNoPrincipal,
    });
    expect(parseServiceResponse('<html>not cas</html>')).toEqual({ ok: false, message: SSO_TEXTS.casNoPrincipal });
    // a user element outside a success is no principal
    expect(parseServiceResponse('<cas:serviceResponse xmlns:cas="u"><cas:user>admin</cas:user></cas:serviceResponse>')).toEqual({
      ok: false,
      message: SSO_TEXTS.casNoPrincipal,
    });
  });

  it('keeps only in-app redirect paths', () => {
    expect(safeRedirect('/notice?x=1')).toBe('/notice?x=1');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', 'notice', 42, undefined]) expect(safeRedirect(bad)).toBeUndefined();
  });
});
