import { List } from 'antd-mobile';
import { useEffect, useRef } from 'react';
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

/** Gives each body cell of the view's tables its column's name (`data-label`), for the stacked card layout. */
export function labelTableCells(root: HTMLElement): void {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    const heads = Array.from(table.querySelectorAll('thead tr:last-child th')).map((th) => (th.textContent ?? '').trim());
    if (!heads.length) continue;
    for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
      Array.from(row.children).forEach((cell, i) => {
        const label = heads[i];
        if (label && cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
      });
    }
  }
}

/**
 * The application's form, read-only: the form type's own view (the declared-form view included), laid out for
 * a phone — labels above values and line-item tables as one card per row with each column's name — else the
 * fields as a list.
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
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    labelTableCells(el);
    // tables that render later (dictionaries, lazy parts) are labelled when they appear
    const watch = new MutationObserver(() => labelTableCells(el));
    watch.observe(el, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [data, formType]);
  if (!formType) return <FieldList data={data} />;
  const View = formType.View;
  return (
    <div className="h5-form-view h5-form-stacked" data-testid="h5-form-view" ref={ref}>
      <View data={data} />
    </div>
  );
}
