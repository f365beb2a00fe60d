import { fileColumns, HyUserList } from '../components/HyUserList';

const columns = fileColumns([
  { title: '入职日期', dataIndex: 'entryDate', type: 'date', sorter: true, search: 'range' },
  { title: '合同结束', dataIndex: 'contractEnd', type: 'date', sorter: true },
  { title: '状态筛选', dataIndex: 'status', dictCode: 'hy_status', search: 'eq', hideInTable: true, hideInDetail: true },
]);

/** 花名册: every file of the user's companies, with import and export. */
export default function RosterList() {
  return <HyUserList columns={columns} add importable exportName="花名册" />;
}
