import { App, Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ChangeLogButton, changeLogTypeOf } from '../audit/ChangeLog';
import type { FormModalProps } from './ListPage';
import { postAction, putAction } from '../../app/http/client';
import type { Envelope } from '../../app/http/client';
import type { Row } from './types';

export interface CrudFormModalProps<T extends Row> extends FormModalProps<T> {
  /** Entity name for the titles 新增 / 编辑. */
  title: string;
  /** The dialog's whole title instead of 新增 / 编辑 + `title`. */
  modalTitle?: ReactNode;
  /** POST `add` / PUT `edit` (with the id); not needed when `save` makes the call. */
  urls?: { add: string; edit: string };
  /** The page's own server call (e.g. a workflow API) instead of POST `add` / PUT `edit`. */
  save?: (body: Record<string, unknown>, mode: 'add' | 'edit', record?: T) => Promise<Envelope<unknown>>;
  width?: number | string;
  okText?: string;
  maskClosable?: boolean;
  /** Vertical forms put labels above the fields (wide dialogs, long labels). */
  layout?: 'horizontal' | 'vertical';
  /** How a refusal of the server is shown (default a warning). */
  failure?: 'warning' | 'error';
  /** Success message when the server sends none (default 操作成功). */
  successText?: string;
  /** Record → form values (e.g. strings to dayjs). */
  toForm?: (record: T) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Form values → request body (e.g. dayjs to strings). */
  toBody?: (values: Record<string, unknown>, record?: T) => Record<string, unknown>;
  children: (form: FormInstance, mode: 'add' | 'edit', record?: T) => ReactNode;
  /** Extra footer buttons before 取消/确定. */
  extraFooter?: (form: FormInstance) => ReactNode;
  initialValues?: Record<string, unknown>;
  /** The record type of its 变更记录 button when editing (default: from `urls.edit`; false: none). */
  changeLog?: string | false;
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
  modalTitle,
  urls,
  save,
  width = 800,
  okText,
  maskClosable,
  layout = 'horizontal',
  failure = 'warning',
  successText = '操作成功',
  toForm,
  toBody,
  children,
  extraFooter,
  initialValues,
  changeLog,
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
      const res = save
        ? await save(body, mode, record)
        : !urls
          ? undefined
          : mode === 'add'
            ? await postAction(urls.add, body)
            : await putAction(urls.edit, { ...body, id: record?.id });
      if (!res) message.error('please set urls or save');
      else if (res.success) {
        message.success(res.message || successText);
        onClose(true);
      } else if (failure === 'error') message.error(res.message);
      else message.warning(res.message);
    } catch {
      // HTTP failures are shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={modalTitle ?? `${mode === 'add' ? '新增' : '编辑'}${title}`}
      open={open}
      width={width}
      okText={okText}
      maskClosable={maskClosable}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
      footer={(node) => (
        <>
          {extraFooter?.(form)}
          {mode === 'edit' && record?.id && changeLog !== false && (changeLog ?? changeLogTypeOf(urls?.edit)) ? (
            <ChangeLogButton recordType={(changeLog || changeLogTypeOf(urls?.edit)) as string} recordId={String(record.id)} />
          ) : null}
          {node}
        </>
      )}
    >
      <Form
        form={form}
        name="crudForm"
        {...(layout === 'vertical'
          ? { layout }
          : { labelCol: { xs: { span: 24 }, sm: { span: 5 } }, wrapperCol: { xs: { span: 24 }, sm: { span: 16 } } })}
      >
        {children(form, mode, record)}
      </Form>
    </Modal>
  );
}
