import { App, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api, settle, type InputOf } from '../../../app/http/api';
import { DictSelect } from '../../../components/dict/DictSelect';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { RichContentInput } from '../components/RichContentInput';
import { safeHtml } from '../safeHtml';

const PERM = 'office:news';

const columns: ListColumn[] = [
  { title: '标题', dataIndex: 'noticeTitle', search: 'like', width: 260, ellipsis: true },
  { title: '类型', dataIndex: 'noticeType', dictCode: 'notice_type', search: 'eq', width: 110 },
  { title: '发布人', dataIndex: 'noticePerson', search: 'like', width: 110 },
  { title: '摘要', dataIndex: 'noticeDescribe', ellipsis: true },
  { title: '发布时间', dataIndex: 'createTime', type: 'datetime', sorter: true, width: 165 },
];

function NewsForm({ open, mode, record, onClose }: FormModalProps<Row>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (mode === 'edit' && record) form.setFieldsValue(record);
  }, [open, mode, record, form]);
  const submit = async () => {
    const v = (await form.validateFields()) as InputOf<typeof api.announcement.newsAdd>;
    setSaving(true);
    try {
      const done = await settle(
        mode === 'add' ? api.announcement.newsAdd.answer(v) : api.announcement.newsEdit.answer({ ...v, id: String(record?.id) }),
        (m) => message.warning(m),
      );
      if (done) {
        message.success(done.message || '操作成功');
        onClose(true);
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={mode === 'add' ? '新增' : '编辑'} open={open} width={800} onCancel={() => onClose(false)} onOk={submit} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="noticeTitle" label="标题" rules={[{ required: true, message: '请输入标题!' }, { max: 200 }]}>
          <Input placeholder="请输入标题" />
        </Form.Item>
        <Form.Item name="noticeType" label="类型">
          <DictSelect dictCode="notice_type" />
        </Form.Item>
        <Form.Item name="noticePerson" label="发布人">
          <Input placeholder="默认为当前用户" />
        </Form.Item>
        <Form.Item name="noticeDescribe" label="摘要">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="noticeContent" label="内容">
          <RichContentInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 通知公告 (/notice, reached from the ticker's dots): the news items, 10 a page, newest first. */
export default function NoticeList() {
  const [viewing, setViewing] = useState<Row | null>(null);
  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: api.announcement.newsList.path, delete: api.announcement.newsDelete.path, deleteBatch: api.announcement.newsDeleteBatch.path }}
        form={NewsForm}
        showDetail={false}
        showExport={false}
        showImport={false}
        superQuery={false}
        auth={{ add: `${PERM}:add`, edit: `${PERM}:edit`, delete: `${PERM}:delete`, deleteBatch: `${PERM}:delete` }}
        rowActions={(r) => (
          <a onClick={() => setViewing(r)} data-testid="news-view">
            查看
          </a>
        )}
      />
      <Modal title="通知公告" open={!!viewing} width={800} onCancel={() => setViewing(null)} footer={null} destroyOnHidden>
        {viewing && (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {String(viewing.noticeTitle ?? '')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {String(viewing.noticeType_dictText ?? '')} 发布人：{String(viewing.noticePerson ?? '')}
              <span style={{ marginLeft: 24 }}>发布时间：{String(viewing.createTime ?? '')}</span>
            </Typography.Paragraph>
            <div style={{ wordBreak: 'break-word' }} dangerouslySetInnerHTML={{ __html: safeHtml(String(viewing.noticeContent ?? viewing.noticeDescribe ?? '')) }} />
          </>
        )}
      </Modal>
    </>
  );
}
