import { CHANGE_LOG_PERMS, CHANGE_RECORD_TYPES } from '@go/contract';
import { Tag } from 'antd';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { webFormTypes } from '../../workflow/formTypes';

const recordTypes = [
  ...Object.entries(CHANGE_RECORD_TYPES).map(([value, text]) => ({ value, text })),
  // approval forms: one record type per form table, named by the form (资金申请, 采购申请 …)
  ...webFormTypes().map((f) => ({ value: f.tableName, text: (f as { declaration?: { name: string } }).declaration?.name ?? `${f.label}申请` })),
];

const columns: ListColumn[] = [
  { title: '时间', dataIndex: 'createTime', type: 'datetime', search: 'range', width: 170 },
  { title: '操作人账号', dataIndex: 'userId', search: 'eq', width: 110 },
  { title: '操作人', dataIndex: 'userName', width: 100, card: 'title' },
  { title: 'IP', dataIndex: 'ip', width: 120 },
  { title: '记录类型', dataIndex: 'recordType', search: 'eq', options: recordTypes, width: 100, render: (_v, r) => String(r.recordType_dictText ?? r.recordType) },
  { title: '记录', dataIndex: 'recordName', width: 140 },
  { title: '记录ID', dataIndex: 'recordId', search: 'eq', hideInTable: true },
  { title: '操作', dataIndex: 'action', width: 80, render: (_v, r) => <Tag>{String(r.action_dictText ?? r.action)}</Tag> },
  { title: '字段', dataIndex: 'field', width: 120, render: (_v, r) => String(r.fieldLabel ?? r.field) },
  { title: '字段（英文名）', dataIndex: 'fieldName', search: 'eq', hideInTable: true },
  { title: '原值', dataIndex: 'oldValue', ellipsis: true, width: 200 },
  { title: '新值', dataIndex: 'newValue', ellipsis: true, width: 200 },
];

/** 变更记录: every field change of the business records (who, when, from where, old and new value); export. */
export default function ChangeLogList() {
  return (
    <ListPage
      columns={columns}
      url={{ list: '/sys/changeLog/list', exportXls: '/sys/changeLog/exportXls' }}
      rowKey="id"
      exportName="变更记录"
      superQuery={false}
      showDelete={false}
      showImport={false}
      selection={false}
      auth={{ export: CHANGE_LOG_PERMS.export }}
    />
  );
}
