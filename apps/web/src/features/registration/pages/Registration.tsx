import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { parseNationalId, REGISTRATION_LIMITS, REGISTRATION_TEXTS, registrationSchema } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Radio, Result, Row, Select, Spin, Upload } from 'antd';
import type { FormInstance, UploadFile } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { getAction, HttpError, request, type Envelope } from '../../../app/http/client';
import { hrRules } from '../../../components/rules/person-rules';
import { loadOptions, REG_URL, regCode, type Option } from '../components/api';
import { PublicShell } from '../components/PublicShell';

const half = (node: ReactNode) => (
  <Col xs={24} sm={12}>
    {node}
  </Col>
);
const options = (list: Option[] | undefined) => (list ?? []).map((o) => ({ value: o.value, label: o.text }));
const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const CV_EXT = /\.(pdf|doc|docx|jpe?g|png|gif|webp)$/i;

/** Files are checked here for a quick answer; the server decides from their content. */
function fileRule(kind: 'photo' | 'cv'): Rule {
  return {
    validator: async (_r, list: UploadFile[] | undefined) => {
      const f = list?.[0];
      if (!f) {
        if (kind === 'photo') throw new Error(REGISTRATION_TEXTS.photo);
        return;
      }
      const typeOk = kind === 'photo' ? PHOTO_TYPES.includes(f.type ?? '') : CV_EXT.test(f.name);
      if (!typeOk)
        throw new Error(kind === 'photo' ? REGISTRATION_TEXTS.photoType : REGISTRATION_TEXTS.cvType);
      if ((f.size ?? 0) >= REGISTRATION_LIMITS.fileMaxBytes)
        throw new Error(kind === 'photo' ? REGISTRATION_TEXTS.photoSize : REGISTRATION_TEXTS.cvSize);
    },
  };
}

/** Drops empty values and empty rows; the shared schema then checks what is left. */
function toData(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'photo' || k === 'cv' || k === 'captcha') continue;
    if (Array.isArray(v)) {
      const rows = v.filter(
        (r) =>
          r &&
          Object.values(r as object).some((x) => x !== undefined && x !== null && String(x).trim() !== ''),
      );
      if (rows.length)
        out[k] = rows.map((r) =>
          Object.fromEntries(Object.entries(r as object).filter(([, x]) => x !== undefined && x !== '')),
        );
      continue;
    }
    if (v !== undefined && v !== null && v !== '') out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Server and schema messages `a.b: text; c: text` onto the form's fields. */
function showErrors(form: FormInstance, issues: { path: (string | number)[]; message: string }[]): string {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const loose: string[] = [];
  for (const i of issues) {
    if (!i.path.length) {
      loose.push(i.message);
      continue;
    }
    const key = i.path.join('.');
    const e = byField.get(key) ?? { name: i.path, errors: [] };
    e.errors.push(i.message);
    byField.set(key, e);
  }
  const fields = [...byField.values()];
  if (fields.length) {
    form.setFields(fields);
    form.scrollToField(fields[0].name, { block: 'center' });
  }
  return loose.join('；');
}

function parseServerIssues(message: string) {
  return message.split('; ').map((part) => {
    const m = /^([A-Za-z0-9_.]+): (.*)$/.exec(part);
    return m
      ? { path: m[1].split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: m[2] }
      : { path: [], message: part };
  });
}

function RowsCard({
  name,
  title,
  addText,
  children,
}: {
  name: string;
  title: string;
  addText: string;
  children: (field: number) => ReactNode;
}) {
  return (
    <Card className="reg-card" title={title} size="small">
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <div className="reg-row-item" key={f.key} data-testid={`${name}-row`}>
                <div className="reg-row-head">
                  <span>
                    {title} {i + 1}
                  </span>
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    onClick={() => remove(f.name)}
                    aria-label={`删除${title}${i + 1}`}
                  >
                    删除
                  </Button>
                </div>
                <Row gutter={12}>{children(f.name)}</Row>
              </div>
            ))}
            <Button
              block
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= REGISTRATION_LIMITS.maxRows}
              onClick={() => add({})}
              data-testid={`${name}-add`}
            >
              {addText}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

/** 应聘登记 (/registration, public): the applicant's identity, contact, education, work, position, photo and CV. */
export default function Registration() {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const opts = useQuery({
    queryKey: ['registration-options'],
    queryFn: async () => {
      const r = await loadOptions();
      if (!r.success) throw new Error(r.message);
      return r.result;
    },
  });
  const [captcha, setCaptcha] = useState({ key: '', image: '' });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const photoList = Form.useWatch('photo', form) as UploadFile[] | undefined;

  const refreshCaptcha = useCallback(async () => {
    const key = `reg${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
    form.setFieldValue('captcha', '');
    try {
      const res = await getAction<string>(`/sys/randomImage/${key}`, undefined, { silent: true });
      setCaptcha({ key, image: res.success ? res.result : '' });
    } catch {
      setCaptcha({ key, image: '' });
    }
  }, [form]);
  useEffect(() => {
    if (opts.data?.captcha) void refreshCaptcha();
  }, [opts.data?.captcha, refreshCaptcha]);

  const finish = async (values: Record<string, unknown>) => {
    setError('');
    const data = toData(values);
    const checked = registrationSchema.safeParse(data);
    if (!checked.success) {
      setError(
        showErrors(
          form,
          checked.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })),
        ) || '请检查填写的内容',
      );
      return;
    }
    const fd = new FormData();
    fd.append('data', JSON.stringify(data));
    if (opts.data?.captcha) {
      fd.append('checkKey', captcha.key);
      fd.append('captcha', String(values.captcha ?? ''));
    }
    const photo = (values.photo as UploadFile[] | undefined)?.[0]?.originFileObj;
    const cv = (values.cv as UploadFile[] | undefined)?.[0]?.originFileObj;
    if (photo) fd.append('photo', photo, photo.name);
    if (cv) fd.append('cv', cv, cv.name);
    setSubmitting(true);
    try {
      const res = await request<Envelope<{ code: string; expiresAt: number }>>('POST', REG_URL.submit, {
        data: fd,
        silent: true,
      });
      if (!res.success) {
        setError(res.message || '提交失败');
        if (opts.data?.captcha) void refreshCaptcha();
        return;
      }
      regCode.set(res.result.code);
      navigate('/endRegis');
    } catch (e) {
      const msg = e instanceof HttpError ? e.message : '提交失败，请稍后再试';
      setError(
        e instanceof HttpError && e.status === 400
          ? showErrors(form, parseServerIssues(msg)) || '请检查填写的内容'
          : msg,
      );
      if (opts.data?.captcha) void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const onValuesChange = (changed: Record<string, unknown>) => {
    if (typeof changed.idCard !== 'string') return;
    const r = parseNationalId(changed.idCard.trim());
    if (!r.ok) return;
    if (!form.getFieldValue('birthday')) form.setFieldValue('birthday', r.info.birthday);
    if (!form.getFieldValue('sex')) form.setFieldValue('sex', r.info.sex);
  };

  if (opts.isLoading) {
    return (
      <PublicShell title="应聘登记">
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin tip="加载中…" />
        </div>
      </PublicShell>
    );
  }
  if (opts.isError || !opts.data) {
    return (
      <PublicShell title="应聘登记">
        <Result
          status="warning"
          title="登记表加载失败"
          subTitle="请检查网络后重试"
          extra={<Button onClick={() => void opts.refetch()}>重试</Button>}
        />
      </PublicShell>
    );
  }
  const o = opts.data;
  const fileList = (e: { fileList: UploadFile[] } | UploadFile[]) =>
    (Array.isArray(e) ? e : e.fileList).slice(-1);

  return (
    <PublicShell title="应聘登记">
      <p style={{ margin: '0 4px 12px', color: 'rgba(0,0,0,.65)' }}>
        请如实填写以下信息，带 * 的为必填项。提交后可参加性格测试。
      </p>
      <Form
        form={form}
        name="reg"
        layout="vertical"
        onFinish={finish}
        onValuesChange={onValuesChange}
        scrollToFirstError={{ block: 'center' }}
        initialValues={{ educations: [], workHistory: [] }}
        data-testid="registration-form"
      >
        <Card className="reg-card" title="基本信息" size="small">
          <Row gutter={12}>
            {half(
              <Form.Item name="realname" label="姓名" rules={hrRules.realname}>
                <Input maxLength={100} autoComplete="name" />
              </Form.Item>,
            )}
            {half(
              <Form.Item
                name="idCard"
                label="身份证号"
                rules={[...required(REGISTRATION_TEXTS.idCard), ...hrRules.idCard]}
              >
                <Input maxLength={18} autoComplete="off" />
              </Form.Item>,
            )}
            {half(
              <Form.Item
                name="sex"
                label="性别"
                rules={[{ required: true, message: REGISTRATION_TEXTS.sex }]}
              >
                <Radio.Group options={options(o.sex)} />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="birthday" label="出生日期">
                <Input type="date" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="nation" label="民族">
                <Input maxLength={50} placeholder="如：汉族" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="nativePlace" label="籍贯">
                <Input maxLength={100} placeholder="如：江苏南京" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="political" label="政治面貌">
                <Select allowClear options={options(o.political)} placeholder="请选择" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="marriage" label="婚育状况">
                <Select allowClear options={options(o.marriage)} placeholder="请选择" />
              </Form.Item>,
            )}
          </Row>
        </Card>

        <Card className="reg-card" title="联系方式" size="small">
          <Row gutter={12}>
            {half(
              <Form.Item name="mobile" label="手机号" rules={hrRules.mobile}>
                <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="email" label="邮箱" rules={hrRules.email}>
                <Input maxLength={100} inputMode="email" autoComplete="email" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="qq" label="QQ" rules={hrRules.qq}>
                <Input maxLength={12} inputMode="numeric" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="telephone" label="座机" rules={hrRules.telephone}>
                <Input maxLength={30} placeholder="如：010-12345678" />
              </Form.Item>,
            )}
            <Col span={24}>
              <Form.Item name="address" label="现住址">
                <Input maxLength={255} />
              </Form.Item>
            </Col>
            {half(
              <Form.Item name="emergencyContact" label="紧急联系人">
                <Input maxLength={100} />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="emergencyPhone" label="紧急联系电话" rules={hrRules.mobileOptional}>
                <Input maxLength={11} inputMode="numeric" />
              </Form.Item>,
            )}
          </Row>
        </Card>

        <Card className="reg-card" title="学历" size="small">
          <Row gutter={12}>
            {half(
              <Form.Item
                name="degree"
                label="最高学历"
                rules={[{ required: true, message: REGISTRATION_TEXTS.degree }]}
              >
                <Select options={options(o.degree)} placeholder="请选择" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="school" label="毕业院校">
                <Input maxLength={100} />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="major" label="专业">
                <Input maxLength={100} />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="graduationDate" label="毕业日期">
                <Input type="date" />
              </Form.Item>,
            )}
          </Row>
        </Card>

        <RowsCard name="educations" title="教育经历" addText="添加教育经历">
          {(n) => (
            <>
              {half(
                <Form.Item name={[n, 'school']} label="学校" rules={required(REGISTRATION_TEXTS.school)}>
                  <Input maxLength={100} />
                </Form.Item>,
              )}
              {half(
                <Form.Item name={[n, 'major']} label="专业">
                  <Input maxLength={100} />
                </Form.Item>,
              )}
              {half(
                <Form.Item name={[n, 'degree']} label="学历">
                  <Select allowClear options={options(o.degree)} placeholder="请选择" />
                </Form.Item>,
              )}
              <Col xs={12} sm={6}>
                <Form.Item name={[n, 'start']} label="入学">
                  <Input type="date" />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item name={[n, 'end']} label="毕业">
                  <Input type="date" />
                </Form.Item>
              </Col>
            </>
          )}
        </RowsCard>

        <RowsCard name="workHistory" title="工作经历" addText="添加工作经历">
          {(n) => (
            <>
              {half(
                <Form.Item
                  name={[n, 'company']}
                  label="工作单位"
                  rules={required(REGISTRATION_TEXTS.company)}
                >
                  <Input maxLength={100} />
                </Form.Item>,
              )}
              {half(
                <Form.Item name={[n, 'position']} label="职位">
                  <Input maxLength={100} />
                </Form.Item>,
              )}
              <Col xs={12} sm={6}>
                <Form.Item name={[n, 'start']} label="开始">
                  <Input type="date" />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item name={[n, 'end']} label="结束">
                  <Input type="date" />
                </Form.Item>
              </Col>
              {half(
                <Form.Item name={[n, 'leaveReason']} label="离职原因">
                  <Input maxLength={255} />
                </Form.Item>,
              )}
            </>
          )}
        </RowsCard>

        <Card className="reg-card" title="应聘信息" size="small">
          <Row gutter={12}>
            {half(
              <Form.Item
                name="orgCode"
                label="应聘公司"
                rules={[{ required: true, message: REGISTRATION_TEXTS.orgCode }]}
              >
                <Select options={options(o.company)} placeholder="请选择" />
              </Form.Item>,
            )}
            {half(
              <Form.Item name="applyPost" label="应聘岗位" rules={required(REGISTRATION_TEXTS.applyPost)}>
                <Input maxLength={100} placeholder="如：软件工程师" />
              </Form.Item>,
            )}
          </Row>
        </Card>

        <Card className="reg-card" title="照片与简历" size="small">
          <Row gutter={12}>
            {half(
              <Form.Item
                name="photo"
                label="照片"
                valuePropName="fileList"
                getValueFromEvent={fileList}
                required
                rules={[fileRule('photo')]}
                extra="JPG、PNG、GIF 或 WEBP，小于 10MB"
              >
                <Upload
                  listType="picture-card"
                  accept="image/jpeg,image/png,image/gif,image/webp"
                  beforeUpload={() => false}
                  maxCount={1}
                >
                  {photoList?.length ? null : (
                    <div>
                      <PlusOutlined />
                      <div style={{ marginTop: 8 }}>上传照片</div>
                    </div>
                  )}
                </Upload>
              </Form.Item>,
            )}
            {half(
              <Form.Item
                name="cv"
                label="简历"
                valuePropName="fileList"
                getValueFromEvent={fileList}
                rules={[fileRule('cv')]}
                extra="PDF、Word 或图片，小于 10MB"
              >
                <Upload accept=".pdf,.doc,.docx,image/jpeg,image/png" beforeUpload={() => false} maxCount={1}>
                  <Button icon={<UploadOutlined />}>选择简历文件</Button>
                </Upload>
              </Form.Item>,
            )}
          </Row>
        </Card>

        {o.captcha && (
          <Card className="reg-card" title="验证" size="small">
            <Row gutter={12}>
              <Col xs={14} sm={8}>
                <Form.Item name="captcha" label="验证码" rules={required(REGISTRATION_TEXTS.captcha)}>
                  <Input maxLength={8} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={10} sm={6}>
                <Form.Item label=" ">
                  <div
                    className="reg-captcha"
                    role="button"
                    title="看不清？点击刷新"
                    onClick={() => void refreshCaptcha()}
                  >
                    {captcha.image ? <img src={captcha.image} alt="验证码" /> : <span>点击刷新</span>}
                  </div>
                </Form.Item>
              </Col>
            </Row>
          </Card>
        )}

        <div className="reg-submit-bar">
          {error && (
            <Alert
              type="error"
              showIcon
              message={error}
              style={{ marginBottom: 12 }}
              data-testid="registration-error"
            />
          )}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            data-testid="registration-submit"
          >
            提交登记
          </Button>
        </div>
      </Form>
    </PublicShell>
  );
}
