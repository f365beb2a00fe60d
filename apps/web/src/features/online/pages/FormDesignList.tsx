import { App, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loadPermissions } from '../../../app/session/actions';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { FormDesignModal } from '../components/FormDesignModal';
import { SyncModal } from '../components/SyncModal';
import { formApi } from '../formApi';
import { showMenuAddress } from '../components/menuAddress';

const TYPES = [
  { value: '1', text: '单表' },
  { value: '2', text: '主表' },
  { value: '3', text: '附表' },
];

const columns: ListColumn[] = [
  { title: '表名', dataIndex: 'tableName', search: 'like', card: 'title' },
  { title: '表描述', dataIndex: 'tableTxt', search: 'like' },
  { title: '表类型', dataIndex: 'tableType', options: TYPES, render: (v, r) => `${TYPES.find((t) => t.value === String(v))?.text ?? ''}${r.isTree === 'Y' ? '（树）' : ''}` },
  { title: '版本', dataIndex: 'tableVersion' },
  {
    title: '同步数据库',
    dataIndex: 'isDbSynch',
    render: (v) => (v === 'Y' ? <Tag color="green">已同步</Tag> : <Tag color="orange">未同步</Tag>),
  },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime' },
];

/** 在线表单开发: the online form designer list (stock OnlCgformHeadList). */
export default function FormDesignList() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [sync, setSync] = useState<{ id: string; name: string; reload: () => void } | null>(null);

  const genMenu = async (r: Row, h: ListHelpers<Row>) => {
    const res = await formApi.genMenu(String(r.id));
    if (!res.success) return void message.warning(res.message);
    h.reload();
    // the new entry shows in the side menu at once: the menu is loaded again, no reload needed
    let menuShown = true;
    try {
      await loadPermissions();
    } catch {
      menuShown = false;
    }
    const name = String(r.tableTxt || r.tableName);
    modal.confirm({
      title: '菜单已生成',
      content: menuShown
        ? `已在“在线开发”下生成菜单「${name}」，左侧菜单中即可打开。`
        : `已在“在线开发”下生成菜单「${name}」，重新登录后可见。`,
      okText: '打开',
      cancelText: '关闭',
      onOk: () => navigate(`/online/cgformList/${String(r.id)}`),
    });
  };

  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: '/online/cgform/head/list', delete: '/online/cgform/head/delete', deleteBatch: '/online/cgform/head/deleteBatch' }}
        form={FormDesignModal}
        showExport={false}
        showImport={false}
        superQuery={false}
        rowMenu={(r, h) => [
          { key: 'sync', label: '同步数据库', onClick: () => setSync({ id: String(r.id), name: String(r.tableName), reload: h.reload }) },
          r.isDbSynch === 'Y' && r.tableType !== 3 && { key: 'open', label: '功能测试', onClick: () => navigate(`/online/cgformList/${String(r.id)}`) },
          r.isDbSynch === 'Y' && r.tableType !== 3 && !r.hasMenu && { key: 'menu', label: '生成菜单', onClick: () => void genMenu(r, h) },
          { key: 'url', label: '配置地址', onClick: () => showMenuAddress(`/online/cgformList/${String(r.id)}`, 'online/FormAutoList') },
        ]}
      />
      <SyncModal
        headId={sync?.id ?? null}
        tableName={sync?.name ?? ''}
        onClose={(done) => {
          if (done) sync?.reload();
          setSync(null);
        }}
      />
    </>
  );
}
