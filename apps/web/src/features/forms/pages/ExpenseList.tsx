import { Typography } from 'antd';
import type { ListColumn } from '../../../components/list/types';
import { useDictText } from '../../../app/dict';
import { EXPENSE_TABLE } from '../components/ExpenseEditor';
import { money } from '../components/ExpenseView';
import { FormListPage, type FormRow } from '../components/FormListPage';

/** 费用报销 list (form type 费用). */
export default function ExpenseList() {
  const typeText = useDictText('expense_type');
  return (
    <FormListPage
      tableName={EXPENSE_TABLE}
      listUrl="/forms/expense/list"
      newLabel="新增报销"
      testId="expense-list"
      columns={
        [
          { title: '标题', dataIndex: 'title', width: 200, ellipsis: true },
          { title: '申请人', dataIndex: 'applicantName', width: 100 },
          {
            title: '费用类型',
            dataIndex: 'expenseType',
            width: 100,
            render: (v) => typeText(v) || String(v ?? ''),
          },
          {
            title: '金额（元）',
            dataIndex: 'amount',
            width: 120,
            align: 'right',
            render: (v) => <Typography.Text strong>{money(v as number)}</Typography.Text>,
          },
          { title: '报销事由', dataIndex: 'reason', width: 200, ellipsis: true },
        ] satisfies ListColumn<FormRow>[]
      }
    />
  );
}
