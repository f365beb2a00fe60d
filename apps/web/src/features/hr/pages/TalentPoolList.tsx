import { fileColumns, HyUserList } from '../components/HyUserList';

const columns = fileColumns([
  { title: '应聘岗位', dataIndex: 'applyPost', search: 'like' },
  { title: '来源', dataIndex: 'source', search: 'like' },
  { title: '性格类型', dataIndex: 'mbtiType', search: 'eq', width: 90 },
]);

/** 人才库 (/talentpool/HyUserList): applicants and the talent pool; new applicants are added here. */
export default function TalentPoolList() {
  return <HyUserList status="applicant,talent" columns={columns} add exportName="人才库" />;
}
