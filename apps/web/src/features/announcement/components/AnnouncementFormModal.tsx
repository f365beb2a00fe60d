import { App, Col, DatePicker, Form, Input, Modal, Radio, Row as GridRow } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { api, settle, type InputOf } from '../../../app/http/api';
import { fetchMultiUser } from '../../../components/pickers/multi-user';
import { UserByDepPicker, type PickedUser } from '../../../components/pickers/UserByDepPicker';
import { CATEGORY_OPTIONS, MSG_TYPE_OPTIONS, PRIORITY_OPTIONS } from '../constants';
import { RichContentInput } from './RichContentInput';

const FMT = 'YYYY-MM-DD HH:mm:ss';

export interface AnnouncementRecord {
  id: string;
  titile?: string | null;
  msgContent?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  priority?: string | null;
  msgCategory?: string | null;
  msgType?: string | null;
  userIds?: string | null;
  sendStatus?: string | null;
  openType?: string | null;
  openPage?: string | null;
  [key: string]: unknown;
}

/** What the server takes (the select options hold its codes). */
type Body = InputOf<typeof api.announcement.add>;

interface FormValues {
  titile: string;
  msgCategory: string;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  priority: string;
  msgType: string;
  msgContent?: string;
  msgAbstract?: string;
  openType?: string;
  openPage?: string;
  busId?: string;
}

/**
 * 新增/编辑 通告 (stock SysAnnouncementModal): title, category, period, priority, to everyone or to the
 * users chosen with the department user picker, content. The server stores the title as plain text and
 * sanitises the content.
 */
export function AnnouncementFormModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record?: AnnouncementRecord;
  onClose: (saved: boolean) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  /** The users chosen in the picker; null until the picker gives a value (then the saved ids stay). */
  const [users, setUsers] = useState<PickedUser[] | null>(null);
  const [usernames, setUsernames] = useState<string | undefined>();
  const [keptIds, setKeptIds] = useState<string[]>([]);
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);
  const mode = record ? 'edit' : 'add';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setUsers(null);
    setUsernames(undefined);
    const ids = (record?.userIds ?? '').split(',').filter(Boolean);
    setKeptIds(ids);
    // The chosen users by id → the picker's usernames (the trailing comma makes the server read a list).
    if (ids.length) {
      void fetchMultiUser<PickedUser>({ id: `${ids.join(',')},` }, { silent: true })
        .then((found) => {
          if (found.length === ids.length) {
            setUsers(found);
            setUsernames(found.map((u) => u.username).join(','));
          }
        })
        .catch(() => undefined);
    }
    if (record) {
      form.setFieldsValue({
        titile: record.titile ?? '',
        msgCategory: record.msgCategory ?? '1',
        startTime: record.startTime ? dayjs(record.startTime) : null,
        endTime: record.endTime ? dayjs(record.endTime) : null,
        priority: record.priority ?? 'L',
        msgType: record.msgType ?? 'ALL',
        msgContent: record.msgContent ?? '',
        openType: record.openType ?? '',
        openPage: record.openPage ?? '',
        busId: (record.busId as string | null | undefined) ?? '',
      });
    }
  }, [open, record, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const userIds = users ? users.map((u) => u.id) : keptIds;
    if (v.msgType === 'USER' && userIds.length === 0) {
      message.warning('请选择指定用户');
      return;
    }
    const body = {
      titile: v.titile,
      msgCategory: v.msgCategory,
      startTime: v.startTime ? v.startTime.format(FMT) : null,
      endTime: v.endTime ? v.endTime.format(FMT) : null,
      priority: v.priority as Body['priority'],
      msgType: v.msgType as Body['msgType'],
      msgContent: v.msgContent ?? '',
      userIds: v.msgType === 'USER' ? `${userIds.join(',')},` : null,
      openType: (v.openType || null) as Body['openType'],
      openPage: v.openType ? v.openPage || null : null,
      busId: v.openType === 'component' ? v.busId || null : null,
    };
    setSaving(true);
    try {
      const done = await settle(
        record ? api.announcement.edit.answer({ ...body, id: record.id }) : api.announcement.add.answer(body),
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
    <Modal
      title={mode === 'add' ? '新增' : '编辑'}
      open={open}
      width={900}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="announcement-form"
    >
      <Form form={form} layout="vertical" initialValues={{ msgCategory: '1', priority: 'L', msgType: 'ALL', openType: '' }}>
        <GridRow gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="titile" label="标题" rules={[{ required: true, message: '请输入标题!' }, { max: 100, message: '标题不能超过100个字符' }]}>
              <Input placeholder="请输入标题" data-testid="annt-title" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="msgCategory" label="消息类型" rules={[{ required: true, message: '请选择消息类型' }]}>
              <Radio.Group options={CATEGORY_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="startTime" label="开始时间">
              <DatePicker showTime format={FMT} style={{ width: '100%' }} placeholder="请选择开始时间" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="endTime"
              label="结束时间"
              dependencies={['startTime']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: Dayjs | null) => {
                    const start = getFieldValue('startTime') as Dayjs | null;
                    if (value && start && value.isBefore(start)) return Promise.reject(new Error('结束时间不能早于开始时间'));
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker showTime format={FMT} style={{ width: '100%' }} placeholder="请选择结束时间" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="priority" label="优先级" rules={[{ required: true }]}>
              <Radio.Group options={PRIORITY_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="msgType" label="通告对象类型" rules={[{ required: true, message: '请选择通告对象类型' }]}>
              <Radio.Group options={MSG_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} data-testid="annt-msgtype" />
            </Form.Item>
          </Col>
          {msgType === 'USER' && (
            <Col span={24}>
              <Form.Item label="指定用户" required>
                <UserByDepPicker
                  allDeparts
                  value={usernames}
                  placeholder={keptIds.length && !users ? `已选择${keptIds.length}位用户，可重新选择` : '请选择用户'}
                  onChange={(names, picked) => {
                    setUsernames(names);
                    setUsers(picked);
                  }}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="openType" label="打开方式" extra="链接：通知消息里显示“去处理”，打开下面的页面">
              <Radio.Group
                options={[
                  { value: '', label: '仅查看' },
                  { value: 'url', label: '链接' },
                  { value: 'component', label: '页面组件' },
                ]}
              />
            </Form.Item>
          </Col>
          {openType ? (
            <Col xs={24} md={12}>
              <Form.Item name="openPage" label="打开页面" rules={[{ required: true, message: '请输入打开页面' }, { max: 255 }]}>
                <Input placeholder={openType === 'url' ? '/activiti/todoManage 或 https://…' : '/isps/userAnnouncement'} />
              </Form.Item>
              {openType === 'component' && (
                <Form.Item name="busId" label="业务ID">
                  <Input placeholder="打开页面时作为 id 参数" />
                </Form.Item>
              )}
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item name="msgContent" label="内容">
              <RichContentInput />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>
    </Modal>
  );
}
