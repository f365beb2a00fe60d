import { MONTH_FIELDS, MONTH_TITLES } from '@go/contract/performance/index';
import type { FormModalProps } from '../../../components/list/ListPage';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { SheetFormModal } from '../components/SheetFormModal';
import { PERF_AUTH, scoreText } from '../components/shared';

// At 1440 px the whole year and its average fit without sideways scrolling (平均分 is what HR opens
// this list for): the company is a search field and shows in the department's tooltip, not a column.
const columns: ListColumn[] = [
  { title: '姓名', dataIndex: 'userName', search: 'like', width: 72, fixed: 'left', keyColumn: true },
  { title: '公司', dataIndex: 'orgName', search: 'like', hideInTable: true },
  {
    title: '部门',
    dataIndex: 'departName',
    search: 'like',
    width: 100,
    ellipsis: true,
    render: (v, r) => <span title={[r.orgName, v].filter(Boolean).join(' / ')}>{String(v ?? '')}</span>,
  },
  { title: '年度', dataIndex: 'yearPart', search: 'eq', sorter: true, width: 70, keyColumn: true },
  ...MONTH_FIELDS.map((f, i): ListColumn => ({ title: MONTH_TITLES[i], dataIndex: f, width: 60, align: 'right', type: 'number', render: scoreText, keyColumn: true })),
  { title: '平均分', dataIndex: 'avgCount', sorter: true, width: 78, align: 'right', type: 'number', render: (v) => <b>{scoreText(v)}</b>, keyColumn: true },
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
        url={{ list: '/userYearPerf/list', exportXls: '/userYearPerf/exportXls', importExcel: '/userYearPerf/importExcel' }}
        exportName="年度绩效"
        defaultSort={{ column: 'yearPart', order: 'desc' }}
        form={Form}
        auth={{ add: PERF_AUTH.yearAdd, edit: PERF_AUTH.yearEdit, export: PERF_AUTH.yearExport, import: PERF_AUTH.yearImport }}
        showDelete={false}
        showDetail={false}
        selection={false}
        superQuery={false}
        actionWidth={60}
      />
    </div>
  );
}
