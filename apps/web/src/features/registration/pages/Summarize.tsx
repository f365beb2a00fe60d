import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiUrl, HttpError } from '../../../app/http/client';
import { loadSummary, regCode, type Summary } from '../components/api';
import { MbtiResultView } from '../components/MbtiResultView';
import { PublicShell } from '../components/PublicShell';

const FIELDS: [string, string][] = [
  ['realname', '姓名'],
  ['sex', '性别'],
  ['idCard', '身份证号'],
  ['birthday', '出生日期'],
  ['nation', '民族'],
  ['nativePlace', '籍贯'],
  ['political', '政治面貌'],
  ['marriage', '婚育状况'],
  ['mobile', '手机号'],
  ['email', '邮箱'],
  ['qq', 'QQ'],
  ['telephone', '座机'],
  ['address', '现住址'],
  ['emergencyContact', '紧急联系人'],
  ['emergencyPhone', '紧急联系电话'],
  ['degree', '最高学历'],
  ['school', '毕业院校'],
  ['major', '专业'],
  ['graduationDate', '毕业日期'],
];
const period = (r: Record<string, string>) => [r.start, r.end].filter(Boolean).join(' 至 ');

function SummaryView({ s }: { s: Summary }) {
  const v = (k: string) =>
    s.texts[k] ?? (s.data[k] === null || s.data[k] === undefined ? '' : String(s.data[k]));
  return (
    <>
      <Card className="reg-card" size="small" title="应聘信息">
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="应聘公司">{s.company}</Descriptions.Item>
          <Descriptions.Item label="应聘岗位">{v('applyPost')}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{s.createTime}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="reg-card" size="small" title="个人信息">
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {s.photoUrl && <img className="reg-photo" src={apiUrl(s.photoUrl)} alt="登记照片" />}
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            size="small"
            style={{ flex: 1, minWidth: 240 }}
            data-testid="summary-fields"
          >
            {FIELDS.filter(([k]) => v(k)).map(([k, label]) => (
              <Descriptions.Item key={k} label={label}>
                <span data-field={k}>{v(k)}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </div>
      </Card>
      <Card className="reg-card" size="small" title="教育经历">
        {s.data.educations.length ? (
          s.data.educations.map((r, i) => (
            <p key={i} style={{ margin: '4px 0' }}>
              {period(r)} {r.school} {r.major ?? ''}
            </p>
          ))
        ) : (
          <span style={{ color: 'rgba(0,0,0,.45)' }}>未填写</span>
        )}
      </Card>
      <Card className="reg-card" size="small" title="工作经历">
        {s.data.workHistory.length ? (
          s.data.workHistory.map((r, i) => (
            <p key={i} style={{ margin: '4px 0' }}>
              {period(r)} {r.company} {r.position ?? ''}{' '}
              {r.leaveReason ? `（离职原因：${r.leaveReason}）` : ''}
            </p>
          ))
        ) : (
          <span style={{ color: 'rgba(0,0,0,.45)' }}>未填写</span>
        )}
      </Card>
      <Card className="reg-card" size="small" title="简历">
        {s.cvUrl ? (
          <a href={apiUrl(s.cvUrl)} target="_blank" rel="noreferrer">
            {s.cvName ?? '简历'}
          </a>
        ) : (
          '未上传'
        )}
      </Card>
      <Card className="reg-card" size="small" title="性格测试">
        {s.mbti ? (
          <MbtiResultView result={s.mbti} />
        ) : (
          <Link to="/mbtiTest">
            <Button type="primary">参加性格测试</Button>
          </Link>
        )}
      </Card>
    </>
  );
}

/** 登记汇总 (/summarize, public): what the holder of the code submitted; nobody else's. */
export default function Summarize() {
  const [code, setCode] = useState<string | null>(() => regCode.get());
  const q = useQuery({
    queryKey: ['registration-summary', code],
    enabled: !!code,
    queryFn: async () => {
      try {
        const r = await loadSummary(code!);
        if (!r.success) throw new Error(r.message);
        return r.result;
      } catch (e) {
        throw new Error(e instanceof HttpError || e instanceof Error ? e.message : '加载失败');
      }
    },
  });

  const ask = (
    <Card className="reg-card">
      <Form
        layout="vertical"
        onFinish={(v: { code: string }) => {
          regCode.set(v.code.trim());
          setCode(v.code.trim());
        }}
      >
        {q.isError && (
          <Alert
            type="error"
            showIcon
            message={q.error.message}
            style={{ marginBottom: 12 }}
            data-testid="summary-error"
          />
        )}
        <Form.Item
          name="code"
          label="登记查询码"
          rules={[{ required: true, whitespace: true, message: '请输入登记查询码' }]}
          extra="提交登记后页面上显示的查询码"
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          查看
        </Button>
      </Form>
    </Card>
  );

  return (
    <PublicShell title="登记汇总">
      {!code || q.isError ? (
        ask
      ) : q.isLoading || !q.data ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin tip="加载中…" />
        </div>
      ) : (
        <>
          <SummaryView s={q.data} />
          <p style={{ margin: '4px', color: 'rgba(0,0,0,.55)' }}>
            如需修改，请 <Link to="/registration">重新提交登记表</Link>，人事同事会以最新的登记为准。
          </p>
        </>
      )}
    </PublicShell>
  );
}
