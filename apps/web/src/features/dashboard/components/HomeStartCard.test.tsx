import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const wf = vi.hoisted(() => ({ startable: vi.fn() }));
vi.mock('../../workflow/api', () => ({ wfApi: wf }));
// the launcher opens the form's editor; here it shows which process it was given
vi.mock('./HomeApplyLauncher', () => ({
  default: ({ def, onClose }: { def: { name: string }; onClose: () => void }) => (
    <button type="button" data-testid="launched" onClick={onClose}>
      {def.name}
    </button>
  ),
}));

const { HomeStartCard } = await import('./HomeStartCard');

function card() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomeStartCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('发起申请 on the home page', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists the startable processes after a loading state; a choice opens its form', async () => {
    let answer!: (v: unknown) => void;
    wf.startable.mockReturnValue(new Promise((r) => (answer = r)));
    card();
    expect(screen.getByTestId('home-start-loading')).toBeTruthy();
    answer({ success: true, result: [{ id: 'p1', name: '费用报销' }, { id: 'p2', name: '出差申请' }] });
    const items = await screen.findAllByTestId('home-start-item');
    expect(items.map((b) => b.textContent)).toEqual(['费用报销', '出差申请']);
    fireEvent.click(items[1]);
    expect((await screen.findByTestId('launched')).textContent).toBe('出差申请');
    fireEvent.click(screen.getByTestId('launched'));
    await waitFor(() => expect(screen.queryByTestId('launched')).toBeNull());
  });

  it('says so when nothing can be started, and offers 重试 after a failure', async () => {
    wf.startable.mockResolvedValueOnce({ success: false, message: '服务器繁忙' });
    card();
    expect(await screen.findByText('发起申请加载失败')).toBeTruthy();
    wf.startable.mockResolvedValueOnce({ success: true, result: [] });
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无可发起的流程')).toBeTruthy();
  });
});
