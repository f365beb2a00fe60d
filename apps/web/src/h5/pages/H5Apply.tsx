import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, Input, Popup, Selector, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDictOptions } from '../../app/dict';
import { useSession } from '../../app/session/store';
import { wfApi, type NextNode } from '../../features/workflow/api';
import { choosableUsers } from '../../features/workflow/approval';
import { NextStepSummary } from '../../features/workflow/components/NextStepSummary';
import { loadNextStep } from '../../features/workflow/nextApprovers';
import { WF_TEXTS } from '../../features/workflow/texts';
import { H5Page } from '../components/H5Page';

// the expense form type's wire key (EXPENSE_TABLE of features/forms; not imported to keep its editor out of this chunk)
const TABLE = 'fm_expense';
interface Row {
  key: number;
  name: string;
  amount: string;
  remark: string;
}
let seq = 0;
const newRow = (): Row => ({ key: ++seq, name: '', amount: '', remark: '' });
const money = (n: number) =>
  n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 费用报销 on the phone: the same draft (`/actBusiness/add`) and submission (`/actBusiness/apply`) as the desktop. */
export default function H5Apply() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orgCode = useSession((s) => s.userInfo?.orgCode);
  const typeOptions = useDictOptions('expense_type');
  const defs = useQuery({
    queryKey: ['wfStartable', TABLE],
    queryFn: async () => {
      const res = await wfApi.startable(TABLE);
      return res.success && Array.isArray(res.result) ? res.result : [];
    },
  });
  const [procDefId, setProcDefId] = useState<string | undefined>();
  const [title, setTitle] = useState('');
  const [expenseType, setExpenseType] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [target, setTarget] = useState<{ id: string; procDefId?: string; node: NextNode | null } | null>(
    null,
  );
  const [assignees, setAssignees] = useState<string[]>([]);
  const [draft, setDraft] = useState<{ id: string; tableId: string; procDefId: string } | null>(null);

  const chosenDef = procDefId ?? defs.data?.[0]?.id;
  const total = rows.reduce((s, r) => s + (Number(r.amount) || 0), 0);
  const patch = (key: number, p: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...p } : r)));

  const collect = (): Record<string, unknown> | null => {
    if (!reason.trim()) return (setError('请输入报销事由'), null);
    const items = rows.filter((r) => r.name.trim() || r.amount.trim());
    if (!items.length) return (setError('请至少填写一条费用明细'), null);
    for (const r of items) {
      if (!r.name.trim()) return (setError('请输入费用项目'), null);
      const n = Number(r.amount);
      if (!r.amount.trim() || !Number.isFinite(n) || n <= 0) return (setError('请输入金额（元）'), null);
    }
    setError(null);
    return {
      title: title.trim() || undefined,
      expenseType,
      reason: reason.trim(),
      items: items.map((r) => ({ name: r.name.trim(), amount: Number(r.amount), remark: r.remark.trim() })),
    };
  };

  const submit = async () => {
    const data = collect();
    if (!data) return;
    if (!chosenDef) return setError('没有可发起的费用报销流程');
    setSaving(true);
    try {
      let saved = draft;
      if (saved) {
        const res = await wfApi.editDraft(saved.id, data);
        if (!res.success) return setError(res.message);
      } else {
        const res = await wfApi.addDraft(TABLE, chosenDef, data);
        if (!res.success) return setError(res.message);
        saved = {
          id: res.result.id,
          tableId: res.result.tableId,
          procDefId: res.result.procDefId ?? chosenDef,
        };
        setDraft(saved);
      }
      // the same next-approver module as the desktop submit dialog
      const next = await loadNextStep({ kind: 'apply', procDefId: saved.procDefId, tableId: saved.tableId }, orgCode);
      setAssignees([]);
      setTarget({ id: saved.id, procDefId: saved.procDefId, node: next.node });
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  const node = target?.node ?? null;
  const users = choosableUsers(node);
  const mustChoose = node?.type === 1 && node.chooseMark === 1 && users.length > 0;

  const apply = async () => {
    if (!target) return;
    if (mustChoose && !assignees.length) return setError(WF_TEXTS.needApprover);
    setSaving(true);
    try {
      const res = await wfApi.apply({
        id: target.id,
        procDefId: target.procDefId,
        assignees: mustChoose ? assignees.join(',') : undefined,
      });
      if (!res.success) return setError(res.message);
      const who = mustChoose ? users.filter((u) => assignees.includes(u.username)) : users;
      Toast.show({
        icon: 'success',
        content: node?.title
          ? `操作成功，已提交，等待「${node.title}」${who.length ? `（${who.map((u) => u.realname).join('、')}）` : ''}审批`
          : '操作成功，已提交审批',
      });
      void queryClient.invalidateQueries({ queryKey: ['h5TodoCount'] });
      navigate('/h5/apps');
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <H5Page
      title="费用报销"
      back="/h5"
      testId="h5-apply"
      footer={
        <div className="h5-actions">
          <Button
            block
            color="primary"
            size="large"
            loading={saving}
            onClick={() => void submit()}
            data-testid="h5-apply-submit"
          >
            提交申请
          </Button>
        </div>
      }
    >
      {defs.isLoading && <DotLoading color="primary" />}
      {(defs.data?.length ?? 0) > 1 && (
        <div className="h5-card">
          <div className="h5-label">流程</div>
          <Selector
            value={chosenDef ? [chosenDef] : []}
            onChange={(v) => v[0] && setProcDefId(v[0])}
            options={(defs.data ?? []).map((d) => ({ label: d.name, value: d.id }))}
          />
        </div>
      )}
      <div className="h5-card h5-form">
        <label className="h5-field">
          <span className="h5-label">标题</span>
          <Input
            value={title}
            onChange={setTitle}
            maxLength={200}
            placeholder="不填则为“姓名的费用报销”"
            data-testid="h5-expense-title"
          />
        </label>
        {typeOptions.length > 0 && (
          <div className="h5-field">
            <span className="h5-label">费用类型</span>
            <Selector
              value={expenseType ? [expenseType] : []}
              onChange={(v) => setExpenseType(v[0])}
              options={typeOptions.map((o) => ({ label: o.label, value: o.value }))}
            />
          </div>
        )}
        <label className="h5-field">
          <span className="h5-label">报销事由（必填）</span>
          <TextArea
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (error) setError(null);
            }}
            rows={3}
            maxLength={2000}
            placeholder="请输入报销事由"
            className="h5-textarea"
            data-testid="h5-expense-reason"
          />
        </label>
      </div>
      <div className="h5-card">
        <div className="h5-label">费用明细</div>
        {rows.map((r, i) => (
          <fieldset key={r.key} className="h5-item-row" data-testid="h5-expense-item">
            <legend>明细 {i + 1}</legend>
            <Input
              value={r.name}
              onChange={(v) => patch(r.key, { name: v })}
              placeholder="请输入费用项目"
              aria-label="费用项目"
            />
            <Input
              value={r.amount}
              onChange={(v) => patch(r.key, { amount: v })}
              placeholder="请输入金额（元）"
              inputMode="decimal"
              aria-label="金额（元）"
            />
            <Input
              value={r.remark}
              onChange={(v) => patch(r.key, { remark: v })}
              placeholder="请输入备注"
              aria-label="备注"
            />
            {rows.length > 1 && (
              <Button
                size="small"
                color="danger"
                fill="none"
                className="h5-touch"
                onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
              >
                删除此条
              </Button>
            )}
          </fieldset>
        ))}
        <Button
          block
          fill="outline"
          className="h5-touch"
          onClick={() => setRows((all) => [...all, newRow()])}
          data-testid="h5-expense-add"
        >
          添加明细
        </Button>
        <div className="h5-total" data-testid="h5-expense-total">
          报销金额合计：¥ {money(total)}
        </div>
      </div>
      {error && !target && (
        <div className="h5-error" role="alert" data-testid="h5-apply-error">
          {error}
        </div>
      )}
      <Popup visible={!!target} onMaskClick={() => setTarget(null)} bodyClassName="h5-popup" destroyOnClose>
        <div className="h5-popup-inner" role="dialog" aria-label="提交申请" data-testid="h5-apply-confirm">
          <h2 className="h5-popup-title">提交申请</h2>
          {node ? (
            <div className="h5-label">第一步：{node.title}</div>
          ) : (
            <div className="h5-muted">将按流程设置提交</div>
          )}
          {mustChoose ? (
            <Selector
              multiple
              value={assignees}
              onChange={setAssignees}
              options={users.map((u) => ({ label: u.realname, value: u.username }))}
            />
          ) : null}
          <NextStepSummary node={node} chosen={mustChoose ? assignees : undefined} testId="h5-apply-next-step" />
          {error && (
            <div className="h5-error" role="alert">
              {error}
            </div>
          )}
          <div className="h5-actions">
            <Button
              size="large"
              onClick={() => {
                setTarget(null);
                navigate('/h5/apps');
              }}
            >
              稍后提交（保存为草稿）
            </Button>
            <Button
              size="large"
              color="primary"
              loading={saving}
              onClick={() => void apply()}
              data-testid="h5-apply-confirm-submit"
            >
              确认提交
            </Button>
          </div>
        </div>
      </Popup>
    </H5Page>
  );
}
