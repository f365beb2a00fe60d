import { PATTERNS, MESSAGES } from '@go/contract';
import { CREDIT_CODE, LEDGER_TEXT } from '@go/contract/ledger/schemas';
import { App, Col, Form, Input, Popconfirm, Row as GridRow, Typography } from 'antd';
import { putAction } from '../../../app/http/client';
import { useAuth } from '../../../components/list/auth';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { FileUpload } from '../../../components/upload';

const BASE = '/adminstration/library/supplier';

const columns: ListColumn[] = [
  { title: '供应商名称', dataIndex: 'name', width: 220, search: 'like', card: 'title' },
  { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190, search: 'like' },
  { title: '联系人', dataIndex: 'contacts', width: 90, search: 'like' },
  { title: '联系电话', dataIndex: 'phone', width: 130 },
  { title: '开户银行', dataIndex: 'bankName', width: 180, ellipsis: true },
  { title: '银行账号', dataIndex: 'bankAccount', width: 190 },
  { title: '资质文件', dataIndex: 'qualificationFiles', width: 100, hideInTable: true },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    search: 'eq',
    card: 'status',
    options: [
      { value: '1', text: '启用', color: 'green' },
      { value: '0', text: '停用', color: 'default' },
    ],
  },
  { title: '所属公司', dataIndex: 'sysOrgCode', width: 90 },
  { title: '创建时间', dataIndex: 'createTime', width: 170, sorter: true },
];

const optional = (pattern: RegExp, message: string) => ({
  validator: (_: unknown, v: string | undefined) =>
    !v || pattern.test(v) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** Labels of one width in both columns (the longest is 统一社会信用代码). */
const L = { labelCol: { flex: '140px' }, wrapperCol: { flex: 1 } };

function SupplierForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal {...props} title="供应商" width={900} urls={{ add: `${BASE}/add`, edit: `${BASE}/edit` }}>
      {() => (
        <GridRow gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              {...L}
              name="name"
              label="供应商名称"
              rules={[{ required: true, whitespace: true, message: LEDGER_TEXT.supplierName }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              {...L}
              name="creditCode"
              label="统一社会信用代码"
              normalize={(v: string) => v?.toUpperCase()}
              rules={[
                { required: true, message: LEDGER_TEXT.creditCode },
                optional(CREDIT_CODE, LEDGER_TEXT.creditCode),
              ]}
            >
              <Input maxLength={18} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...L} name="contacts" label="联系人">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              {...L}
              name="phone"
              label="联系电话"
              rules={[
                {
                  validator: (_: unknown, v?: string) =>
                    !v || PATTERNS.mobile.pattern.test(v) || PATTERNS.landline.pattern.test(v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(MESSAGES.mobile)),
                },
              ]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              {...L}
              name="email"
              label="邮箱"
              rules={[optional(PATTERNS.email.pattern, MESSAGES.email)]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...L} name="address" label="地址">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...L} name="bankName" label="开户银行">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              {...L}
              name="bankAccount"
              label="银行账号"
              rules={[optional(PATTERNS.bankCard.pattern, MESSAGES.bankCard)]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item {...L} name="qualificationFiles" label="资质文件">
              <FileUpload biz="oa/supplier" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item {...L} name="remark" label="备注">
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </GridRow>
      )}
    </CrudFormModal>
  );
}

/** 供应商 (/adminstration/library/supplier): contacts, bank account, qualification files; disable; credit code unique. */
export default function SupplierList() {
  const { message } = App.useApp();
  const canEdit = useAuth().has('ledger:supplier:edit');
  return (
    <ListPage
      columns={columns}
      url={{
        list: `${BASE}/list`,
        delete: `${BASE}/delete`,
        deleteBatch: `${BASE}/deleteBatch`,
        exportXls: `${BASE}/exportXls`,
        importExcel: `${BASE}/importExcel`,
      }}
      exportName="供应商"
      form={SupplierForm}
      auth={{
        add: 'ledger:supplier:add',
        edit: 'ledger:supplier:edit',
        delete: 'ledger:supplier:delete',
        deleteBatch: 'ledger:supplier:delete',
        export: 'ledger:supplier:export',
        import: 'ledger:supplier:import',
      }}
      rowActions={(r, h) =>
        canEdit ? (
          <Popconfirm
            title={r.status === 1 ? '确定停用该供应商吗?' : '确定启用该供应商吗?'}
            onConfirm={async () => {
              const res = await putAction(`${BASE}/disable`, { id: r.id, status: r.status === 1 ? 0 : 1 });
              if (res.success) message.success(res.message);
              else message.error(res.message);
              h.reload();
            }}
          >
            <Typography.Link>{r.status === 1 ? '停用' : '启用'}</Typography.Link>
          </Popconfirm>
        ) : null
      }
    />
  );
}
