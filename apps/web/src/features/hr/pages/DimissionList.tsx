import { fileColumns, HyUserList } from '../components/HyUserList';

const columns = fileColumns([
  { title: '离职类型', dataIndex: 'dimissionType', dictCode: 'hy_dimission_type', search: 'eq' },
  { title: '离职日期', dataIndex: 'dimissionDate', type: 'date', sorter: true, search: 'range' },
  { title: '离职原因', dataIndex: 'dimissionReason', ellipsis: true },
]);

/** 离职 (/dimission/HyUserList): leavers; back to the talent pool, rehire (录用) or blacklist. */
export default function DimissionList() {
  return <HyUserList status="dimission" columns={columns} exportName="离职人员" />;
}
