import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session/store';
import { DictSelect, DictTag } from './DictSelect';

// The 2-core CI machine runs many suites at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });

const http = vi.hoisted(() => ({ getAction: vi.fn() }));
vi.mock('../../app/http/client', async (orig) => ({ ...(await orig<object>()), ...http }));

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  http.getAction.mockReset();
  useSession.setState({
    userInfo: { id: 'u', username: 'zhang', realname: '张', orgCode: 'A03A01' },
    dictItems: {
      claim_company: [
        { value: 'g', text: '全集团' },
        { value: 'a3', text: '商贸专用', description: 'A03' },
        { value: 'a5', text: '物流专用', description: 'A05,A06' },
      ],
    },
  });
});
afterEach(() => cleanup());

describe('dictionary widgets', () => {
  it('offer only the items whose description includes the user org code (or no description)', async () => {
    wrap(<DictSelect dictCode="claim_company" />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('全集团')).toBeTruthy();
    expect(screen.getByText('商贸专用')).toBeTruthy();
    expect(screen.queryByText('物流专用')).toBeNull();
    expect(http.getAction).not.toHaveBeenCalled();
  });

  it('load a table dictionary from getDictItems and filter it the same way', async () => {
    http.getAction.mockResolvedValue({
      success: true,
      code: 200,
      message: '',
      result: [
        { value: '1', text: '甲', description: 'A01' },
        { value: '2', text: '乙', description: 'A03' },
      ],
    });
    wrap(<DictTag dictCode="sys_position,name,code" value="2" />);
    expect(await screen.findByText('乙')).toBeTruthy();
    expect(http.getAction).toHaveBeenCalledWith('/sys/dict/getDictItems/sys_position,name,code');
  });
});
