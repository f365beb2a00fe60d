import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoodsType } from '@go/contract/ledger/schemas';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { listPagination } from '../../../components/list/pagination';
import { getAction } from '../../../app/http/client';
import { readPage, type Application } from '../../workflow/api';
import { LEDGER_URL } from '../api';
import { ApplicationViewModal, type ApplicationRef } from '../../workflow/components/ApplicationViewModal';
import { HistoryModal } from '../../workflow/components/HistoryModal';
import { RESULT_COLOR, RESULT_TEXT, STATUS_TEXT } from '../../workflow/texts';
import { GoodsEditor } from '../components/GoodsEditor';
import { GOODS_INFO, GOODS_LIST } from '../components/goodsTypes';
import '../ledger.css';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

const editable = (r: Application) => r.status === 0 || r.status === 3 || (r.status === 2 && r.result === 3);

/** 物资申请: start any of the ten goods forms, and my goods applications with their approval state. */
export default function GoodsApply() {
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<{ type: GoodsType; businessId?: string } | null>(null);
  const [filter, setFilter] = useState<GoodsType | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [view, setView] = useState<ApplicationRef | null>(null);
  const [history, setHistory] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['goodsApplications', filter, pageNo, pageSize],
    queryFn: async () => {
      const res = await getAction<unknown>(LEDGER_URL.myForms, { pageNo, pageSize, kind: filter });
      return readPage<Application>(res);
    },
  });
  const rows = list.data?.rows ?? [];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="新建物资申请" size="small">
        <Space wrap>
          {GOODS_LIST.map((g) => (
            <Button
              key={g.tableName}
              onClick={() => setEditor({ type: g.tableName })}
              data-testid={`new-${g.tableName}`}
            >
              {g.label}
            </Button>
          ))}
        </Space>
      </Card>
      <Card
        title="我的物资申请"
        size="small"
        extra={
          <Select
            aria-label="申请类型"
            allowClear
            placeholder="全部类型"
            style={{ width: 160 }}
            value={filter}
            onChange={(v?: GoodsType) => {
              setFilter(v);
              setPageNo(1);
            }}
            options={GOODS_LIST.map((g) => ({ value: g.tableName, label: g.label }))}
          />
        }
      >
        <ResponsiveTable<Application>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={rows}
          scroll={{ x: 800 }}
          data-testid="goods-applications"
          pagination={listPagination(pageNo, pageSize, list.data?.total ?? 0, (p, s) => {
            setPageNo(p);
            setPageSize(s);
          })}
          columns={[
            {
              title: '类型',
              dataIndex: 'tableName',
              width: 100,
              render: (v: string) => <Tag color="geekblue">{GOODS_INFO[v as GoodsType]?.label ?? v}</Tag>,
            },
            { title: '标题', dataIndex: 'title', ellipsis: true },
            { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => STATUS_TEXT[v] ?? '' },
            {
              title: '结果',
              dataIndex: 'result',
              width: 90,
              render: (v: number) => <Tag color={RESULT_COLOR[v]}>{RESULT_TEXT[v] ?? ''}</Tag>,
            },
            { title: '审批状态', dataIndex: 'actStatus', width: 180, ellipsis: true },
            {
              title: '申请时间',
              dataIndex: 'applyTime',
              width: 170,
              render: (v: string, r) => v || r.createTime,
            },
            {
              title: '操作',
              key: 'op',
              width: 170,
              render: (_v, r) => (
                <Space size={4}>
                  <Typography.Link
                    onClick={() =>
                      setView({
                        id: r.id,
                        tableId: r.tableId,
                        tableName: r.tableName,
                        routeName: r.routeName,
                        processName: r.processName,
                        procInstId: r.procInstId,
                      })
                    }
                  >
                    查看
                  </Typography.Link>
                  {editable(r) && (
                    <Typography.Link
                      onClick={() => setEditor({ type: r.tableName as GoodsType, businessId: r.id })}
                    >
                      编辑
                    </Typography.Link>
                  )}
                  {r.procInstId && (
                    <Typography.Link onClick={() => setHistory(r.procInstId)}>历史</Typography.Link>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editor && (
        <GoodsEditor
          open
          type={editor.type}
          businessId={editor.businessId}
          onClose={(changed) => {
            setEditor(null);
            if (changed) void queryClient.invalidateQueries({ queryKey: ['goodsApplications'] });
          }}
        />
      )}
      <ApplicationViewModal target={view} onClose={() => setView(null)} onHistory={(id) => setHistory(id)} />
      <HistoryModal procInstId={history} open={!!history} onClose={() => setHistory(null)} />
    </Space>
  );
}
