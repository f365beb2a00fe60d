import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { hasPage, resolvePage } from '../../../app/router/pages';
import { STATIC_LAYOUT_ROUTES, WHITE_LIST } from '../../../app/router/static-routes';
import { useSession } from '../../../app/session/store';
import TestHome from './TestHome';

describe('/test/home', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, userInfo: null });
  });

  it('is a page of the main layout without a menu entry, behind the sign-in', () => {
    const route = STATIC_LAYOUT_ROUTES.find((r) => r.path === '/test/home');
    expect(route).toBeTruthy();
    expect(hasPage(route!.component)).toBe(true);
    expect(resolvePage(route!.component)).not.toBeNull();
    expect(WHITE_LIST).not.toContain('/test/home');
  });

  it('shows the test page with the signed-in user', () => {
    useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: 'chenjing', realname: '陈静', orgCode: 'A01A01' } });
    render(
      <MemoryRouter initialEntries={['/test/home']}>
        <TestHome />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('test-home').textContent).toContain('陈静（chenjing）');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/zhome');
  });
});
