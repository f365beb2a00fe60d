import { CGFORM_DB_TYPES, CGFORM_DB_TYPE_TEXT, CGFORM_IDENT, CGFORM_IDENT_MESSAGE, CGFORM_RULE_TEXT, CGFORM_SHOW_TYPES, CGFORM_SHOW_TYPE_TEXT, POPUP_CONFIG_ERROR, popupFields } from '@go/contract';
import { App, Button, Col, Form, Input, Modal, Row as GridRow, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { EditableGrid, type GridColumn, type GridHandle } from '../../../components/grid';
import { postAction, putAction } from '../../../app/http/client';
import type { FormModalProps } from '../../../components/list/ListPage';
import type { Row } from '../../../components/list/types';
import { formApi } from '../formApi';

const FLAGS = ['isShowList', 'isShowForm', 'isQuery'] as const;
const yes: [string, string] = ['1', '0'];

const fieldColumns: GridColumn[] = [
  { key: 'dbFieldName', title: '字段名称', type: 'input', width: 150, validateRules: [{ required: true, message: '请输入${title}' }, { pattern: CGFORM_IDENT, message: CGFORM_IDENT_MESSAGE }] },
  { key: 'dbFieldTxt', title: '字段备注', type: 'input', width: 140, validateRules: [{ required: true, message: '请输入${title}' }] },
  { key: 'dbType', title: '字段类型', type: 'select', width: 110, defaultValue: 'string', options: CGFORM_DB_TYPES.map((v) => ({ value: v, label: CGFORM_DB_TYPE_TEXT[v] })) },
  { key: 'dbLength', title: '长度', type: 'inputNumber', width: 80, defaultValue: 50 },
  { key: 'dbPointLength', title: '小数位', type: 'inputNumber', width: 80, defaultValue: 0 },
  { key: 'required', title: '必填', type: 'checkbox', width: 60, customValue: yes, defaultValue: '0' },
  {
    key: 'fieldValidType',
    title: '校验规则',
    type: 'selectSearch',
    width: 140,
    options: Object.entries(CGFORM_RULE_TEXT).map(([value, label]) => ({ value, label })),
  },
  { key: 'fieldShowType', title: '控件类型', type: 'select', width: 110, defaultValue: 'text', options: CGFORM_SHOW_TYPES.map((v) => ({ value: v, label: CGFORM_SHOW_TYPE_TEXT[v] })) },
  { key: 'dictField', title: '字典编码/值字段', type: 'input', width: 130 },
  { key: 'dictTable', title: '字典表', type: 'input', width: 110 },
  {
    key: 'dictText',
    title: '字典文本字段',
    type: 'input',
    width: 110,
    // a popup: report code in 字典表, report columns in 字典编码/值字段, the form fields they fill here (docs/online.md)
    validateRules: [
      {
        handler: ({ row }) =>
          row.fieldShowType !== 'popup' || popupFields(row.dictTable as string | null, row.dictField as string | null, row.dictText as string | null) ? true : POPUP_CONFIG_ERROR,
      },
    ],
  },
  { key: 'isShowList', title: '列表显示', type: 'checkbox', width: 70, customValue: yes, defaultValue: '1' },
  { key: 'isShowForm', title: '表单显示', type: 'checkbox', width: 70, customValue: yes, defaultValue: '1' },
  { key: 'isQuery', title: '查询', type: 'checkbox', width: 60, customValue: yes, defaultValue: '0' },
  {
    key: 'queryMode',
    title: '查询模式',
    type: 'select',
    width: 100,
    defaultValue: 'single',
    options: [
      { value: 'single', label: '单条件' },
      { value: 'group', label: '范围' },
    ],
  },
  { key: 'mainTable', title: '主表名', type: 'input', width: 110 },
  { key: 'mainField', title: '主表字段', type: 'input', width: 100 },
];

/** 在线表单开发 editor: the table (single, main, sub, tree) and its fields in the editable grid; saved in one call. */
export function FormDesignModal({ open, mode, record, onClose }: FormModalProps<Row>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const grid = useRef<GridHandle>(null);
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  const [busy, setBusy] = useState(false);
  const tableType = Form.useWatch('tableType', form) as number | undefined;
  const isTree = Form.useWatch('isTree', form) as string | undefined;
  const id = mode === 'edit' ? String(record?.id ?? '') : '';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (mode === 'edit' && record) {
      form.setFieldsValue(record);
      void formApi.fields(id).then((fs) =>
        setRows(
          fs.map((f) => ({
            ...f,
            required: Number(f.dbIsNull) === 0 ? '1' : '0',
            ...Object.fromEntries(FLAGS.map((k) => [k, String(f[k] ?? '0')])),
          })),
        ),
      );
    } else {
      form.setFieldsValue({ tableType: 1, isTree: 'N', relationType: 0 });
      setRows([]);
    }
  }, [open, mode, record, id, form]);

  const save = async () => {
    const head = (await form.validateFields()) as Row;
    const g = await grid.current?.getValues(true);
    if (!g || g.error > 0) return void message.warning('请检查字段配置');
    if (!g.values.length) return void message.warning('请至少添加一个字段');
    const fields = g.values.map((r, i) => ({
      dbFieldName: r.dbFieldName,
      dbFieldTxt: r.dbFieldTxt,
      dbType: r.dbType || 'string',
      dbLength: r.dbLength ?? '',
      dbPointLength: r.dbPointLength ?? '',
      dbIsNull: r.required === '1' ? 0 : 1,
      fieldValidType: r.fieldValidType || null,
      fieldShowType: r.fieldShowType || 'text',
      dictField: r.dictField || null,
      dictTable: r.dictTable || null,
      dictText: r.dictText || null,
      isShowList: r.isShowList ?? '1',
      isShowForm: r.isShowForm ?? '1',
      isQuery: r.isQuery ?? '0',
      queryMode: r.queryMode || 'single',
      mainTable: r.mainTable || null,
      mainField: r.mainField || null,
      orderNum: i + 1,
    }));
    setBusy(true);
    try {
      const payload = { head: { ...head, id: id || undefined }, fields };
      const r = mode === 'edit' ? await putAction('/online/cgform/api/editAll', payload) : await postAction('/online/cgform/api/addAll', payload);
      if (!r.success) return void message.warning(r.message);
      message.success(r.message || '保存成功');
      onClose(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      width={1200}
      title={mode === 'edit' ? '编辑表单' : '新增表单'}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="cgform-save">
            确定
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" aria-label="表单配置">
        <GridRow gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="tableName" label="表名" rules={[{ required: true, message: '请输入表名!' }, { pattern: CGFORM_IDENT, message: CGFORM_IDENT_MESSAGE }]} extra="不能以 sys_、act_、wf_、onl_ 开头">
              <Input data-testid="cgform-table-name" disabled={mode === 'edit' && record?.isDbSynch === 'Y'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="tableTxt" label="表描述" rules={[{ required: true, message: '请输入表描述!' }]}>
              <Input data-testid="cgform-table-txt" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="tableType" label="表类型">
              <Select
                aria-label="表类型"
                data-testid="cgform-table-type"
                options={[
                  { value: 1, label: '单表' },
                  { value: 2, label: '主表' },
                  { value: 3, label: '附表' },
                ]}
              />
            </Form.Item>
          </Col>
          {tableType === 2 && (
            <Col xs={24} md={8}>
              <Form.Item name="subTableStr" label="附表（表名，逗号分隔）">
                <Input data-testid="cgform-sub-tables" />
              </Form.Item>
            </Col>
          )}
          {tableType === 3 && (
            <Col xs={24} md={8}>
              <Form.Item name="relationType" label="映射关系" extra="附表须有一个字段填写主表名和主表字段（外键，一般为 id）">
                <Select
                  aria-label="映射关系"
                  options={[
                    { value: 0, label: '一对多' },
                    { value: 1, label: '一对一' },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
          {tableType === 1 && (
            <>
              <Col xs={24} md={3}>
                <Form.Item name="isTree" label="是否树">
                  <Select
                    aria-label="是否树"
                    options={[
                      { value: 'N', label: '否' },
                      { value: 'Y', label: '是' },
                    ]}
                  />
                </Form.Item>
              </Col>
              {isTree === 'Y' && (
                <>
                  <Col xs={24} md={3}>
                    <Form.Item name="treeParentIdField" label="父ID字段" rules={[{ required: true, message: '请输入父ID字段!' }]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={3}>
                    <Form.Item name="treeFieldname" label="树显示字段">
                      <Input />
                    </Form.Item>
                  </Col>
                </>
              )}
            </>
          )}
        </GridRow>
      </Form>
      <EditableGrid ref={grid} columns={fieldColumns} dataSource={rows} rowNumber rowSelection dragSort maxHeight={360} data-testid="cgform-fields" />
    </Modal>
  );
}
