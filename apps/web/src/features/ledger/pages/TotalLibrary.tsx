import { TreeSelect, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getAction } from '../../../app/http/client';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { LEDGER_URL } from '../api';
import { MovementModal, type MovementTarget } from '../components/MovementModal';

/** 总库: stock of every item in every warehouse of the caller's scope (A01: all companies), with each item's history. */
export default function TotalLibrary() {
  const [history, setHistory] = useState<MovementTarget | null>(null);
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const tree = useQuery({
    queryKey: ['ledger', 'categoryTree'],
    staleTime: 60_000,
    queryFn: async () => {
      const res = await getAction<unknown[]>(LEDGER_URL.categoryTree);
      return res.success ? res.result : [];
    },
  });
  const columns: ListColumn[] = [
    { title: '物品编码', dataIndex: 'code', width: 110, search: 'like', sorter: true },
    { title: '物品名称', dataIndex: 'itemName', width: 150, search: 'like', card: 'title' },
    { title: '规格', dataIndex: 'spec', width: 200, ellipsis: true },
    { title: '分类', dataIndex: 'categoryName', width: 100 },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 70,
      search: 'eq',
      options: [
        { value: 'consumable', text: '耗材' },
        { value: 'asset', text: '资产', color: 'blue' },
      ],
    },
    { title: '仓库', dataIndex: 'warehouseName', width: 140 },
    { title: '公司', dataIndex: 'sysOrgCode', width: 150, search: 'eq', dictCode: 'company' },
    {
      title: '库存',
      dataIndex: 'qty',
      width: 90,
      align: 'right',
      sorter: true,
      card: 'figure',
      render: (v, r) => (
        <Typography.Text strong type={Number(v) === 0 ? 'danger' : undefined}>
          {String(v)} {String(r.unit ?? '')}
        </Typography.Text>
      ),
    },
    { title: '最近变动', dataIndex: 'updateTime', width: 170 },
  ];
  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: '/ledger/library/total/list', exportXls: '/ledger/library/total/exportXls' }}
        exportName="总库"
        auth={{ export: 'ledger:library:export' }}
        extraParams={{ categoryId }}
        selection={false}
        showDelete={false}
        showImport={false}
        superQuery={false}
        defaultSort={{ column: 'code', order: 'asc' }}
        header={
          <TreeSelect
            aria-label="物品分类"
            allowClear
            placeholder="按物品分类筛选"
            style={{ width: 240, marginBottom: 12 }}
            treeDefaultExpandAll
            value={categoryId}
            onChange={(v?: string) => setCategoryId(v)}
            treeData={tree.data as never}
          />
        }
        rowActions={(r) => (
          <Typography.Link
            onClick={() =>
              setHistory({
                title: `${String(r.itemName)} @ ${String(r.warehouseName)}`,
                itemId: String(r.itemId),
                warehouseId: String(r.warehouseId),
              })
            }
          >
            流水
          </Typography.Link>
        )}
      />
      <MovementModal target={history} onClose={() => setHistory(null)} />
    </>
  );
}
