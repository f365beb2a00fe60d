import { fileColumns, HyUserList } from '../components/HyUserList';
import { HR_URL } from '../components/hr-api';

const columns = fileColumns([
  { title: '录用日期', dataIndex: 'offerDate', type: 'date', sorter: false },
  { title: '预计入职', dataIndex: 'entryDate', type: 'date', sorter: true },
  {
    title: '入职清单',
    dataIndex: 'onboarding',
    render: (v) => {
      const items = Array.isArray(v) ? (v as { done: boolean }[]) : [];
      return `${items.filter((i) => i.done).length}/${items.length}`;
    },
  },
]);

/** 新员工 (hyNew): people with an offer waiting to enter. */
export default function NewHireList() {
  return <HyUserList listUrl={HR_URL.newHires} columns={columns} onboarding exportName="新员工" />;
}
