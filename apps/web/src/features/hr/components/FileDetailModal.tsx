import { HY_LEAVE_PENDING, HY_LEAVE_PENDING_TEXT } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Spin, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { useAuth } from '../../../components/list/auth';
import { getAction } from '../../../app/http/client';
import type { Row } from '../../../components/list/types';
import { RegistrationPanel } from '../../registration/components/RegistrationPanel';
import { HR_PERM, HR_URL, STATUS_COLOR } from './hr-api';

const FIELDS: [string, string][] = [
  ['realname', '姓名'],
  ['sex_dictText', '性别'],
  ['birthday', '出生日期'],
  ['idCard', '身份证号'],
  ['mobile', '手机号'],
  ['email', '邮箱'],
  ['telephone', '座机'],
  ['qq', 'QQ'],
  ['nativePlace', '籍贯'],
  ['nation', '民族'],
  ['political_dictText', '政治面貌'],
  ['marriage_dictText', '婚育状况'],
  ['address', '住址'],
  ['emergencyContact', '紧急联系人'],
  ['degree_dictText', '最高学历'],
  ['school', '毕业院校'],
  ['major', '专业'],
  ['company_dictText', '公司'],
  ['departName', '部门'],
  ['post_dictText', '职务'],
  ['rank_dictText', '职级'],
  ['employType_dictText', '用工类型'],
  ['entryDate', '入职日期'],
  ['regularDate', '转正日期'],
  ['contractNo', '合同编号'],
  ['contractEnd', '合同结束日期'],
  ['bankName', '开户银行'],
  ['bankCard', '银行卡号'],
  ['username', '系统账号'],
  ['dimissionDate', '离职日期'],
  ['dimissionReason', '离职原因'],
  ['blacklistReason', '拉黑原因'],
  ['applyPost', '应聘岗位'],
  ['mbtiType', '性格类型'],
];

/** One change in words: 用工类型 空 → 正式工, 教育经历 已更新 (texts from the server, never codes). */
export function logChange(l: Row): string {
  const label = String(l.fieldLabel);
  const before = l.oldStatus_dictText || l.oldText;
  const after = l.newStatus_dictText || l.newText;
  if (!before && after === '已更新') return `${label} 已更新`;
  if (!l.field || (!before && !after)) return label;
  return `${label} ${String(before || '空')} → ${String(after || '空')}`;
}

/**
 * 人事档案 detail: the file (masked), a reveal for holders of hr:sensitive:view (logged), the timeline, and 变更记录
 * (every field change of the file, docs/audit.md).
 */
export function FileDetailModal({ id, onClose }: { id?: string; onClose: () => void }) {
  const { message } = App.useApp();
  const { has } = useAuth();
  const [plain, setPlain] = useState<Row | null>(null);
  const file = useQuery({
    queryKey: ['hyUser', id],
    enabled: !!id,
    queryFn: async () => (await getAction<Row>(HR_URL.detail, { id })).result,
  });
  const logs = useQuery({
    queryKey: ['hyUserLog', id],
    enabled: !!id,
    queryFn: async () => (await getAction<{ records: Row[] }>(HR_URL.logs, { hyUserId: id, pageSize: 200, column: 'createTime', order: 'desc' })).result?.records ?? [],
  });
  const reveal = async () => {
    const res = await getAction<Row>(HR_URL.sensitive, { id });
    if (res.success) setPlain(res.result);
    else message.warning(res.message);
  };
  const f = file.data ? { ...file.data, ...(plain ?? {}) } : undefined;
  return (
    <Modal
      title="人事档案"
      open={!!id}
      width={1200}
      onCancel={() => {
        setPlain(null);
        onClose();
      }}
      footer={null}
      destroyOnHidden
    >
      {!f ? (
        <Spin />
      ) : (
        <>
          <div style={{ marginBottom: 12, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
            <Tag color={STATUS_COLOR[String(f.status)]}>{String(f.status_dictText ?? '')}</Tag>
            {f.pendingMove === HY_LEAVE_PENDING && <Tag color="volcano">{`${HY_LEAVE_PENDING_TEXT} ${String(f.dimissionDate ?? '')}`}</Tag>}
            {Number(f.blacklistFlag) === 1 && <Tag color="red">黑名单人员再次应聘</Tag>}
            {has(HR_PERM.sensitive) && !plain && (
              <Button size="small" onClick={() => void reveal()}>
                显示敏感信息
              </Button>
            )}
            <ChangeLogButton recordType="hy_user" recordId={String(f.id)} />
          </div>
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            {FIELDS.map(([k, label]) => (
              <Descriptions.Item key={k} label={label}>
                <span data-field={k}>{f[k] === null || f[k] === undefined ? '' : String(f[k])}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
          <RegistrationPanel id={String(f.id)} />
          <h3 style={{ margin: '16px 0 8px' }}>档案变更记录</h3>
          {logs.isLoading ? (
            <Spin />
          ) : (
            <Timeline
              items={(logs.data ?? []).slice(0, 60).map((l) => ({
                key: String(l.id),
                children: (
                  <span>
                    {String(l.createTime)} {String(l.operatorName ?? l.operator ?? '')} {String(l.action_dictText ?? l.action)}
                    {l.fieldLabel ? `：${logChange(l)}` : ''}
                    {l.reason ? `（${String(l.reason)}）` : ''}
                  </span>
                ),
              }))}
            />
          )}
        </>
      )}
    </Modal>
  );
}
