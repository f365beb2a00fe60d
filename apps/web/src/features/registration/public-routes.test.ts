import { describe, expect, it } from 'vitest';
import { hasPage } from '../../app/router/pages';
import { STATIC_PUBLIC_ROUTES, WHITE_LIST } from '../../app/router/static-routes';

describe('public registration routes (docs/hr.md, 在线登记)', () => {
  it('are on the route guard whitelist and open their pages outside the layout', () => {
    for (const path of ['/registration', '/endRegis', '/summarize', '/mbtiTest']) {
      expect(WHITE_LIST).toContain(path);
      const route = STATIC_PUBLIC_ROUTES.find((r) => r.path === path);
      expect(route, path).toBeDefined();
      expect(hasPage(route!.component), route!.component).toBe(true);
    }
  });
  it('keeps the private pages off the whitelist', () => {
    for (const path of ['/zhome', '/talentpool/HyUserList', '/registrations', '/summarize/x'])
      expect(WHITE_LIST).not.toContain(path);
  });
});
