import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { HR_URL } from '../components/hr-api';

const ACTIONS = [
  ['create', '建档'],
  ['import', '导入'],
  ['edit', '修改'],
  ['delete', '删除'],
  ['apply', '再次应聘'],
  ['interview', '面试记录'],
  ['viewSensitive', '查看敏感信息'],
  ['exportSensitive', '导出敏感信息'],
  ['toTalent', '入人才库'],
  ['toInterview', '安排面试'],
  ['hire', '录用'],
  ['entry', '办理入职'],
  ['regular', '转正'],
  ['transfer', '调动'],
  ['dimission', '离职'],
  ['blacklist', '拉黑'],
  ['unblacklist', '移出黑名单'],
  ['approval', '审批'],
].map(([value, text]) => ({ value, text }));

const columns: ListColumn[] = [
  { title: '时间', dataIndex: 'createTime', type: 'datetime', sorter: true, search: 'range', width: 170 },
  { title: '姓名', dataIndex: 'realname', search: 'like', width: 100 },
  { title: '操作', dataIndex: 'action', options: ACTIONS, search: 'eq', width: 110 },
  { title: '字段', dataIndex: 'fieldLabel', width: 110 },
  { title: '原值', dataIndex: 'oldText', render: (v, r) => String(r.oldStatus_dictText || v || ''), ellipsis: true },
  { title: '新值', dataIndex: 'newText', render: (v, r) => String(r.newStatus_dictText || v || ''), ellipsis: true },
  { title: '原因', dataIndex: 'reason', ellipsis: true },
  { title: '生效日期', dataIndex: 'effectiveDate', type: 'date', width: 110 },
  { title: '操作人', dataIndex: 'operatorName', search: 'like', width: 100 },
];

/** 用户日志: who changed which field of which file, from what to what, when. */
export default function UserLogList() {
  return <ListPage columns={columns} url={{ list: HR_URL.logs }} selection={false} showDelete={false} showExport={false} showImport={false} showDetail={false} />;
}
