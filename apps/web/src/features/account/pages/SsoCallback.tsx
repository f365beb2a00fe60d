import { SSO_TEXTS } from '@go/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { getAction, postAction, type Envelope } from '../../../app/http/client';
import { acceptLogin, forgetFragment, fragmentParams, safeRedirect, type SsoLoginResult } from '../../../app/auth/sso';
import { SsoError, SsoShell, SsoWorking, TenantChoice } from '../SsoFinish';

/**
 * /sso/callback (public): where single sign-on comes back. OpenID Connect hands a one-time code in the
 * fragment (`#code=…&redirect=…`, or `#error=…`), exchanged here for the normal login result; a CAS
 * login page comes back with `?ticket=…`, validated by the server for this page's address.
 */
export default function SsoCallback() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [choice, setChoice] = useState<SsoLoginResult | null>(null);
  const redirect = useRef('/zhome');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hash = fragmentParams();
    const ticket = new URLSearchParams(window.location.search).get('ticket');
    redirect.current = safeRedirect(hash.get('redirect') ?? new URLSearchParams(window.location.search).get('redirect'));
    forgetFragment();
    const finish = (res: Envelope<SsoLoginResult>) => {
      if (!res.success || res.code !== 200 || !res.result?.token) {
        setError(res.message || SSO_TEXTS.failed);
        return;
      }
      if ((res.result.tenantList?.length ?? 0) > 1) {
        setChoice(res.result);
        return;
      }
      acceptLogin(res.result, res.result.tenantList?.[0]?.id);
      navigate(redirect.current, { replace: true });
    };
    const fail = () => setError(SSO_TEXTS.failed);
    if (hash.get('error')) {
      setError(hash.get('error')!);
    } else if (hash.get('code')) {
      void postAction<SsoLoginResult>('/sys/sso/exchange', { code: hash.get('code') }, { noEncrypt: true, silent: true }).then(finish, fail);
    } else if (ticket) {
      const service = `${window.location.origin}${window.location.pathname}`;
      void getAction<SsoLoginResult>('/sys/cas/client/validateLogin', { ticket, service }, { silent: true }).then(finish, fail);
    } else {
      setError(SSO_TEXTS.expired);
    }
  }, [navigate]);

  return (
    <SsoShell>
      {error ? (
        <SsoError message={error} />
      ) : choice ? (
        <TenantChoice result={choice} onDone={() => navigate(redirect.current, { replace: true })} />
      ) : (
        <SsoWorking />
      )}
    </SsoShell>
  );
}
