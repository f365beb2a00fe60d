import { formatMoney, optionText, type FieldDecl } from '@go/contract/forms/index';
import { Result, Tag, Typography } from 'antd';
import type { ListColumn } from '../../../components/list/types';
import { useLocation } from 'react-router';
import { useDictOptions, useDictText } from '../../../app/dict';
import { webFormTypes } from '../../workflow/formTypes';
import { FormListPage, type FormRow } from '../components/FormListPage';
import type { DeclaredWebFormType } from '../declared/declaredFormType';

function useColumn(f: FieldDecl): ListColumn<FormRow> {
  const dictText = useDictText(f.dict ?? '');
  const render = (v: unknown, r: FormRow) => {
    if (v === null || v === undefined || v === '') return '—';
    // user fields: the real names the server adds (`<key>_dictText`)
    if (f.type === 'user' || f.type === 'users') return String(r[`${f.key}_dictText`] || v);
    // coded fields (a 职务 code): the name the server adds, never the code
    if (f.ref) return String(r[`${f.key}_dictText`] || '—');
    if (f.type === 'money') return <Typography.Text strong>{formatMoney(v)}</Typography.Text>;
    if (f.options) return optionText(f, v);
    if (f.dict) return dictText(v) || String(v);
    return String(v);
  };
  return {
    title: f.label,
    dataIndex: f.key,
    width: f.width ?? 120,
    ellipsis: f.type === 'text' || f.type === 'textarea',
    align: f.type === 'money' || f.type === 'number' || f.type === 'integer' ? 'right' : undefined,
    render,
  };
}

/** A search field of the declaration: a select of its options (or dictionary) or a text input. */
function useSearchColumn(f: FieldDecl): ListColumn<FormRow> {
  const dict = useDictOptions(f.dict ?? '');
  const options =
    f.type === 'select'
      ? (f.options ?? dict).map((o) => ({ value: String(o.value), text: o.label }))
      : undefined;
  return { title: f.label, dataIndex: f.key, hideInTable: true, search: 'eq', options };
}

function Columns({
  fields,
  search,
  children,
}: {
  fields: FieldDecl[];
  search: FieldDecl[];
  children: (cols: ListColumn<FormRow>[], searchCols: ListColumn<FormRow>[]) => React.ReactNode;
}) {
  // The number of list and search fields of a declaration never changes, so the hooks keep their order.
  const cols = fields.map((f) => useColumn(f)); // eslint-disable-line react-hooks/rules-of-hooks
  const searchCols = search.map((f) => useSearchColumn(f)); // eslint-disable-line react-hooks/rules-of-hooks
  return <>{children(cols, searchCols)}</>;
}

/**
 * The list of a declared form type under 流程 (`/activiti/forms/<slug>`): its list columns, its search
 * fields, approval status and result, view, history, new application and editing one's drafts.
 */
export default function DeclaredFormList() {
  const { pathname } = useLocation();
  const slug = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const type = webFormTypes().find((t) => (t as Partial<DeclaredWebFormType>).declaration?.slug === slug) as
    DeclaredWebFormType | undefined;
  if (!type) return <Result status="404" title="未找到该表单类型" />;
  const d = type.declaration;
  const search = d.fields.filter((f) => f.search && f.type !== 'user' && f.type !== 'users');
  return (
    <Columns key={d.key} fields={d.fields.filter((f) => f.list)} search={search}>
      {(cols, searchCols) => (
        <FormListPage
          tableName={d.key}
          listUrl={`/forms/${d.slug}/list`}
          newLabel={`新增${d.name}`}
          testId={`${d.slug}-list`}
          searchColumns={searchCols}
          columns={[
            {
              title: '标题',
              dataIndex: 'title',
              width: 260,
              ellipsis: true,
              // the 集团 tag first, so the ellipsis of a long title never hides it
              render: (v, r) => (
                <>
                  {d.groupClaim && r.claimOrgCode === 'A01' && (
                    <Tag color="purple" style={{ marginRight: 6 }}>
                      集团
                    </Tag>
                  )}
                  {v as string}
                </>
              ),
            },
            { title: '申请人', dataIndex: 'applicantName', width: 100 },
            ...cols,
          ]}
        />
      )}
    </Columns>
  );
}
