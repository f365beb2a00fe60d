import {
  checkField,
  computeValues,
  inputFields,
  requiredMessage,
  type FieldDecl,
  type FormDeclaration,
} from '@go/contract/forms/index';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Spin, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDictOptions } from '../../../app/dict';
import { EditableGrid, type GridHandle } from '../../../components/grid/EditableGrid';
import type { GridColumn } from '../../../components/grid/types';
import { PositionPicker } from '../../../components/pickers/EntitySelector';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
import { FileUpload } from '../../../components/upload';
import { ApplyModal } from '../../workflow/components/ApplyModal';
import { fullScreenProps } from '../../workflow/components/TaskFormModal';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import type { FormEditorProps } from '../../workflow/formTypes';
import { useNarrow } from '../../workflow/useNarrow';
import { useApplication } from '../components/useApplication';
import { useFieldText } from './DeclaredView';

/** antd rules of a field: the same `checkField` the server schema uses, plus the cross-field rule. */
export function fieldRules(f: FieldDecl): Rule[] {
  const rules: Rule[] = [
    {
      required: !!f.required,
      validator: async (_r, v) => {
        const res = checkField(f, v);
        if (res.error) throw new Error(res.error);
      },
    },
  ];
  if (f.gte) {
    const { field, message } = f.gte;
    rules.push(({ getFieldValue }) => ({
      validator: async (_r, v) => {
        const other = getFieldValue(field) as unknown;
        if (v && other && String(v) < String(other)) throw new Error(message);
      },
    }));
  }
  return rules;
}

/** The input of one declared field (a component so dictionary hooks stay in order). */
function FieldInput({ f, value, onChange, id }: { f: FieldDecl; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const dict = useDictOptions(f.dict ?? '');
  const testId = `field-${f.key}`;
  if (f.ref === 'position') {
    return (
      <span data-testid={testId}>
        <PositionPicker id={id} value={value as string} onChange={(v) => onChange?.(v)} />
      </span>
    );
  }
  switch (f.type) {
    case 'textarea':
      return <Input.TextArea id={id} rows={3} maxLength={f.max ?? 2000} value={value as string} onChange={(e) => onChange?.(e.target.value)} data-testid={testId} placeholder={f.placeholder} />;
    case 'money':
    case 'number':
    case 'integer':
      return (
        <InputNumber
          id={id}
          style={{ width: '100%' }}
          value={value as number}
          onChange={(v) => onChange?.(v ?? undefined)}
          precision={f.type === 'money' ? 2 : f.type === 'integer' ? 0 : undefined}
          min={f.min ?? (f.type === 'money' ? 0 : undefined)}
          max={f.max}
          placeholder={f.placeholder ?? `请输入${f.label}`}
          data-testid={testId}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          id={id}
          style={{ width: '100%' }}
          showTime={f.type === 'datetime'}
          value={value ? dayjs(String(value)) : null}
          onChange={(d) => onChange?.(d ? d.format(f.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss') : undefined)}
          placeholder={f.placeholder ?? `请选择${f.label}`}
          data-testid={testId}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          allowClear
          value={value as string}
          onChange={(v) => onChange?.(v)}
          options={f.options ?? dict}
          placeholder={f.placeholder ?? '请选择'}
          data-testid={testId}
        />
      );
    case 'user':
    case 'users':
      return (
        <span data-testid={testId}>
          <UserByDepPicker id={id} value={value as string} onChange={(v) => onChange?.(v)} multi={f.type === 'users'} placeholder={f.placeholder ?? `请选择${f.label}`} />
        </span>
      );
    case 'files':
      return <FileUpload value={value as string} onChange={(v) => onChange?.(v)} biz="oa/forms" />;
    default:
      return <Input id={id} maxLength={f.max ?? 200} value={value as string} onChange={(e) => onChange?.(e.target.value)} placeholder={f.placeholder ?? `请输入${f.label}`} data-testid={testId} />;
  }
}

function Computed({ f, value }: { f: FieldDecl; value: unknown }) {
  const text = useFieldText(f);
  return (
    <Typography.Text strong data-testid={`field-${f.key}`}>
      {text(value) || '—'}
    </Typography.Text>
  );
}

let rowSeq = 0;

/** Modal props of a declaration's layout: full screen, wide (1200 px), goods, or 80 %. */
export function layoutProps(decl: FormDeclaration, narrow: boolean) {
  if (decl.layout === 'full') return fullScreenProps(true, narrow);
  if (narrow) return fullScreenProps(false, true);
  if (decl.layout === 'wide' || decl.layout === 'goods') return { width: 1200, className: decl.layout === 'goods' ? 'form-goods' : undefined };
  return fullScreenProps(false, false);
}

/**
 * The generic editor of a declared form type: one input per entered field (two columns), line items in the
 * editable grid, computed values shown live; save a draft or submit (apply dialog).
 */
export function DeclaredEditor({ decl, open, businessId, procDefId, onClose }: FormEditorProps & { decl: FormDeclaration }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const grid = useRef<GridHandle>(null);
  const app = useApplication(decl.key, open, businessId, procDefId);
  const narrow = useNarrow();
  const [changed, setChanged] = useState(false);
  const items = decl.items;
  const [rows, setRows] = useState<Record<string, unknown>[]>([{ id: `n${++rowSeq}` }]);
  const [itemValues, setItemValues] = useState<Record<string, unknown>[]>([]);
  const watched = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const computed = useMemo(
    () => computeValues(decl, { ...(watched ?? {}), ...(items ? { [items.key]: itemValues } : {}) }),
    [decl, watched, items, itemValues],
  );

  useEffect(() => {
    const d = app.existing.data;
    if (!d) return;
    const values: Record<string, unknown> = { title: d.title };
    for (const f of inputFields(decl.fields)) values[f.key] = d[f.key] ?? undefined;
    form.setFieldsValue(values);
    if (items) {
      const list = (Array.isArray(d[items.key]) ? d[items.key] : []) as Record<string, unknown>[];
      setRows(list.map((r) => ({ id: `n${++rowSeq}`, ...r })));
      setItemValues(list);
    }
  }, [app.existing.data, form, decl, items]);

  const columns = useMemo<GridColumn[]>(
    () =>
      (items ? inputFields(items.fields) : []).map((f) => ({
        key: f.key,
        title: f.label,
        type: f.type === 'money' || f.type === 'number' || f.type === 'integer' ? 'inputNumber' : 'input',
        width: f.type === 'money' ? 160 : 200,
        statistics: f.type === 'money' ? ['sum'] : undefined,
        validateRules: [
          ...(f.required ? [{ required: true, message: requiredMessage(f) }] : []),
          ...(f.type === 'money' ? [{ pattern: 'money', message: `${f.label}最多两位小数` }] : []),
        ],
      })),
    [items],
  );

  const collect = async (): Promise<Record<string, unknown> | null> => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    const data: Record<string, unknown> = { ...values, title: String(values.title ?? '').trim() || undefined };
    if (items) {
      const g = await grid.current?.getValues(true);
      if (!g) return null;
      if (g.error > 0) {
        message.error(`${items.label}填写有误，请检查`);
        return null;
      }
      const list = g.values
        .map((r) => Object.fromEntries(inputFields(items.fields).map((f) => [f.key, r[f.key]])))
        .filter((r) => Object.values(r).some((v) => v !== undefined && v !== null && String(v).trim() !== ''));
      if (list.length < (items.min ?? 1)) {
        message.error(items.minMessage ?? `请至少填写一条${items.label}`);
        return null;
      }
      data[items.key] = list;
    }
    return data;
  };

  const saveDraft = async () => {
    const data = await collect();
    if (!data) return;
    if (await app.save(data)) {
      message.success('保存成功');
      onClose(true);
    }
  };
  const submit = async () => {
    const data = await collect();
    if (!data) return;
    const target = await app.save(data);
    if (target) {
      setChanged(true);
      app.setApplyTarget(target);
    }
  };

  return (
    <Modal
      title={businessId ? `编辑${decl.name}` : `新增${decl.name}`}
      open={open}
      {...layoutProps(decl, narrow)}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(changed)}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          {businessId && app.existing.data?.tableId ? <ChangeLogButton recordType={decl.key} recordId={String(app.existing.data.tableId)} /> : null}
          <Button onClick={() => onClose(changed)}>取消</Button>
          <Button loading={app.saving} onClick={saveDraft} data-testid={`${decl.slug}-save`}>
            保存草稿
          </Button>
          <Button type="primary" loading={app.saving} onClick={submit} data-testid={`${decl.slug}-submit`}>
            提交申请
          </Button>
        </Space>
      }
    >
      <Spin spinning={app.existing.isFetching}>
        <Form form={form} name={`${decl.slug}Form`} layout="vertical" data-testid={`${decl.slug}-form`}>
          <Row gutter={16}>
            <Col xs={24}>
              <Form.Item name="title" label="标题">
                <Input maxLength={200} placeholder={`不填则为“姓名的${decl.name}”加关键信息`} data-testid="field-title" />
              </Form.Item>
            </Col>
            {decl.fields.map((f) =>
              f.hidden ? (
                // an id or a code the record needs and nobody reads
                <Form.Item key={f.key} name={f.key} hidden>
                  <Input />
                </Form.Item>
              ) : f.input === false ? (
                f.compute ? (
                  <Col key={f.key} xs={24} md={12}>
                    <Form.Item label={f.label}>
                      <Computed f={f} value={computed[f.key]} />
                    </Form.Item>
                  </Col>
                ) : null
              ) : (
                <Col key={f.key} xs={24} md={f.span === 2 || f.type === 'textarea' || f.type === 'files' ? 24 : 12}>
                  <Form.Item
                    name={f.key}
                    label={f.label}
                    rules={fieldRules(f)}
                    dependencies={f.gte ? [f.gte.field] : undefined}
                    validateFirst
                  >
                    <FieldInput f={f} />
                  </Form.Item>
                </Col>
              ),
            )}
          </Row>
          {items && (
            <Form.Item label={items.label} required={(items.min ?? 1) > 0}>
              <EditableGrid
                ref={grid}
                columns={columns}
                dataSource={rows}
                rowNumber
                rowSelection
                toolbar
                toolbarButtons={['add', 'remove', 'clearSelection']}
                alwaysEdit
                maxHeight={320}
                onChange={(v) => setItemValues(v.rows)}
                data-testid={`${decl.slug}-items`}
              />
            </Form.Item>
          )}
        </Form>
      </Spin>
      <ApplyModal
        target={app.applyTarget}
        onClose={(submitted) => {
          app.setApplyTarget(null);
          if (submitted) onClose(true);
        }}
      />
    </Modal>
  );
}
