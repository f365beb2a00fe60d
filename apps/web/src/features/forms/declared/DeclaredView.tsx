import { formatMoney, optionText, type FieldDecl, type FormDeclaration } from '@go/contract/forms/index';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Table, Tag, Typography } from 'antd';
import { fetchMultiUser } from '../../../components/pickers/multi-user';
import { useDictText } from '../../../app/dict';
import { FileUpload } from '../../../components/upload';
import type { FormViewProps } from '../../workflow/formTypes';

/** The display text of one value. */
export function useFieldText(f: FieldDecl): (v: unknown) => string {
  const dictText = useDictText(f.dict ?? '');
  return (v: unknown) => {
    if (v === null || v === undefined || v === '') return '';
    if (f.type === 'money') return formatMoney(v);
    if (f.options) return optionText(f, v);
    if (f.dict) return dictText(v) || String(v);
    if (f.compute && 'days' in f.compute) return `${String(v)}天`;
    return String(v);
  };
}

function FieldValue({ f, value, names, refText }: { f: FieldDecl; value: unknown; names?: Record<string, string>; refText?: unknown }) {
  const text = useFieldText(f);
  // a coded field (a 职务 code) reads as the name the server adds (`<key>_dictText`), never as the code
  if (f.ref) return <>{typeof refText === 'string' && refText ? refText : '—'}</>;
  if (f.type === 'files') {
    return value ? <FileUpload value={String(value)} disabled /> : <Typography.Text type="secondary">无</Typography.Text>;
  }
  if ((f.type === 'user' || f.type === 'users') && typeof value === 'string' && value) {
    return <>{value.split(',').map((u) => names?.[u] ?? u).join('、')}</>;
  }
  if (f.type === 'textarea') return <span style={{ whiteSpace: 'pre-wrap' }}>{text(value)}</span>;
  if (f.type === 'money') return <Typography.Text strong>{text(value)}</Typography.Text>;
  return <>{text(value) || '—'}</>;
}

/** Real names of the usernames a form holds (user pickers store usernames). */
function useUserNames(usernames: string[]): Record<string, string> {
  const key = [...new Set(usernames)].sort().join(',');
  const q = useQuery({
    queryKey: ['formUserNames', key],
    enabled: !!key,
    staleTime: 60_000,
    queryFn: async () => {
      const rows = await fetchMultiUser<{ username: string; realname: string }>({ username: `${key},` });
      return Object.fromEntries(rows.map((r) => [r.username, r.realname]));
    },
  });
  return q.data ?? {};
}

/**
 * The read-only form of a declared type (task form, my applications, list detail): every field in the
 * declaration's order, line items as a table, the group-level mark.
 */
export function DeclaredView({ decl, data }: FormViewProps & { decl: FormDeclaration }) {
  const names = useUserNames(
    decl.fields
      .filter((f) => f.type === 'user' || f.type === 'users')
      .flatMap((f) => String(data[f.key] ?? '').split(','))
      .filter(Boolean),
  );
  const items = decl.items && Array.isArray(data[decl.items.key]) ? (data[decl.items.key] as Record<string, unknown>[]) : [];
  return (
    <div data-testid={`${decl.slug}-view`}>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="标题" span={2}>
          {String(data.title ?? '')}
          {decl.groupClaim && data.claimOrgCode === 'A01' && (
            <Tag color="purple" style={{ marginLeft: 8 }} data-testid="group-level">
              集团审批
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="申请人">{String(data.applicantName ?? data.applicant ?? '')}</Descriptions.Item>
        <Descriptions.Item label="申请时间">{String(data.applyTime ?? data.createTime ?? '')}</Descriptions.Item>
        {decl.fields
          .filter((f) => !f.hidden && (f.input !== false || f.compute || (data[f.key] !== null && data[f.key] !== undefined)))
          .map((f) => (
            <Descriptions.Item key={f.key} label={f.label} span={f.span === 2 || f.type === 'textarea' || f.type === 'files' ? 'filled' : 1}>
              <FieldValue f={f} value={data[f.key]} names={names} refText={data[`${f.key}_dictText`]} />
            </Descriptions.Item>
          ))}
      </Descriptions>
      {decl.items && (
        <>
          <Typography.Title level={5}>{decl.items.label}</Typography.Title>
          <Table
            size="small"
            bordered
            pagination={false}
            scroll={{ x: 480 }}
            rowKey={(_r, i) => String(i)}
            dataSource={items}
            columns={[
              { title: '序号', key: 'no', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
              ...decl.items.fields.map((f) => ({
                title: f.label,
                dataIndex: f.key,
                align: (f.type === 'money' || f.type === 'number' ? 'right' : 'left') as 'right' | 'left',
                render: (v: unknown) => <FieldValue f={f} value={v} />,
              })),
            ]}
          />
        </>
      )}
    </div>
  );
}
