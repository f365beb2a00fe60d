import type { MbtiResult } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../../app/http/client';
import { loadQuestions, regCode, sendAnswers } from '../components/api';
import { MbtiResultView } from '../components/MbtiResultView';
import { PublicShell } from '../components/PublicShell';

/**
 * 性格测试 (/mbtiTest, public): one question at a time with the progress, scored on the server. Taken
 * after registering (the code is in this tab), the result joins the applicant's file.
 */
export default function MbtiTest() {
  const code = regCode.get();
  const q = useQuery({
    queryKey: ['mbti-questions'],
    queryFn: async () => {
      const r = await loadQuestions();
      if (!r.success) throw new Error(r.message);
      return r.result;
    },
  });
  const [answers, setAnswers] = useState<('A' | 'B')[]>([]);
  const [index, setIndex] = useState(0);
  const [result, setResult] = useState<MbtiResult | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  if (q.isLoading) {
    return (
      <PublicShell title="性格测试">
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin tip="加载中…" />
        </div>
      </PublicShell>
    );
  }
  if (q.isError || !q.data) {
    return (
      <PublicShell title="性格测试">
        <Result
          status="warning"
          title="题目加载失败"
          subTitle="请检查网络后重试"
          extra={<Button onClick={() => void q.refetch()}>重试</Button>}
        />
      </PublicShell>
    );
  }
  const { questions, version } = q.data;
  const total = questions.length;

  const submit = async (all: ('A' | 'B')[]) => {
    setSending(true);
    setError('');
    try {
      const res = await sendAnswers(version, all, code);
      if (res.success) setResult(res.result);
      else setError(res.message);
    } catch (e) {
      setError(e instanceof HttpError ? e.message : '提交失败，请稍后再试');
    } finally {
      setSending(false);
    }
  };

  if (result) {
    return (
      <PublicShell title="性格测试结果">
        <Card className="reg-card">
          <MbtiResultView result={result} />
          {result.attached && (
            <Alert
              type="success"
              showIcon
              message="测试结果已记入您的应聘登记。"
              style={{ margin: '12px 0' }}
            />
          )}
          <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
            {code ? (
              <>
                <Link to="/endRegis">
                  <Button type="primary" size="large" block data-testid="mbti-done">
                    完成
                  </Button>
                </Link>
                <Link to="/summarize">
                  <Button size="large" block>
                    查看登记内容
                  </Button>
                </Link>
              </>
            ) : (
              <Button
                size="large"
                block
                onClick={() => {
                  setResult(null);
                  setAnswers([]);
                  setIndex(0);
                }}
              >
                重新测试
              </Button>
            )}
          </Space>
        </Card>
      </PublicShell>
    );
  }

  const cur = questions[index];
  const answered = answers.filter(Boolean).length;
  const choose = (v: 'A' | 'B') => {
    const next = [...answers];
    next[index] = v;
    setAnswers(next);
    if (index < total - 1) setIndex(index + 1);
  };
  const done = answered === total;

  return (
    <PublicShell title="性格测试">
      <Card className="reg-card">
        <p style={{ color: 'rgba(0,0,0,.65)', marginTop: 0 }}>
          共 {total} 题，凭第一感觉选择更接近您的一项，没有对错之分。
        </p>
        <Progress
          percent={Math.round((answered / total) * 100)}
          format={() => `${answered}/${total}`}
          aria-label={`已答 ${answered} 题，共 ${total} 题`}
          data-testid="mbti-progress"
        />
        <div className="mbti-question" data-testid="mbti-question">
          <span style={{ color: '#1677ff', marginRight: 8 }}>第 {index + 1} 题</span>
          {cur.text}
        </div>
        {(['A', 'B'] as const).map((v) => (
          <Button
            key={v}
            className="mbti-option"
            size="large"
            type={answers[index] === v ? 'primary' : 'default'}
            onClick={() => choose(v)}
            data-testid={`mbti-option-${v}`}
            aria-pressed={answers[index] === v}
          >
            {v}. {v === 'A' ? cur.a : cur.b}
          </Button>
        ))}
        <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 4 }}>
          <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
            上一题
          </Button>
          {index < total - 1 ? (
            <Button disabled={!answers[index]} onClick={() => setIndex(index + 1)}>
              下一题
            </Button>
          ) : (
            <Button
              type="primary"
              disabled={!done}
              loading={sending}
              onClick={() => void submit(answers)}
              data-testid="mbti-submit"
            >
              提交测试
            </Button>
          )}
        </Space>
        {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
      </Card>
      {!code && (
        <p style={{ margin: '0 4px', color: 'rgba(0,0,0,.45)', fontSize: 13 }}>
          提示：先完成 <Link to="/registration">应聘登记</Link> 再参加测试，结果会记入您的登记。
        </p>
      )}
    </PublicShell>
  );
}
