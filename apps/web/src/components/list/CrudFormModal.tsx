import { App, Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { FormModalProps } from './ListPage';
import { postAction, putAction } from './http';
import type { Row } from './types';

export interface CrudFormModalProps<T extends Row> extends FormModalProps<T> {
  /** Entity name for the titles 新增 / 编辑. */
  title: string;
  urls: { add: string; edit: string };
  width?: number;
  /** Record → form values (e.g. strings to dayjs). */
  toForm?: (record: T) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Form values → request body (e.g. dayjs to strings). */
  toBody?: (values: Record<string, unknown>, record?: T) => Record<string, unknown>;
  children: (form: FormInstance, mode: 'add' | 'edit', record?: T) => ReactNode;
  /** Extra footer buttons before 取消/确定. */
  extraFooter?: (form: FormInstance) => ReactNode;
  initialValues?: Record<string, unknown>;
}

/**
 * Add/edit dialog of a list page: validates with the form rules, POSTs `add` or PUTs `edit`
 * (with the id), shows the server message and closes with `saved` on success.
 */
export function CrudFormModal<T extends Row>({
  open,
  mode,
  record,
  onClose,
  title,
  urls,
  width = 800,
  toForm,
  toBody,
  children,
  extraFooter,
  initialValues,
}: CrudFormModalProps<T>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (mode === 'edit' && record) {
      void Promise.resolve(toForm ? toForm(record) : record).then((v) => form.setFieldsValue(v));
    } else form.setFieldsValue({ ...initialValues, ...record });
    // load once per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record]);

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = (await form.validateFields()) as Record<string, unknown>;
    } catch {
      return; // the form shows the field messages
    }
    const body = toBody ? toBody(values, record) : values;
    setSaving(true);
    try {
      const res =
        mode === 'add' ? await postAction(urls.add, body) : await putAction(urls.edit, { ...body, id: record?.id });
      if (res.success) {
        message.success(res.message || '操作成功');
        onClose(true);
      } else message.warning(res.message);
    } catch {
      // HTTP failures are shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`${mode === 'add' ? '新增' : '编辑'}${title}`}
      open={open}
      width={width}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
      footer={(node) => (
        <>
          {extraFooter?.(form)}
          {node}
        </>
      )}
    >
      <Form form={form} name="crudForm" labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}>
        {children(form, mode, record)}
      </Form>
    </Modal>
  );
}
