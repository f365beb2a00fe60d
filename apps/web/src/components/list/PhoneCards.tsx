import { Card, Checkbox, Empty, Grid, Pagination, Spin } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import './phone-cards.css';

/** Below the product's mobile breakpoint (767.99 px) lists show cards instead of wide tables. */
export function usePhoneLayout(): boolean {
  return Grid.useBreakpoint().md === false;
}

export interface PhoneCardField {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/** One row as a card: title, status, key figures, the other fields, and the row's actions. */
export function PhoneCard({
  title,
  status,
  figures,
  fields = [],
  actions,
  selectable,
  selected,
  disabled,
  onSelect,
  className,
  testId = 'phone-card',
}: {
  title: ReactNode;
  status?: ReactNode;
  /** key figures (amount, reason …), shown prominently under the title */
  figures?: ReactNode;
  fields?: PhoneCardField[];
  actions?: ReactNode;
  selectable?: boolean;
  selected?: boolean;
  disabled?: boolean;
  onSelect?: (checked: boolean) => void;
  className?: string;
  testId?: string;
}) {
  return (
    <Card size="small" className={`phone-card ${className ?? ''}`} data-testid={testId}>
      <div className="phone-card-head">
        {selectable && (
          <Checkbox
            checked={selected}
            disabled={disabled}
            onChange={(e) => onSelect?.(e.target.checked)}
            aria-label="选择"
            className="phone-card-check"
          />
        )}
        <div className="phone-card-title">{title}</div>
        {status ? <div className="phone-card-status">{status}</div> : null}
      </div>
      {figures ? <div className="phone-card-figures">{figures}</div> : null}
      {fields.length > 0 && (
        <dl className="phone-card-fields">
          {fields.map((f) => (
            <div key={f.key} className="phone-card-field">
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions ? <div className="phone-card-actions">{actions}</div> : null}
    </Card>
  );
}

/** A list of phone cards with the loading and empty states (the page's own empty text) and a compact pagination. */
export function PhoneCardList<T>({
  rows,
  rowKey,
  loading,
  renderCard,
  pagination,
  emptyText,
}: {
  rows: T[];
  rowKey: (r: T) => string;
  loading?: boolean;
  renderCard: (r: T, index: number) => ReactNode;
  pagination?: TablePaginationConfig | false;
  emptyText?: ReactNode;
}) {
  return (
    <Spin spinning={!!loading}>
      <div className="phone-card-list" data-testid="phone-card-list">
        {rows.length === 0 ? (
          <Empty description={loading ? '加载中...' : (emptyText ?? '暂无数据')} />
        ) : (
          rows.map((r, i) => <div key={rowKey(r)}>{renderCard(r, i)}</div>)
        )}
      </div>
      {pagination && (pagination.total ?? 0) > 0 && (
        <Pagination
          size="small"
          simple
          className="phone-card-pagination"
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          onChange={(p, s) => pagination.onChange?.(p, s)}
        />
      )}
    </Spin>
  );
}
