import { MONTH_FIELDS, MONTH_TITLES } from '@go/contract/performance/index';
import type { FormModalProps } from '../../../components/list/ListPage';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { SheetFormModal } from '../components/SheetFormModal';
import { PERF_AUTH, scoreText } from '../components/shared';

const columns: ListColumn[] = [
  { title: '姓名', dataIndex: 'userName', search: 'like', width: 90, fixed: 'left' },
  { title: '公司', dataIndex: 'orgName', search: 'like', width: 150, ellipsis: true },
  { title: '部门', dataIndex: 'departName', search: 'like', width: 110, ellipsis: true },
  { title: '年度', dataIndex: 'yearPart', search: 'eq', sorter: true, width: 70 },
  ...MONTH_FIELDS.map((f, i): ListColumn => ({ title: MONTH_TITLES[i], dataIndex: f, width: 64, align: 'right', type: 'number', render: scoreText })),
  { title: '平均分', dataIndex: 'avgCount', sorter: true, width: 76, align: 'right', type: 'number', render: (v) => <b>{scoreText(v)}</b> },
];

function Form(props: FormModalProps<Row>) {
  return <SheetFormModal {...props} base="/userYearPerf" title="年度绩效" fields={MONTH_FIELDS.map((f, i) => ({ key: f, label: MONTH_TITLES[i] }))} />;
}

/** 年度绩效 (userYearPerf): one row per person and year, twelve months and their average. */
export default function UserYearPerfList() {
  return (
    <div data-testid="user-year-perf">
      <ListPage
        columns={columns}
        url={{ list: '/userYearPerf/list', exportXls: '/userYearPerf/exportXls' }}
        exportName="年度绩效"
        defaultSort={{ column: 'yearPart', order: 'desc' }}
        form={Form}
        auth={{ add: PERF_AUTH.yearAdd, edit: PERF_AUTH.yearEdit, export: PERF_AUTH.yearExport }}
        showDelete={false}
        showImport={false}
        showDetail={false}
        selection={false}
        superQuery={false}
        actionWidth={80}
      />
    </div>
  );
}
