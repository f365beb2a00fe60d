import { fileColumns, HyUserList } from '../components/HyUserList';

const columns = fileColumns([
  { title: '入职日期', dataIndex: 'entryDate', type: 'date', sorter: true, search: 'range' },
  { title: '转正日期', dataIndex: 'regularDate', type: 'date', sorter: true },
  { title: '合同结束', dataIndex: 'contractEnd', type: 'date', sorter: true },
]);

/** 在职 (/incumbency/HyUserList): probation and regular staff; regularise, transfer, leave. */
export default function IncumbencyList() {
  return <HyUserList status="probation,regular" columns={columns} exportName="在职人员" />;
}
