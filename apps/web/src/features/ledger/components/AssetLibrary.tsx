import { Typography } from 'antd';
import { useState } from 'react';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { MovementModal, type MovementTarget } from './MovementModal';

/** A library of assets in one state (领用库, 共享库, 回收库, 报废库) with search, export and each asset's history. */
export function AssetLibrary({
  lib,
  name,
  holderTitle = '持有人',
}: {
  lib: 'receive' | 'share' | 'recycle' | 'scrap';
  name: string;
  holderTitle?: string;
}) {
  const [history, setHistory] = useState<MovementTarget | null>(null);
  const columns: ListColumn[] = [
    { title: '资产编号', dataIndex: 'assetNo', width: 210, search: 'like', card: 'title' },
    { title: '物品名称', dataIndex: 'itemName', width: 140, search: 'like' },
    { title: '规格', dataIndex: 'spec', width: 180, ellipsis: true },
    { title: '状态', dataIndex: 'state_dictText', width: 80 },
    {
      title: holderTitle,
      dataIndex: 'holderName',
      width: 100,
      search: lib === 'receive' || lib === 'share' ? 'like' : undefined,
    },
    { title: '位置', dataIndex: 'location', width: 140 },
    { title: '仓库', dataIndex: 'warehouseName', width: 130 },
    { title: '公司', dataIndex: 'sysOrgCode', width: 150, search: 'eq', dictCode: 'company' },
    { title: '变更时间', dataIndex: 'stateTime', width: 170, sorter: true },
  ];
  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: `/ledger/library/${lib}/list`, exportXls: `/ledger/library/${lib}/exportXls` }}
        exportName={name}
        auth={{ export: 'ledger:library:export' }}
        selection={false}
        showDelete={false}
        showImport={false}
        superQuery={false}
        defaultSort={{ column: 'stateTime', order: 'desc' }}
        rowActions={(r) => (
          <Typography.Link
            onClick={() =>
              setHistory({ title: `${String(r.assetNo)} ${String(r.itemName)}`, assetId: String(r.id) })
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
