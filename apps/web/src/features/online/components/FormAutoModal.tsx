import { onlineChangeType, validateCgformValue } from '@go/contract';
import { App, Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space, Spin, Switch, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { CategorySelect } from '../../../components/dict/CategorySelect';
import { DictSearchSelect } from '../../../components/dict/DictSearchSelect';
import { DictSelect } from '../../../components/dict/DictSelect';
import { DictTreeSelect } from '../../../components/dict/DictTreeSelect';
import { EditableGrid, isTempId, type CellType, type GridColumn, type GridHandle } from '../../../components/grid';
import { AreaLinkage } from '../../../components/pickers/AreaLinkage';
import { DepartPicker } from '../../../components/pickers/DepartPicker';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
import type { DictOption, FormColumns, FormFieldDef, SubTableDef } from '../formApi';
import { formApi } from '../formApi';
import { openSubTables } from '../sub-table-open';
import { ReportPopup } from './ReportPopup';

const ruleOf = (f: FormFieldDef) => ({
  validator: async (_: unknown, v: unknown) => {
    const err = validateCgformValue({ ...f, dbType: f.dbType }, Array.isArray(v) ? v.join(',') : v);
    if (err) throw new Error(err);
  },
});

/** A table dictionary as the dictionary widgets name it (`table,text,code`), else the dictionary code. */
const dictOf = (f: FormFieldDef) => (f.dictTable ? `${f.dictTable},${f.dictText},${f.dictField}` : (f.dictField ?? ''));

/**
 * The popup field (stock JPopup): the report `dictTable`, its columns `dictField` fill the form fields
 * `dictText`; the field shows the report column that fills it (else the first one).
 */
function popupWidget(f: FormFieldDef, fill: (values: Record<string, string>) => void): ReactNode {
  const org = (f.dictField ?? '').split(',').map((x) => x.trim());
  const dest = (f.dictText ?? '').split(',').map((x) => x.trim());
  const own = dest.indexOf(f.dbFieldName);
  return (
    <ReportPopup
      aria-label={f.dbFieldTxt}
      data-testid={`cgform-field-${f.dbFieldName}`}
      title={f.dbFieldTxt}
      code={f.dictTable ?? ''}
      field={org[own >= 0 ? own : 0] ?? ''}
      orgFields={f.dictField ?? ''}
      destFields={f.dictText ?? ''}
      placeholder={`请选择${f.dbFieldTxt}`}
      onPick={fill}
    />
  );
}

/** The widget of a field (field_show_type), values kept as the server stores them (text dates). */
function widget(f: FormFieldDef, options: DictOption[] | undefined, fill: (values: Record<string, string>) => void): ReactNode {
  const opts = (options ?? []).map((o) => ({ value: o.value, label: o.text }));
  const label = f.dbFieldTxt;
  switch (f.fieldShowType) {
    case 'popup':
      return popupWidget(f, fill);
    case 'sel_depart':
      return <DepartPicker placeholder={`请选择${label}`} />;
    case 'sel_user':
      return <UserByDepPicker multi={false} placeholder={`请选择${label}`} />;
    case 'pca':
      return <AreaLinkage placeholder={`请选择${label}`} />;
    case 'sel_search':
      // a table dictionary is searched on the server as the user types; a plain dictionary's items are
      // loaded once and filtered here (the server's keyword search takes table dictionaries only)
      return f.dictTable ? (
        <DictSearchSelect dict={dictOf(f)} placeholder={`请选择${label}`} />
      ) : (
        <DictSelect dictCode={f.dictField ?? ''} placeholder={`请选择${label}`} />
      );
    case 'sel_tree':
      return <DictTreeSelect dict={dictOf(f)} placeholder={`请选择${label}`} />;
    case 'cat_tree':
      return <CategorySelect pcode={f.dictField || undefined} placeholder={`请选择${label}`} />;
    case 'list':
      return <Select aria-label={label} allowClear options={opts} placeholder={`请选择${label}`} />;
    case 'radio':
      return <Radio.Group aria-label={label} options={opts} />;
    case 'checkbox':
      return <Checkbox.Group aria-label={label} options={opts} />;
    case 'textarea':
      return <Input.TextArea aria-label={label} rows={3} />;
    case 'password':
      return <Input.Password aria-label={label} />;
    case 'switch':
      return <Switch aria-label={label} />;
    default:
      if (f.dbType === 'int' || f.dbType === 'double' || f.dbType === 'decimal') return <InputNumber aria-label={label} style={{ width: '100%' }} />;
      return <Input aria-label={label} placeholder={`请输入${label}`} data-testid={`cgform-field-${f.dbFieldName}`} />;
  }
}

function cellType(f: FormFieldDef): CellType {
  if (f.dictField) return f.fieldShowType === 'checkbox' ? 'selectMultiple' : 'select';
  if (f.dbType === 'date') return 'date';
  if (f.dbType === 'datetime') return 'datetime';
  if (f.dbType === 'int' || f.dbType === 'double' || f.dbType === 'decimal') return 'inputNumber';
  return f.dbType === 'text' ? 'textarea' : 'input';
}

function subColumns(s: SubTableDef): GridColumn[] {
  return s.fields.map((f) => ({
    key: f.dbFieldName,
    title: f.dbFieldTxt,
    type: cellType(f),
    width: 160,
    options: s.dictOptions[f.dbFieldName]?.map((o) => ({ value: o.value, label: o.text })),
    validateRules: [
      {
        handler: ({ value }) => validateCgformValue(f, value) ?? true,
      },
    ],
  }));
}

const isDate = (f: FormFieldDef) => f.dbType === 'date' || f.dbType === 'datetime';

/** The generated add/edit dialog: one item per form field (required, length, type and §5 rule as on the server) and a grid per sub table. */
export function FormAutoModal({ code, meta, editId, open, onClose }: { code: string; meta: FormColumns; editId: string | null; open: boolean; onClose: (saved: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const grids = useRef<Record<string, GridHandle | null>>({});
  const [subRows, setSubRows] = useState<Record<string, Record<string, unknown>[]>>({});
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setSubRows({});
    if (!editId) return;
    setLoading(true);
    // a form with sub tables opens them with the record: tried again 3 times, then 打开子表失败
    (meta.subTables.length ? openSubTables(() => formApi.get(code, editId)) : formApi.get(code, editId))
      .then((r) => {
        const v: Record<string, unknown> = {};
        for (const f of meta.formFields) {
          const x = r[f.dbFieldName];
          if (isDate(f)) v[f.dbFieldName] = x ? dayjs(String(x)) : undefined;
          else if (f.fieldShowType === 'checkbox') v[f.dbFieldName] = x ? String(x).split(',') : [];
          else v[f.dbFieldName] = x;
        }
        form.setFieldsValue(v);
        const subs: Record<string, Record<string, unknown>[]> = {};
        for (const s of meta.subTables) subs[s.tableName] = Array.isArray(r[s.tableName]) ? (r[s.tableName] as Record<string, unknown>[]) : [];
        setSubRows(subs);
      }, (e: Error) => message.warning(e.message))
      .finally(() => setLoading(false));
  }, [open, editId, code, meta, form, message]);

  // A popup pick fills the form fields it names (only those this form has).
  const fill = (values: Record<string, string>) => {
    const known = new Set(meta.formFields.map((x) => x.dbFieldName));
    form.setFieldsValue(Object.fromEntries(Object.entries(values).filter(([k]) => known.has(k))));
  };

  const save = async () => {
    const raw = (await form.validateFields()) as Record<string, unknown>;
    const body: Record<string, unknown> = {};
    for (const f of meta.formFields) {
      const v = raw[f.dbFieldName];
      if (isDate(f)) body[f.dbFieldName] = v && dayjs.isDayjs(v) ? v.format(f.dbType === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss') : '';
      else if (Array.isArray(v)) body[f.dbFieldName] = v.join(',');
      else if (typeof v === 'boolean') body[f.dbFieldName] = v ? '1' : '0';
      else body[f.dbFieldName] = v ?? '';
    }
    for (const s of meta.subTables) {
      const g = await grids.current[s.tableName]?.getValues(true);
      if (!g) continue;
      if (g.error > 0) return void message.warning(`请检查${s.tableTxt}`);
      body[s.tableName] = g.values.map(({ id, ...rest }) => {
        const out: Record<string, unknown> = { ...rest };
        if (!isTempId(String(id))) out.id = id;
        for (const k of Object.keys(out)) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).join(',');
        return out;
      });
    }
    setBusy(true);
    try {
      const r = editId ? await formApi.edit(code, { ...body, id: editId }) : await formApi.add(code, body);
      if (!r.success) return void message.warning(r.message);
      message.success(r.message);
      onClose(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      width={meta.subTables.length ? 1100 : 800}
      title={editId ? '编辑' : '新增'}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          {editId ? <ChangeLogButton recordType={onlineChangeType(meta.currentTableName, meta.code)} recordId={editId} /> : null}
          <Button onClick={() => onClose(false)}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="cgform-row-save">
            确定
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" aria-label={meta.description}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 16 }}>
            {meta.formFields.map((f) => (
              <Form.Item key={f.dbFieldName} name={f.dbFieldName} label={f.dbFieldTxt} required={f.dbIsNull === 0} rules={isDate(f) ? (f.dbIsNull === 0 ? [{ required: true, message: `${f.dbFieldTxt}不能为空` }] : []) : [ruleOf(f)]} valuePropName={f.fieldShowType === 'switch' ? 'checked' : 'value'}>
                {isDate(f) ? <DatePicker aria-label={f.dbFieldTxt} showTime={f.dbType === 'datetime'} style={{ width: '100%' }} /> : widget(f, meta.dictOptions[f.dbFieldName], fill)}
              </Form.Item>
            ))}
          </div>
        </Form>
        {meta.subTables.length > 0 && (
          <Tabs
            items={meta.subTables.map((s) => ({
              key: s.tableName,
              label: s.tableTxt,
              children: (
                <EditableGrid
                  ref={(h) => {
                    grids.current[s.tableName] = h;
                  }}
                  columns={subColumns(s)}
                  dataSource={subRows[s.tableName] ?? []}
                  rowNumber
                  rowSelection
                  alwaysEdit
                  maxHeight={300}
                  data-testid={`cgform-sub-${s.tableName}`}
                />
              ),
            }))}
          />
        )}
      </Spin>
    </Modal>
  );
}
