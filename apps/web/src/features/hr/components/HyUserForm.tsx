import { parseNationalId } from '@go/contract';
import { Col, Form, Input, InputNumber, Row as GridRow, Tabs } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { DictSelect } from '../../../components/dict/DictSelect';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import type { FormModalProps } from '../../../components/list/ListPage';
import type { Row } from '../../../components/list/types';
import { DepartPicker } from '../../../components/pickers/DepartPicker';
import { PositionPicker } from '../../../components/pickers/EntitySelector';
import { FileUpload } from '../../../components/upload/FileUpload';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { getAction } from '../../../app/http/client';
import { HR_URL } from './hr-api';
import { hrRules } from '../../../components/rules/person-rules';

const half = (node: ReactNode, key: string) => (
  <Col xs={24} md={12} key={key}>
    {node}
  </Col>
);
const item = (name: string, label: string, input: ReactNode, rules?: object[]) => (
  <Form.Item name={name} label={label} rules={rules as never}>
    {input}
  </Form.Item>
);
const date = (name: string, label: string) => item(name, label, <Input type="date" />);

/** Fills birthday and sex from a valid national ID when they are empty. */
function fillFromId(form: FormInstance, id: string) {
  const r = parseNationalId(id);
  if (!r.ok) return;
  if (!form.getFieldValue('birthday')) form.setFieldValue('birthday', r.info.birthday);
  if (!form.getFieldValue('sex')) form.setFieldValue('sex', r.info.sex);
}

/** 人事档案 add/edit (docs/hr.md): identity, contact, education, job, pay-related IDs, contract. */
export function HyUserForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal
      {...props}
      title="人事档案"
      width={1000}
      urls={{ add: HR_URL.add, edit: HR_URL.edit }}
      toForm={async (record) => {
        const res = await getAction<Row>(HR_URL.detail, { id: record.id as string });
        return res.success ? res.result : record;
      }}
      // masked values are never sent back: the server keeps what it has
      toBody={(v, record) => {
        const out = { ...v };
        for (const k of ['idCard', 'mobile', 'bankCard']) if (record && typeof out[k] === 'string' && String(out[k]).includes('*')) delete out[k];
        for (const [k, val] of Object.entries(out)) if (val === undefined) delete out[k];
        return out;
      }}
    >
      {(form, mode) => (
        <Tabs
          items={[
            {
              key: 'identity',
              label: '基本信息',
              forceRender: true,
              children: (
                <GridRow gutter={8}>
                  {half(item('realname', '姓名', <Input placeholder="请输入姓名" />, hrRules.realname), 'realname')}
                  {half(
                    item('idCard', '身份证号', <Input placeholder="15或18位身份证号" onBlur={(e) => fillFromId(form, e.target.value.trim())} />, mode === 'add' ? hrRules.idCard : []),
                    'idCard',
                  )}
                  {half(item('sex', '性别', <DictSelect dictCode="sex" />), 'sex')}
                  {half(date('birthday', '出生日期'), 'birthday')}
                  {half(item('nativePlace', '籍贯', <Input />), 'nativePlace')}
                  {half(item('nation', '民族', <Input />), 'nation')}
                  {half(item('political', '政治面貌', <DictSelect dictCode="hy_political" />), 'political')}
                  {half(item('marriage', '婚育状况', <DictSelect dictCode="hy_marriage" />), 'marriage')}
                  {half(item('children', '子女数', <InputNumber min={0} max={20} style={{ width: '100%' }} />), 'children')}
                  {half(item('applyPost', '应聘岗位', <Input />), 'applyPost')}
                  {half(item('source', '来源', <Input placeholder="招聘网站、内部推荐…" />), 'source')}
                  {half(item('orgCode', '部门', <DepartPicker store="orgCode" />, [{ required: true, message: '请选择部门' }]), 'orgCode')}
                </GridRow>
              ),
            },
            {
              key: 'contact',
              label: '联系方式',
              forceRender: true,
              children: (
                <GridRow gutter={8}>
                  {half(item('mobile', '手机号', <Input placeholder="请输入手机号" />, mode === 'add' ? hrRules.mobile : []), 'mobile')}
                  {half(item('telephone', '座机', <Input placeholder="如 021-12345678" />, hrRules.telephone), 'telephone')}
                  {half(item('email', '邮箱', <Input />, hrRules.email), 'email')}
                  {half(item('qq', 'QQ', <Input />, hrRules.qq), 'qq')}
                  {half(item('address', '住址', <Input />), 'address')}
                  {half(item('emergencyContact', '紧急联系人', <Input />), 'emergencyContact')}
                  {half(item('emergencyPhone', '紧急联系电话', <Input />, hrRules.mobileOptional), 'emergencyPhone')}
                </GridRow>
              ),
            },
            {
              key: 'education',
              label: '教育与工作',
              forceRender: true,
              children: (
                <GridRow gutter={8}>
                  {half(item('degree', '最高学历', <DictSelect dictCode="hy_degree" />), 'degree')}
                  {half(item('school', '毕业院校', <Input />), 'school')}
                  {half(item('major', '专业', <Input />), 'major')}
                  {half(date('graduationDate', '毕业日期'), 'graduationDate')}
                  {half(item('jobTitle', '职称', <Input />), 'jobTitle')}
                </GridRow>
              ),
            },
            {
              key: 'job',
              label: '任职与合同',
              forceRender: true,
              children: (
                <GridRow gutter={8}>
                  {half(item('post', '职务', <PositionPicker />), 'post')}
                  {half(item('rank', '职级', <DictSelect dictCode="position_rank" />), 'rank')}
                  {half(item('employType', '用工类型', <DictSelect dictCode="hy_employ_type" />), 'employType')}
                  {half(item('probationMonths', '试用期(月)', <InputNumber min={0} max={12} style={{ width: '100%' }} />), 'probationMonths')}
                  {half(item('contractNo', '合同编号', <Input />), 'contractNo')}
                  {half(item('contractType', '合同类型', <DictSelect dictCode="hy_contract_type" />), 'contractType')}
                  {half(date('contractStart', '合同开始日期'), 'contractStart')}
                  {half(date('contractEnd', '合同结束日期'), 'contractEnd')}
                </GridRow>
              ),
            },
            {
              key: 'pay',
              label: '银行与社保',
              forceRender: true,
              children: (
                <GridRow gutter={8}>
                  {half(item('bankName', '开户银行', <Input />), 'bankName')}
                  {half(item('bankCard', '银行卡号', <Input />, mode === 'add' ? hrRules.bankCard : []), 'bankCard')}
                  {half(item('socialSecurity', '社保', <DictSelect dictCode="yn" />), 'socialSecurity')}
                  {half(item('socialSecurityBase', '社保基数', <InputNumber min={0} style={{ width: '100%' }} />), 'socialSecurityBase')}
                  {half(item('housingFund', '公积金', <DictSelect dictCode="yn" />), 'housingFund')}
                  {half(item('housingFundBase', '公积金基数', <InputNumber min={0} style={{ width: '100%' }} />), 'housingFundBase')}
                </GridRow>
              ),
            },
            {
              key: 'files',
              label: '照片与附件',
              forceRender: true,
              children: (
                <>
                  {item('photo', '照片', <ImageUpload number={1} biz="/oa/hr" />)}
                  {item('attachments', '附件', <FileUpload biz="/oa/hr" buttonText="上传身份证、学历证书等" />)}
                </>
              ),
            },
          ]}
        />
      )}
    </CrudFormModal>
  );
}
