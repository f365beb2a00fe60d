import { QUARTER_FIELDS, QUARTER_ID_FIELDS, QUARTER_TITLES } from '@go/contract/performance/index';
import { Tooltip } from 'antd';
import type { FormModalProps } from '../../../components/list/ListPage';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { KpiRoundButton } from '../components/KpiRoundModal';
import { SheetFormModal } from '../components/SheetFormModal';
import { PERF_AUTH, scoreText } from '../components/shared';

const columns: ListColumn[] = [
  { title: '姓名', dataIndex: 'userName', search: 'like', width: 90 },
  { title: '公司', dataIndex: 'orgName', search: 'like', width: 150, ellipsis: true },
  { title: '部门', dataIndex: 'departName', search: 'like', width: 110, ellipsis: true },
  { title: '职务', dataIndex: 'postName', width: 90 },
  { title: '年度', dataIndex: 'yearPart', search: 'eq', sorter: true, width: 70 },
  ...QUARTER_FIELDS.map(
    (f, i): ListColumn => ({
      title: QUARTER_TITLES[i],
      dataIndex: f,
      width: 90,
      align: 'right',
      type: 'number',
      // a score from a finished evaluation carries its link
      render: (v, r) =>
        r[QUARTER_ID_FIELDS[i]] ? (
          <Tooltip title="来自绩效考评流程">
            <span data-testid={`${f}-linked`}>{scoreText(v)} ✓</span>
          </Tooltip>
        ) : (
          scoreText(v)
        ),
    }),
  ),
];

function Form(props: FormModalProps<Row>) {
  return (
    <SheetFormModal
      {...props}
      base="/userYearPart"
      title="季度绩效"
      fields={QUARTER_FIELDS.map((f, i) => ({ key: f, label: QUARTER_TITLES[i] }))}
      extra={props.mode === 'edit' ? [{ key: 'departName', label: '部门' }, { key: 'postName', label: '职务' }] : undefined}
    />
  );
}

/** 季度绩效 (userYearPart): four quarter scores, each linked to the evaluation that produced it. */
export default function UserYearPartList() {
  return (
    <div data-testid="user-year-part">
      <ListPage
        columns={columns}
        url={{ list: '/userYearPart/list', exportXls: '/userYearPart/exportXls', importExcel: '/userYearPart/importExcel' }}
        exportName="季度绩效"
        defaultSort={{ column: 'yearPart', order: 'desc' }}
        form={Form}
        auth={{ add: PERF_AUTH.partAdd, edit: PERF_AUTH.partEdit, export: PERF_AUTH.partExport, import: PERF_AUTH.partImport }}
        showDelete={false}
        showDetail={false}
        selection={false}
        superQuery={false}
        actionWidth={80}
        toolbar={() => <KpiRoundButton />}
      />
    </div>
  );
}
