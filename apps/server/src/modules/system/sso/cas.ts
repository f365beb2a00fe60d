import { SSO_TEXTS } from '@go/contract';

export type CasOutcome = { ok: true; user: string } | { ok: false; message: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
      e.startsWith('#x') || e.startsWith('#X')
        ? String.fromCodePoint(parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(Number(e.slice(1)))
          : (ENTITIES[e.toLowerCase()] ?? ''),
    )
    .trim();
}

/** The text of the first element named `local` (any namespace prefix), or null. */
function element(xml: string, local: string): string | null {
  const m = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${local}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${local}\\s*>`).exec(xml);
  return m ? m[1] : null;
}

/**
 * Reads a CAS 3.0 `serviceValidate` answer: `cas:serviceResponse` holding `cas:authenticationSuccess`
 * with `cas:user`, or `cas:authenticationFailure code="…"` with a text.
 */
export function parseServiceResponse(xml: string): CasOutcome {
  const failure = element(xml, 'authenticationFailure');
  if (failure !== null) return { ok: false, message: decode(failure) || SSO_TEXTS.failed };
  const success = element(xml, 'authenticationSuccess');
  const user = success !== null ? element(success, 'user') : null;
  const name = user !== null ? decode(user) : '';
  if (!name) return { ok: false, message: SSO_TEXTS.casNoPrincipal };
  return { ok: true, user: name };
}

/** Validates a service ticket at `${base}/p3/serviceValidate` (CAS protocol 3.0). */
export async function validateCasTicket(base: string, ticket: string, service: string, timeoutMs = 10_000): Promise<CasOutcome> {
  const url = new URL(`${base}/p3/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!res.ok) return { ok: false, message: SSO_TEXTS.failed };
    text = (await res.text()).slice(0, 64 * 1024);
  } catch {
    return { ok: false, message: SSO_TEXTS.failed };
  }
  return parseServiceResponse(text);
}
