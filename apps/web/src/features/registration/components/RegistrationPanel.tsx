import type { HyRegistrationRow } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Spin, Tag } from 'antd';
import { apiUrl, getAction } from '../../../app/http/client';
import { REG_URL } from './api';
import { MbtiResultView } from './MbtiResultView';

/** A registration of the file, as `/manager/hyUser/registrations` answers it. */
type RegistrationRow = HyRegistrationRow;

/**
 * 在线登记 in the HR file detail: each public registration of the person (newest first) with its photo,
 * CV and personality-test result. The file links are signed for ten minutes when the panel loads.
 */
export function RegistrationPanel({ id }: { id: string }) {
  const q = useQuery({
    queryKey: ['hyUser-registrations', id],
    queryFn: async () => {
      const r = await getAction<RegistrationRow[]>(REG_URL.ofFile, { id }, { silent: true });
      if (!r.success) throw new Error(r.message);
      return r.result;
    },
  });
  if (q.isLoading) return <Spin size="small" />;
  if (q.isError)
    return <Alert type="warning" showIcon message={`在线登记记录加载失败：${q.error.message}`} />;
  if (!q.data?.length) return null;
  return (
    <div data-testid="registration-panel">
      <h3 style={{ margin: '16px 0 8px' }}>在线登记</h3>
      <Space direction="vertical" style={{ width: '100%' }}>
        {q.data.map((r) => (
          <Card
            key={r.id}
            size="small"
            title={`${r.createTime} · ${r.applyPost ?? ''}`}
            extra={
              <Tag color={r.outcome === 'held' || r.outcome === 'flagged' ? 'red' : 'blue'}>
                {r.outcomeText}
              </Tag>
            }
          >
            <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              {r.photoUrl && (
                <img
                  src={apiUrl(r.photoUrl)}
                  alt={`${r.realname}的登记照片`}
                  style={{ width: 96, height: 128, objectFit: 'cover', borderRadius: 4 }}
                />
              )}
              <div style={{ flex: 1, minWidth: 240 }}>
                <p style={{ marginTop: 0 }}>
                  简历：
                  {r.cvUrl ? (
                    <a href={apiUrl(r.cvUrl)} target="_blank" rel="noreferrer">
                      {r.cvName ?? '下载'}
                    </a>
                  ) : (
                    '未上传'
                  )}
                </p>
                {r.mbti ? (
                  <div data-testid="registration-mbti" style={{ maxWidth: 420 }}>
                    <strong>性格测试：</strong>
                    <MbtiResultView result={r.mbti} />
                  </div>
                ) : (
                  <p>性格测试：未参加</p>
                )}
              </div>
            </div>
          </Card>
        ))}
      </Space>
    </div>
  );
}
