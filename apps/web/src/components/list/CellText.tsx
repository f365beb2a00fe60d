import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { dictText, useDictItems } from '../dict/useDictItems';
import type { ListColumn, Row } from './types';

/** Dictionary-coded cell: the server's `<field>_dictText`, else the cached dictionary text. */
function DictCell({ dictCode, value }: { dictCode: string; value: unknown }) {
  const options = useDictItems(dictCode);
  return <>{dictText(options, value)}</>;
}

/** Renders a cell from its column declaration: custom render, enum tag, dictionary text, value. */
export function renderCell(col: ListColumn<Row>, value: unknown, record: Row, index: number): ReactNode {
  if (col.render) return col.render(value, record, index);
  const translated = record[`${col.dataIndex}_dictText`];
  if (translated !== undefined && translated !== null && translated !== '') return String(translated);
  if (col.options) {
    const opt = col.options.find((o) => o.value === String(value ?? ''));
    if (!opt) return value === undefined || value === null ? '' : String(value);
    return opt.color ? <Tag color={opt.color}>{opt.text}</Tag> : opt.text;
  }
  if (col.dictCode) return <DictCell dictCode={col.dictCode} value={value} />;
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
