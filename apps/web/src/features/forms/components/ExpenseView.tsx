import { Descriptions, Table, Typography } from 'antd';
import { useDictText } from '../../../app/dict';
import { FileUpload } from '../../../components/upload';
import type { FormViewProps } from '../../workflow/formTypes';

export interface ExpenseItem {
  name: string;
  amount: number;
  remark?: string | null;
}

export const money = (v: unknown) =>
  Number(v ?? 0).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 费用报销单, read-only (task form, my applications). */
export function ExpenseView({ data }: FormViewProps) {
  const typeText = useDictText('expense_type');
  const items = (Array.isArray(data.items) ? data.items : []) as ExpenseItem[];
  const total = items.reduce((s, i) => s + Number(i.amount || 0), 0);
  return (
    <div data-testid="expense-view">
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="标题" span={2}>
          {String(data.title ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label="申请人">
          {String(data.applicantName ?? data.applicant ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label="费用类型">
          {typeText(data.expenseType) || String(data.expenseType ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label="报销金额">
          <Typography.Text strong>¥ {money(data.amount ?? total)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="申请时间">
          {String(data.applyTime ?? data.createTime ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label="报销事由" span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{String(data.reason ?? '')}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>费用明细</Typography.Title>
      <Table<ExpenseItem & { key: number }>
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 480 }}
        dataSource={items.map((i, k) => ({ ...i, key: k }))}
        columns={[
          { title: '序号', key: 'no', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
          { title: '费用项目', dataIndex: 'name' },
          { title: '金额（元）', dataIndex: 'amount', align: 'right', width: 140, render: (v) => money(v) },
          { title: '备注', dataIndex: 'remark' },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              合计
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {money(total)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} />
          </Table.Summary.Row>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        附件
      </Typography.Title>
      {data.attachments ? (
        <FileUpload value={String(data.attachments)} disabled />
      ) : (
        <Typography.Text type="secondary">无</Typography.Text>
      )}
    </div>
  );
}
