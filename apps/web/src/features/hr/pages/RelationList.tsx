import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { HR_URL } from '../components/hr-api';

const KINDS = [
  { key: 'contract30', label: '30天内合同到期' },
  { key: 'contract60', label: '60天内合同到期' },
  { key: 'contract90', label: '90天内合同到期' },
  { key: 'probation', label: '试用期将满' },
  { key: 'birthday', label: '本月生日' },
  { key: 'anniversary', label: '本月入职周年' },
];

const columns: ListColumn[] = [
  { title: '姓名', dataIndex: 'realname', search: 'like' },
  { title: '公司', dataIndex: 'company', dictCode: 'company', search: 'eq', hideInSuperQuery: true },
  { title: '部门', dataIndex: 'departName', search: 'like' },
  { title: '职务', dataIndex: 'post', render: (_v, r) => String(r.post_dictText ?? '') },
  { title: '状态', dataIndex: 'status', dictCode: 'hy_status' },
  { title: '出生日期', dataIndex: 'birthday', type: 'date' },
  { title: '入职日期', dataIndex: 'entryDate', type: 'date' },
  { title: '转正日期', dataIndex: 'regularDate', type: 'date' },
  { title: '合同结束', dataIndex: 'contractEnd', type: 'date' },
];

/** 员工关系: contracts ending in 30/60/90 days, probation ending, birthdays and work anniversaries this month. */
export default function RelationList() {
  const [sp, setSp] = useSearchParams();
  const kind = KINDS.some((k) => k.key === sp.get('kind')) ? (sp.get('kind') as string) : 'contract30';
  return (
    <ListPage
      key={kind}
      header={<Tabs activeKey={kind} onChange={(k) => setSp({ kind: k })} items={KINDS.map((k) => ({ key: k.key, label: k.label }))} />}
      columns={columns}
      url={{ list: HR_URL.relations }}
      extraParams={{ kind }}
      selection={false}
      showDelete={false}
      showExport={false}
      showImport={false}
      superQuery={false}
      syncUrl={false}
    />
  );
}
