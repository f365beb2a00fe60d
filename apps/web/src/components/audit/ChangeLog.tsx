import { Button, Drawer, Empty, Table, Tag } from 'antd';
import type { ChangeLogRow } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getAction } from '../../app/http/client';

/**
 * 变更记录 of one record (docs/audit.md): who changed which field from what to what, when and from where,
 * newest first. The server answers only for a reader of that record.
 */
export function ChangeLog({ recordType, recordId }: { recordType: string; recordId: string }) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['changeLog', recordType, recordId, page.pageNo, page.pageSize],
    queryFn: async () => {
      const res = await getAction<{ records: ChangeLogRow[]; total: number }>('/sys/changeLog/record', { recordType, recordId, ...page });
      return res.success ? res.result : { records: [], total: 0 };
    },
  });
  return (
    <Table<ChangeLogRow>
      data-testid="change-log"
      size="small"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      locale={{ emptyText: <Empty description="暂无变更记录" /> }}
      scroll={{ x: 760 }}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: q.data?.total ?? 0,
        size: 'small',
        onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
      }}
      columns={[
        { title: '时间', dataIndex: 'createTime', width: 160 },
        { title: '操作人', dataIndex: 'userName', width: 100, render: (v: string | null, r) => v ?? r.userId },
        { title: '操作', dataIndex: 'action_dictText', width: 70, render: (v: string) => <Tag>{v}</Tag> },
        { title: '字段', dataIndex: 'fieldLabel', width: 110 },
        { title: '原值', dataIndex: 'oldValue', ellipsis: true },
        { title: '新值', dataIndex: 'newValue', ellipsis: true },
        { title: 'IP', dataIndex: 'ip', width: 120 },
      ]}
    />
  );
}

/** The record type of an edit endpoint, for the dialogs that open a record by its edit URL. */
const TYPE_OF_EDIT_URL: Record<string, string> = {
  '/sys/user/edit': 'sys_user',
  '/sys/role/edit': 'sys_role',
  '/sys/dict/edit': 'sys_dict',
  '/sys/dictItem/edit': 'sys_dict_item',
  '/sys/sysDepart/edit': 'sys_depart',
  '/manager/hyUser/edit': 'hy_user',
  '/ledger/item/edit': 'ld_item',
  '/ledger/warehouse/edit': 'ld_warehouse',
  '/adminstration/library/supplier/edit': 'ld_supplier',
};

export function changeLogTypeOf(editUrl: string | undefined): string | undefined {
  return editUrl ? TYPE_OF_EDIT_URL[editUrl] : undefined;
}

/** A 变更记录 button that opens the record's changes in a drawer (edit dialogs, detail screens). */
export function ChangeLogButton({ recordType, recordId }: { recordType: string; recordId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button data-testid="change-log-open" onClick={() => setOpen(true)}>
        变更记录
      </Button>
      <Drawer title="变更记录" open={open} width={Math.min(900, window.innerWidth)} onClose={() => setOpen(false)} destroyOnHidden>
        {open ? <ChangeLog recordType={recordType} recordId={recordId} /> : null}
      </Drawer>
    </>
  );
}
