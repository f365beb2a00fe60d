import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrudFormModal } from './CrudFormModal';

configure({ asyncUtilTimeout: 5000 });

const http = vi.hoisted(() => ({
  getAction: vi.fn(),
  postAction: vi.fn(),
  putAction: vi.fn(),
  deleteAction: vi.fn(),
  downloadFile: vi.fn(),
  uploadAction: vi.fn(),
  apiUrl: (u: string) => `/jeecg-boot${u}`,
}));
vi.mock('../../app/http/client', async (orig) => ({ ...(await orig<object>()), ...http }));

afterEach(() => cleanup());

const fields = () => (
  <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称' }]}>
    <Input />
  </Form.Item>
);

// antd dialogs render slowly in happy-dom on a busy machine: a generous per-test limit.
describe('CrudFormModal', { timeout: 60_000 }, () => {
  it('validates, posts the add URL, shows the server message and closes with saved', async () => {
    http.postAction.mockResolvedValue({ success: true, code: 200, message: '添加成功', result: null });
    const onClose = vi.fn();
    render(
      <AntApp>
        <CrudFormModal
          open
          mode="add"
          onClose={onClose}
          title="分类"
          urls={{ add: '/c/add', edit: '/c/edit' }}
        >
          {fields}
        </CrudFormModal>
      </AntApp>,
    );
    expect(screen.getByText('新增分类')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(http.postAction).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '行政' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(http.postAction).toHaveBeenCalledWith('/c/add', { name: '行政' });
    expect(await screen.findByText('添加成功')).toBeTruthy();
  });

  it('a page call replaces the URLs; a refusal stays open and shows the server message as an error', async () => {
    const save = vi.fn(async () => ({
      success: false,
      code: 500,
      message: '名称重复',
      result: null,
      timestamp: 0,
    }));
    const onClose = vi.fn();
    render(
      <AntApp>
        <CrudFormModal
          open
          mode="edit"
          record={{ id: 'd1', name: '旧' }}
          onClose={onClose}
          title="流程设置"
          modalTitle="流程设置：旧 v1"
          okText="保存"
          layout="vertical"
          failure="error"
          save={save}
        >
          {fields}
        </CrudFormModal>
      </AntApp>,
    );
    expect(screen.getByText('流程设置：旧 v1')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('旧'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(expect.objectContaining({ name: '旧' }), 'edit', {
        id: 'd1',
        name: '旧',
      }),
    );
    expect(await screen.findByText('名称重复')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(http.putAction).not.toHaveBeenCalled();
  });
});
