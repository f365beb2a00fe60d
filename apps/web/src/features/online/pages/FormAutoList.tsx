import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { areaText } from '../../../components/pickers/AreaLinkage';
import { DepartName } from '../../../components/pickers/DepartPicker';
import { SenderName } from '../../announcement/components/SenderName';
import { FormAutoModal } from '../components/FormAutoModal';
import { formApi, type FormColumns, type FormQueryItem } from '../formApi';

/** Picker fields keep ids, usernames and area codes: the list shows names. */
function pickerText(showType: string | undefined): ListColumn['render'] {
  if (showType === 'sel_depart') return (v) => <DepartName value={v ? String(v) : null} />;
  if (showType === 'sel_user') return (v) => <SenderName username={v ? String(v) : null} />;
  if (showType === 'pca') return (v) => areaText(v ? String(v) : undefined);
  return undefined;
}

function listColumns(meta: FormColumns, query: FormQueryItem[]): ListColumn[] {
  const q = new Map(query.map((x) => [x.field, x]));
  const fieldType = (t: string | undefined): ListColumn['type'] =>
    t === 'int' || t === 'double' || t === 'decimal' ? 'number' : t === 'date' ? 'date' : t === 'datetime' ? 'datetime' : 'string';
  const cols: ListColumn[] = meta.columns.map((c) => {
    const item = q.get(c.dataIndex);
    const opts = meta.dictOptions[c.dataIndex];
    const def = meta.formFields.find((f) => f.dbFieldName === c.dataIndex);
    return {
      title: c.title,
      dataIndex: c.dataIndex,
      sorter: true,
      ellipsis: true,
      type: opts ? 'dict' : fieldType(def?.dbType ?? item?.type),
      options: opts?.map((o) => ({ value: o.value, text: o.text })),
      search: item ? (item.mode === 'group' ? 'range' : opts ? 'eq' : 'like') : undefined,
      render: opts ? (v: unknown, r: Row) => String(r[`${c.dataIndex}_dictText`] ?? v ?? '') : pickerText(def?.fieldShowType),
    };
  });
  // Query items on fields not shown in the list still get a search field.
  for (const item of query)
    if (!cols.some((c) => c.dataIndex === item.field))
      cols.push({
        title: item.label,
        dataIndex: item.field,
        hideInTable: true,
        type: item.dictOptions ? 'dict' : fieldType(item.type),
        options: item.dictOptions?.map((o) => ({ value: o.value, text: o.text })),
        search: item.mode === 'group' ? 'range' : item.dictOptions ? 'eq' : 'like',
      });
  return cols;
}

/** The generated list of an online form: menu URL `/online/cgformList/<head id>` (stock OnlCgformAutoList). */
export default function FormAutoList() {
  const { pathname } = useLocation();
  const code = decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<{ id: string | null; reload: () => void } | null>(null);
  const meta = useQuery({ queryKey: ['cgform', code, 'columns'], queryFn: () => formApi.columns(code), retry: false });
  const query = useQuery({ queryKey: ['cgform', code, 'query'], queryFn: () => formApi.queryInfo(code), retry: false });
  const columns = useMemo(() => (meta.data && query.data ? listColumns(meta.data, query.data) : []), [meta.data, query.data]);

  if (meta.error || query.error) return <Alert type="error" showIcon message={(meta.error ?? query.error)?.message ?? '加载失败'} />;
  if (!meta.data || !query.data) return <Spin style={{ margin: 48 }} />;
  const m = meta.data;

  const remove = (r: Row, h: ListHelpers<Row>) =>
    modal.confirm({
      title: '确认删除',
      content: '是否删除选中数据?',
      onOk: async () => {
        const res = await formApi.remove(code, String(r.id));
        if (!res.success) return void message.warning(res.message);
        message.success(res.message);
        h.reload();
      },
    });

  const A = '/online/cgform/api';
  return (
    <>
      <ListPage
        key={code}
        title={m.description}
        columns={columns}
        url={{ list: `${A}/getData/${encodeURIComponent(code)}`, exportXls: `${A}/exportXls/${encodeURIComponent(code)}`, importExcel: `${A}/importXls/${encodeURIComponent(code)}` }}
        exportName={m.description}
        defaultSort={{ column: 'create_time', order: 'desc' }}
        tree={m.pidField ? { pidField: m.pidField, hasChildField: m.hasChildrenField ?? 'has_child' } : undefined}
        superQuery={false}
        showDelete={false}
        toolbar={(h) => (
          <Button type="primary" data-testid="cgform-add" onClick={() => setEditing({ id: null, reload: h.reload })}>
            新增
          </Button>
        )}
        rowMenu={(r, h) => [
          { key: 'edit', label: '编辑', onClick: () => setEditing({ id: String(r.id), reload: h.reload }) },
          { key: 'delete', label: '删除', onClick: () => remove(r, h) },
        ]}
      />
      <FormAutoModal
        code={code}
        meta={m}
        editId={editing?.id ?? null}
        open={!!editing}
        onClose={(saved) => {
          if (saved) editing?.reload();
          setEditing(null);
        }}
      />
    </>
  );
}
