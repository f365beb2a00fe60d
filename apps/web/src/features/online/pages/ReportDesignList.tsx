import { App, Button, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { AllowedTablesModal } from '../components/AllowedTables';
import { ReportSelectModal } from '../components/ReportPopup';
import { ReportDesignModal } from '../components/ReportDesignModal';
import { ReportView } from '../components/ReportView';
import { showMenuAddress } from '../components/menuAddress';

const columns: ListColumn[] = [
  { title: '报表编码', dataIndex: 'code', search: 'like', card: 'title' },
  { title: '报表名称', dataIndex: 'name', search: 'like' },
  { title: '数据源', dataIndex: 'dbSource', render: (v) => (v ? String(v) : '本系统数据库') },
  { title: '描述', dataIndex: 'content', ellipsis: true },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime' },
];

/** 在线报表配置: the report designer list (stock OnlCgreportHeadList). */
export default function ReportDesignList() {
  const navigate = useNavigate();
  const [tables, setTables] = useState(false);
  const [preview, setPreview] = useState<Row | null>(null);
  const [popup, setPopup] = useState<Row | null>(null);
  const { message } = App.useApp();
  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: '/online/cgreport/head/list', delete: '/online/cgreport/head/delete', deleteBatch: '/online/cgreport/head/deleteBatch' }}
        form={ReportDesignModal}
        showExport={false}
        showImport={false}
        superQuery={false}
        toolbar={() => (
          <Button onClick={() => setTables(true)} data-testid="report-tables">
            可查询的表
          </Button>
        )}
        rowMenu={(r) => [
          { key: 'test', label: '功能测试', onClick: () => setPreview(r) },
          { key: 'popup', label: '弹窗选择测试', onClick: () => setPopup(r) },
          { key: 'open', label: '打开报表页', onClick: () => navigate(`/online/cgreport/${String(r.id)}`) },
          { key: 'url', label: '配置地址', onClick: () => showMenuAddress(`/online/cgreport/${String(r.id)}`, 'online/ReportPage') },
        ]}
      />
      <AllowedTablesModal open={tables} onClose={() => setTables(false)} />
      <ReportSelectModal
        open={!!popup}
        code={String(popup?.code ?? '')}
        multi
        title={`弹窗选择：${String(popup?.name ?? '')}`}
        onCancel={() => setPopup(null)}
        onOk={(rows) => {
          message.success(`已选择 ${rows.length} 条记录`);
          setPopup(null);
        }}
      />
      <Modal open={!!preview} width={1200} title={`功能测试：${String(preview?.name ?? '')}`} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
        {preview ? <ReportView report={String(preview.id)} compact /> : null}
      </Modal>
    </>
  );
}
