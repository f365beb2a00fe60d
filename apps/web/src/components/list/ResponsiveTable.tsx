import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { PhoneCard, PhoneCardList, usePhoneLayout } from './PhoneCards';
import { namedSelectAll } from './selection';

type Col<T> = ColumnType<T> & { children?: unknown };

const TITLE_KEYS = ['title', 'name', 'titile', 'jobName', 'realname', 'username'];
const STATUS_KEYS = ['status', 'state', 'result', 'readFlag', 'state_dictText', 'status_dictText'];

function indexOf<T>(c: Col<T>): string {
  const d = c.dataIndex;
  if (Array.isArray(d)) return d.join('.');
  return d === undefined || d === null ? String(c.key ?? '') : String(d);
}

function valueOf<T>(r: T, c: Col<T>): unknown {
  const d = c.dataIndex;
  if (d === undefined || d === null) return undefined;
  const path = Array.isArray(d) ? d : [d];
  let v: unknown = r;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[String(p)] : undefined;
  return v;
}

const isIndex = <T,>(c: Col<T>) => c.key === 'index' || c.title === '#' || c.title === '序号';
const isAction = <T,>(c: Col<T>) => c.key === 'action' || c.dataIndex === 'action' || c.title === '操作';

/**
 * An antd table that turns into cards below the product's mobile breakpoint (767.99 px): the title column
 * (`cardTitle`, else a column named title/name…, else the first), the status column (`cardStatus`, else
 * one named status/state/result or titled …状态), the other columns as labelled fields, and the 操作
 * column as the card's actions. The same props as `Table`; on phones row selection becomes a checkbox.
 */
export function ResponsiveTable<T extends object>(
  props: TableProps<T> & { cardTitle?: string; cardStatus?: string | null; cardTestId?: string },
) {
  const { cardTitle, cardStatus, cardTestId, ...tableProps } = props;
  const phone = usePhoneLayout();
  if (!phone) {
    const rs = tableProps.rowSelection;
    const named =
      rs && rs.type !== 'radio' && rs.columnTitle === undefined && !rs.hideSelectAll ? { ...rs, columnTitle: namedSelectAll } : rs;
    return <Table<T> {...tableProps} rowSelection={named} />;
  }

  const cols = ((tableProps.columns ?? []) as Col<T>[]).flatMap((c) => (Array.isArray(c.children) ? (c.children as Col<T>[]) : [c]));
  const usable = cols.filter((c) => !isIndex(c) && !c.hidden);
  const action = usable.find(isAction);
  const rest = usable.filter((c) => c !== action);
  const title =
    (cardTitle ? rest.find((c) => indexOf(c) === cardTitle) : undefined) ??
    rest.find((c) => TITLE_KEYS.includes(indexOf(c))) ??
    rest[0];
  const status =
    cardStatus === null
      ? undefined
      : ((cardStatus ? rest.find((c) => indexOf(c) === cardStatus) : undefined) ??
        rest.find((c) => c !== title && (STATUS_KEYS.includes(indexOf(c)) || (typeof c.title === 'string' && c.title.endsWith('状态')))));
  const fields = rest.filter((c) => c !== title && c !== status);

  const keyOf = (r: T, i: number): string => {
    const rk = tableProps.rowKey;
    if (typeof rk === 'function') return String(rk(r, i));
    if (typeof rk === 'string') return String((r as Record<string, unknown>)[rk]);
    return String((r as Record<string, unknown>).key ?? (r as Record<string, unknown>).id ?? i);
  };
  const cell = (c: Col<T> | undefined, r: T, i: number): ReactNode => {
    if (!c) return null;
    const v = valueOf(r, c);
    if (c.render) return c.render(v, r, i) as ReactNode;
    return v === null || v === undefined || v === '' ? '—' : String(v);
  };
  const rows = (tableProps.dataSource ?? []) as T[];
  const sel = tableProps.rowSelection;
  const selected = (sel?.selectedRowKeys ?? []).map(String);
  const pagination = tableProps.pagination;
  return (
    <PhoneCardList<T>
      rows={rows}
      rowKey={(r) => keyOf(r, rows.indexOf(r))}
      loading={typeof tableProps.loading === 'object' ? !!tableProps.loading.spinning : !!tableProps.loading}
      pagination={pagination === false ? false : pagination}
      emptyText={typeof tableProps.locale?.emptyText === 'function' ? tableProps.locale.emptyText() : tableProps.locale?.emptyText}
      renderCard={(r, i) => {
        const key = keyOf(r, i);
        const disabled = !!sel?.getCheckboxProps?.(r)?.disabled;
        return (
          <PhoneCard
            testId={cardTestId}
            title={cell(title, r, i)}
            status={status ? cell(status, r, i) : undefined}
            fields={fields.map((c, k) => ({ key: `${indexOf(c)}-${k}`, label: c.title as ReactNode, value: cell(c, r, i) }))}
            actions={action ? cell(action, r, i) : undefined}
            selectable={!!sel}
            selected={selected.includes(key)}
            disabled={disabled}
            onSelect={(checked) => {
              if (!sel?.onChange) return;
              const keys: Key[] =
                sel.type === 'radio' ? (checked ? [key] : []) : checked ? [...selected, key] : selected.filter((k) => k !== key);
              sel.onChange(
                keys,
                rows.filter((x, j) => keys.map(String).includes(keyOf(x, j))),
                { type: sel.type === 'radio' ? 'single' : 'multiple' },
              );
            }}
          />
        );
      }}
    />
  );
}
