/**
 * Secrets that travel in URLs (a socket's or download's `?token=`, signatures, passwords) never reach a
 * log line: every logger and trace passes URLs through here.
 */
const SECRET_QUERY = /([?&](?:token|access_token|accessToken|x-access-token|X-Access-Token|password|sign|signature|ticket|code|smscode|captcha)=)[^&#]*/gi;

export function redactUrl(url: string | undefined): string {
  return (url ?? '').replace(SECRET_QUERY, '$1******');
}

/** The request as the server log records it (Fastify `serializers.req`): no headers, URL redacted. */
export function logRequest(req: { method?: string; url?: string; ip?: string; hostname?: string; socket?: { remoteAddress?: string } }) {
  return { method: req.method, url: redactUrl(req.url), hostname: req.hostname, remoteAddress: req.ip ?? req.socket?.remoteAddress };
}
