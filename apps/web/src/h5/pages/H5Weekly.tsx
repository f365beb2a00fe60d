import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, SearchBar, Selector, TextArea, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session/store';
import { searchPeople, weeklyApi } from '../../features/office/api';
import { H5Page } from '../components/H5Page';

/** Monday of this week as YYYY-MM-DD. */
function thisMonday(): string {
  const d = dayjs();
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}
const toHtml = (text: string) =>
  text
    .split(/\n/)
    .map((l) => `<p>${l.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');
const toText = (html: string | null | undefined) => {
  const doc = new DOMParser().parseFromString(html ?? '', 'text/html');
  return (
    [...doc.body.querySelectorAll('p, li')].map((p) => p.textContent ?? '').join('\n') ||
    (doc.body.textContent ?? '')
  );
};

/** 写周报: this week's report (drafts and submission to recipients) as plain text on the phone. */
export default function H5Weekly() {
  const me = useSession((s) => s.userInfo?.username);
  const weekStart = thisMonday();
  const prefill = useQuery({
    queryKey: ['h5Weekly', weekStart],
    queryFn: () => weeklyApi.prefill(weekStart),
  });
  const [id, setId] = useState<string | undefined>();
  const [done, setDone] = useState('');
  const [plan, setPlan] = useState('');
  const [problem, setProblem] = useState('');
  const [recipients, setRecipients] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  // the shared person search, once typing pauses; names of the chosen recipients are kept
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSettled(keyword.trim()), 250);
    return () => clearTimeout(t);
  }, [keyword]);
  const people = useQuery({ queryKey: ['h5People', settled], staleTime: 30_000, queryFn: () => searchPeople(settled) });
  const [names, setNames] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const p = prefill.data;
    if (!p) return;
    const e = p.existing;
    setId(e?.id);
    setDone(toText(e ? e.doneContent : p.doneContent));
    setPlan(toText(e?.planContent));
    setProblem(toText(e?.problemContent));
    setRecipients(e?.recipients.map((r) => r.username) ?? []);
    setNames((n) => ({ ...n, ...Object.fromEntries((e?.recipients ?? []).map((r) => [r.username, r.realname ?? ''])) }));
    setStatus(e?.status_dictText ?? '');
  }, [prefill.data]);

  const save = async (submit: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const body = {
        id,
        weekStart,
        doneContent: toHtml(done),
        planContent: toHtml(plan),
        problemContent: toHtml(problem),
        recipients,
        submit,
      };
      const r = id ? await weeklyApi.edit(body) : await weeklyApi.add(body);
      setId(r.id);
      Toast.show({ icon: 'success', content: submit ? '周报已提交' : '草稿已保存' });
      void prefill.refetch();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const found = (people.data ?? []).filter((u) => u.username !== me && !recipients.includes(u.username));
  const options = [
    ...recipients.map((u) => ({ label: names[u] || '—', value: u })),
    ...found.map((u) => ({ label: u.realname || '—', value: u.username })),
  ];
  const choose = (v: string[]) => {
    setNames((n) => ({ ...n, ...Object.fromEntries(found.filter((u) => v.includes(u.username)).map((u) => [u.username, u.realname])) }));
    setRecipients(v);
  };

  return (
    <H5Page
      title="写周报"
      back="/h5"
      testId="h5-weekly"
      footer={
        <div className="h5-actions">
          <Button
            size="large"
            loading={saving}
            onClick={() => void save(false)}
            data-testid="h5-weekly-draft"
          >
            保存草稿
          </Button>
          <Button
            size="large"
            color="primary"
            loading={saving}
            onClick={() => void save(true)}
            data-testid="h5-weekly-submit"
          >
            提交
          </Button>
        </div>
      }
    >
      {prefill.isLoading && <DotLoading color="primary" />}
      <div className="h5-card h5-form">
        <div className="h5-muted">
          周一 {weekStart}
          {status && ` · ${status}`}
        </div>
        <label className="h5-field">
          <span className="h5-label">本周完成工作</span>
          <TextArea
            value={done}
            onChange={setDone}
            rows={5}
            className="h5-textarea"
            placeholder="请输入本周完成工作"
            data-testid="h5-weekly-done"
          />
        </label>
        <label className="h5-field">
          <span className="h5-label">下周工作计划</span>
          <TextArea
            value={plan}
            onChange={setPlan}
            rows={4}
            className="h5-textarea"
            placeholder="请输入下周工作计划"
          />
        </label>
        <label className="h5-field">
          <span className="h5-label">问题与需要的支持</span>
          <TextArea
            value={problem}
            onChange={setProblem}
            rows={3}
            className="h5-textarea"
            placeholder="请输入问题与需要的支持"
          />
        </label>
        <div className="h5-field">
          <span className="h5-label">接收人</span>
          <SearchBar placeholder="搜索姓名、拼音或首字母" aria-label="搜索接收人" value={keyword} onChange={setKeyword} />
          <Selector multiple value={recipients} onChange={choose} options={options} />
        </div>
      </div>
      {error && (
        <div className="h5-error" role="alert">
          {error}
        </div>
      )}
    </H5Page>
  );
}
