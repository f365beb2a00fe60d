import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { HR_PERM, HR_URL } from '../components/hr-api';

const columns: ListColumn[] = [
  { title: '姓名', dataIndex: 'realname', search: 'like', sorter: true },
  { title: '调出部门', dataIndex: 'fromDepartName', search: 'like' },
  { title: '调入部门', dataIndex: 'toDepartName', search: 'like' },
  { title: '原职务', dataIndex: 'fromPost', render: (_v, r) => String(r.fromPost_dictText ?? '') },
  { title: '新职务', dataIndex: 'toPost', render: (_v, r) => String(r.toPost_dictText ?? '') },
  { title: '生效日期', dataIndex: 'effectiveDate', type: 'date', sorter: true, search: 'range' },
  { title: '调动原因', dataIndex: 'reason', ellipsis: true },
  { title: '经办人', dataIndex: 'operatorName' },
  { title: '公司', dataIndex: 'company', dictCode: 'company', search: 'eq', hideInTable: true, hideInSuperQuery: true },
];

/** 调动 (/transfer/manage): transfer records into or out of the user's companies; export via mobilizeExportXls. */
export default function TransferManage() {
  return (
    <ListPage
      columns={columns}
      url={{ list: HR_URL.transfers, exportXls: HR_URL.transferExport }}
      exportName="人员调动"
      auth={{ export: HR_PERM.export }}
      selection={false}
      showDelete={false}
      showImport={false}
    />
  );
}
