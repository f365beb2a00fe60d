import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Empty, Input, InputNumber, List, Modal, Row as GridRow, Select, TimePicker, Tooltip } from 'antd';
import { SUPER_QUERY_TEXTS } from '@go/contract/query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { DictMultiSelect, DictSelect } from '../dict/DictSelect';
import { isFilled, loadSaved, storeSaved, SUPER_QUERY_RULES, switchRule } from './superQuery';
import type { FieldType, SavedQuery, SuperQueryRecord } from './types';

export interface SuperQueryField {
  value: string;
  text: string;
  type?: FieldType;
  dictCode?: string;
}

function emptyRecord(): SuperQueryRecord {
  return { field: '', rule: 'eq', val: '' };
}

function ValueWidget({
  field,
  record,
  onChange,
}: {
  field?: SuperQueryField;
  record: SuperQueryRecord;
  onChange: (val: string | string[]) => void;
}) {
  const multi = record.rule === 'in';
  const str = Array.isArray(record.val) ? (record.val[0] ?? '') : record.val;
  if (field?.dictCode) {
    return multi ? (
      <DictMultiSelect dictCode={field.dictCode} value={(record.val as string[]).join(',')} onChange={(v) => onChange(v ? v.split(',') : [])} />
    ) : (
      <DictSelect dictCode={field.dictCode} value={str} onChange={(v) => onChange(v ?? '')} />
    );
  }
  if (multi) {
    return (
      <Select
        mode="tags"
        style={{ width: '100%' }}
        placeholder="请输入值，回车分隔"
        value={record.val as string[]}
        onChange={(v: string[]) => onChange(v)}
        open={false}
      />
    );
  }
  switch (field?.type) {
    case 'date':
      return (
        <DatePicker
          style={{ width: '100%' }}
          value={str ? dayjs(str) : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : '')}
        />
      );
    case 'datetime':
      return (
        <DatePicker
          showTime
          style={{ width: '100%' }}
          value={str ? dayjs(str) : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD HH:mm:ss') : '')}
        />
      );
    case 'time':
      return (
        <TimePicker
          style={{ width: '100%' }}
          value={str ? dayjs(`2000-01-01 ${str}`) : null}
          onChange={(d) => onChange(d ? d.format('HH:mm:ss') : '')}
        />
      );
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          value={str === '' ? null : Number(str)}
          onChange={(n) => onChange(n === null || n === undefined ? '' : String(n))}
        />
      );
    default:
      return <Input value={str} placeholder="请输入值" onChange={(e) => onChange(e.target.value)} />;
  }
}

/**
 * 高级查询构造器 (docs/system-admin.md, "List query conventions"): and/or, the stock rules, value widgets by field type, saved queries
 * in localStorage with the product's texts.
 */
export function SuperQueryModal({
  open,
  fields,
  saveCode,
  initial,
  onSearch,
  onClose,
}: {
  open: boolean;
  fields: SuperQueryField[];
  saveCode: string;
  initial?: { matchType: 'and' | 'or'; records: SuperQueryRecord[] };
  onSearch: (q: { matchType: 'and' | 'or'; records: SuperQueryRecord[] } | undefined) => void;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const [matchType, setMatchType] = useState<'and' | 'or'>(initial?.matchType ?? 'and');
  const [records, setRecords] = useState<SuperQueryRecord[]>(initial?.records.length ? initial.records : [emptyRecord()]);
  const [saved, setSaved] = useState<SavedQuery[]>(() => loadSaved(saveCode));
  const [naming, setNaming] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    setMatchType(initial?.matchType ?? 'and');
    setRecords(initial?.records.length ? initial.records : [emptyRecord()]);
    setSaved(loadSaved(saveCode));
    // re-read whenever the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const fieldOf = (name: string) => fields.find((f) => f.value === name);
  const update = (i: number, r: SuperQueryRecord) => setRecords((rs) => rs.map((x, j) => (j === i ? r : x)));
  const filled = () => records.filter(isFilled);

  const search = () => {
    const f = filled();
    if (f.length === 0) {
      message.warning(SUPER_QUERY_TEXTS.emptyQuery);
      return;
    }
    onSearch({ matchType, records: f });
    onClose();
  };

  const persist = (title: string) => {
    const entry: SavedQuery = { title, matchType, records: filled() };
    const list = loadSaved(saveCode);
    const idx = list.findIndex((q) => q.title === title);
    const next = idx >= 0 ? list.map((q, i) => (i === idx ? entry : q)) : [...list, entry];
    storeSaved(saveCode, next);
    setSaved(next);
    setNaming(undefined);
    message.success(SUPER_QUERY_TEXTS.saved);
  };

  const startSave = () => {
    if (filled().length === 0) {
      message.warning(SUPER_QUERY_TEXTS.emptySave);
      return;
    }
    setNaming('');
  };

  const confirmSave = () => {
    const title = (naming ?? '').trim();
    if (!title) {
      message.warning(SUPER_QUERY_TEXTS.emptyName);
      return;
    }
    if (saved.some((q) => q.title === title)) {
      modal.confirm({
        title: '提示',
        content: SUPER_QUERY_TEXTS.overwrite(title),
        onOk: () => persist(title),
      });
      return;
    }
    persist(title);
  };

  const remove = (title: string) => {
    modal.confirm({
      title: '提示',
      content: SUPER_QUERY_TEXTS.deleteConfirm,
      onOk: () => {
        const next = loadSaved(saveCode).filter((q) => q.title !== title);
        storeSaved(saveCode, next);
        setSaved(next);
      },
    });
  };

  return (
    <Modal
      title={SUPER_QUERY_TEXTS.title}
      open={open}
      width={1000}
      onCancel={onClose}
      footer={[
        <Button
          key="reset"
          onClick={() => {
            setRecords([emptyRecord()]);
            onSearch(undefined);
          }}
        >
          重置
        </Button>,
        <Button key="save" onClick={startSave}>
          保存查询条件
        </Button>,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="search" type="primary" onClick={search}>
          查询
        </Button>,
      ]}
    >
      <GridRow gutter={16}>
        <Col xs={24} md={18}>
          <div style={{ marginBottom: 12 }}>
            <span style={{ marginRight: 8 }}>过滤条件匹配：</span>
            <Select
              aria-label="匹配方式"
              value={matchType}
              onChange={setMatchType}
              style={{ width: 240 }}
              options={[
                { value: 'and', label: 'AND（所有条件都要求匹配）' },
                { value: 'or', label: 'OR（条件中的任意一个匹配）' },
              ]}
            />
          </div>
          {records.map((r, i) => (
            <GridRow key={i} gutter={8} style={{ marginBottom: 8 }} data-testid="sq-row">
              <Col xs={24} sm={8}>
                <Select
                  aria-label="字段"
                  placeholder="选择查询字段"
                  style={{ width: '100%' }}
                  value={r.field || undefined}
                  showSearch
                  optionFilterProp="label"
                  options={fields.map((f) => ({ value: f.value, label: f.text }))}
                  onChange={(v: string) => {
                    const f = fieldOf(v);
                    update(i, {
                      ...r,
                      field: v,
                      type: f?.type,
                      dbType: f?.type === 'number' ? 'double' : undefined,
                      dictCode: f?.dictCode,
                      val: r.rule === 'in' ? [] : '',
                    });
                  }}
                />
              </Col>
              <Col xs={24} sm={5}>
                <Select
                  aria-label="规则"
                  style={{ width: '100%' }}
                  value={r.rule}
                  options={SUPER_QUERY_RULES}
                  onChange={(rule) => update(i, switchRule(r, rule))}
                />
              </Col>
              <Col xs={20} sm={9}>
                <ValueWidget field={fieldOf(r.field)} record={r} onChange={(val) => update(i, { ...r, val })} />
              </Col>
              <Col xs={4} sm={2} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <Tooltip title="添加">
                  <PlusOutlined onClick={() => setRecords((rs) => [...rs.slice(0, i + 1), emptyRecord(), ...rs.slice(i + 1)])} />
                </Tooltip>
                <Tooltip title="删除">
                  <MinusCircleOutlined
                    onClick={() => setRecords((rs) => (rs.length > 1 ? rs.filter((_, j) => j !== i) : [emptyRecord()]))}
                  />
                </Tooltip>
              </Col>
            </GridRow>
          ))}
        </Col>
        <Col xs={24} md={6}>
          <div style={{ fontWeight: 500, marginBottom: 8 }}>保存的查询</div>
          {saved.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
          ) : (
            <List
              size="small"
              bordered
              dataSource={saved}
              renderItem={(q) => (
                <List.Item
                  actions={[<DeleteOutlined key="del" aria-label={`删除 ${q.title}`} onClick={() => remove(q.title)} />]}
                >
                  <a
                    onClick={() => {
                      setMatchType(q.matchType);
                      setRecords(q.records.length ? q.records : [emptyRecord()]);
                      onSearch({ matchType: q.matchType, records: q.records });
                    }}
                  >
                    {q.title}
                  </a>
                </List.Item>
              )}
            />
          )}
        </Col>
      </GridRow>
      <Modal
        title="请输入保存的名称"
        open={naming !== undefined}
        onCancel={() => setNaming(undefined)}
        onOk={confirmSave}
        width={400}
        destroyOnHidden
      >
        <Input aria-label="保存名称" value={naming} onChange={(e) => setNaming(e.target.value)} onPressEnter={confirmSave} />
      </Modal>
    </Modal>
  );
}
