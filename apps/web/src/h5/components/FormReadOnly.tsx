import { List } from 'antd-mobile';
import { findFormType } from '../../features/workflow/formTypes';

const HIDDEN =
  /^(id|tableId|tableName|procDefId|procInstId|delFlag|tenantId|createBy|updateBy|updateTime|sysOrgCode|status|result|routeName|version|attachments)$/;

/** Scalar fields of a form as label/value rows, when the form type has no view of its own. */
function FieldList({ data }: { data: Record<string, unknown> }) {
  const rows = Object.entries(data).filter(
    ([k, v]) =>
      !HIDDEN.test(k) && !k.endsWith('_dictText') && v !== null && v !== '' && typeof v !== 'object',
  );
  return (
    <List>
      {rows.map(([k, v]) => (
        <List.Item key={k} extra={String(data[`${k}_dictText`] ?? v)}>
          {k}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The application's form, read-only: the form type's own view (the declared-form view included) in a
 * phone-wide box whose wide tables scroll inside it, else the fields as a list.
 */
export function FormReadOnly({
  data,
  tableName,
  routeName,
}: {
  data: Record<string, unknown>;
  tableName?: string;
  routeName?: string;
}) {
  const formType = findFormType(tableName, routeName);
  if (!formType) return <FieldList data={data} />;
  const View = formType.View;
  return (
    <div className="h5-form-view" data-testid="h5-form-view">
      <View data={data} />
    </div>
  );
}
