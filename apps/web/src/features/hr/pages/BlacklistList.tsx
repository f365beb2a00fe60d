import { fileColumns, HyUserList } from '../components/HyUserList';

const columns = fileColumns([
  { title: '拉黑原因', dataIndex: 'blacklistReason', ellipsis: true },
  { title: '拉黑日期', dataIndex: 'statusDate', type: 'date', sorter: true },
]);

/** 黑名单 (/blacklist/HyUserList): removal back to the talent pool needs a reason. */
export default function BlacklistList() {
  return <HyUserList status="blacklist" columns={columns} exportName="黑名单" />;
}
