import { fileColumns, HyUserList } from '../components/HyUserList';

const columns = fileColumns([{ title: '应聘岗位', dataIndex: 'applyPost', search: 'like' }]);

/** 面试: people in interview, their rounds, and the offer (录用). */
export default function InterviewList() {
  return <HyUserList status="interview" columns={columns} interviews exportName="面试" />;
}
