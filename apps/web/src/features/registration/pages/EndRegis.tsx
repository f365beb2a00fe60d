import { REGISTRATION_LIMITS } from '@go/contract';
import { Alert, Button, Result, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { regCode } from '../components/api';
import { PublicShell } from '../components/PublicShell';

/** 登记完成 (/endRegis, public): thanks, the applicant's code, the way to the test and the summary. */
export default function EndRegis() {
  const code = regCode.get();
  const hours = Math.round(REGISTRATION_LIMITS.codeTtlMs / 3600_000);
  return (
    <PublicShell title="登记完成">
      <Result
        status="success"
        title="登记成功"
        subTitle="感谢您的应聘登记，我们的人事同事会尽快与您联系。"
        extra={
          <Space
            direction="vertical"
            size="middle"
            style={{ width: '100%', maxWidth: 480, textAlign: 'left' }}
          >
            {code ? (
              <>
                <div>
                  <div style={{ marginBottom: 6 }}>您的登记查询码：</div>
                  <Typography.Text
                    className="reg-code"
                    copyable={{ text: code, tooltips: ['复制', '已复制'] }}
                    data-testid="registration-code"
                  >
                    {code}
                  </Typography.Text>
                </div>
                <Alert
                  type="info"
                  showIcon
                  message={`查询码是查看登记内容的唯一凭证，${hours} 小时内有效，请勿告诉他人。`}
                />
                <Link to="/mbtiTest">
                  <Button type="primary" size="large" block data-testid="endregis-mbti">
                    参加性格测试（约 5 分钟）
                  </Button>
                </Link>
                <Link to="/summarize">
                  <Button size="large" block data-testid="endregis-summary">
                    查看登记内容
                  </Button>
                </Link>
              </>
            ) : (
              <Link to="/summarize">
                <Button size="large" block>
                  凭查询码查看登记内容
                </Button>
              </Link>
            )}
          </Space>
        }
      />
    </PublicShell>
  );
}
