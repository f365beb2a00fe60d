import { Descriptions, Typography } from 'antd';
import type { FormViewProps } from '../../workflow/formTypes';

export const QUARTERS = [
  { value: 1, label: '第一季度' },
  { value: 2, label: '第二季度' },
  { value: 3, label: '第三季度' },
  { value: 4, label: '第四季度' },
];
export const quarterText = (q: unknown) => QUARTERS.find((x) => x.value === Number(q))?.label ?? '';
const score = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** 绩效考评表, read-only. */
export function PerformanceView({ data }: FormViewProps) {
  return (
    <div data-testid="performance-view">
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="标题" span={3}>
          {String(data.title ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label="被考评人">
          {String(data.applicantName ?? data.applicant ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label="考核年度">{String(data.yearPart ?? '')}</Descriptions.Item>
        <Descriptions.Item label="季度">{quarterText(data.quarter)}</Descriptions.Item>
        <Descriptions.Item label="自评分">{score(data.selfScore)}</Descriptions.Item>
        <Descriptions.Item label="考评得分">{score(data.score)}</Descriptions.Item>
        <Descriptions.Item label="最终得分">
          <Typography.Text strong>{score(data.finalScore)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="工作总结" span={3}>
          <div style={{ whiteSpace: 'pre-wrap', minHeight: 120 }}>{String(data.summary ?? '')}</div>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
