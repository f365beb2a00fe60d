import { PERFORMANCE_TABLE } from '../components/PerformanceEditor';
import { quarterText } from '../components/PerformanceView';
import { FormListPage } from '../components/FormListPage';

const score = (v: unknown) => (v === null || v === undefined ? '—' : String(v));

/** 绩效考评 list (form type 绩效). */
export default function PerformanceList() {
  return (
    <FormListPage
      tableName={PERFORMANCE_TABLE}
      listUrl="/forms/performance/list"
      newLabel="新增考评"
      testId="performance-list"
      columns={[
        { title: '标题', dataIndex: 'title', width: 220, ellipsis: true },
        { title: '被考评人', dataIndex: 'applicantName', width: 100 },
        { title: '考核年度', dataIndex: 'yearPart', width: 90 },
        { title: '季度', dataIndex: 'quarter', width: 100, render: (v: unknown) => quarterText(v) },
        { title: '自评分', dataIndex: 'selfScore', width: 80, align: 'right', render: score },
        { title: '考评得分', dataIndex: 'score', width: 90, align: 'right', render: score },
        { title: '最终得分', dataIndex: 'finalScore', width: 90, align: 'right', render: score },
      ]}
    />
  );
}
