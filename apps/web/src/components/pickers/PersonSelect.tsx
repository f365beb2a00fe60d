import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getAction } from '../../app/http/client';
import { fetchMultiUser } from './multi-user';
import type { PickedUser } from './UserByDepPicker';

export interface PersonSelectProps {
  /** usernames: an array with `multiple`, else one username */
  value?: string[] | string;
  onChange?: (v: string[] | string) => void;
  multiple?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
}

/** The text typed into the select, sent to the search once typing pauses. */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const t = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(t);
  }, [text, ms]);
  return settled;
}

/** A person of the search as an option: the real name, the department after it in the list. */
const optionOf = (u: PickedUser) => ({ value: u.username, label: u.realname || u.username, depart: String(u.orgCodeTxt ?? u.deptName ?? '') });

/**
 * The inline form of the shared person search (`/sys/user/searchPeople`, the search of `UserByDepPicker`):
 * a select for short forms and list filters. Typing searches by real name, account, pinyin or initials
 * among the active accounts of the own company; options and picked tags show real names (the department
 * beside each option tells namesakes apart), never account names. Emits usernames.
 */
export function PersonSelect(props: PersonSelectProps) {
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed.trim());
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<Record<string, PickedUser>>({});

  const values = props.value === undefined || props.value === null || props.value === '' ? [] : Array.isArray(props.value) ? props.value : [props.value];
  // saved usernames → real names (the trailing comma makes the server read a list)
  const missing = values.filter((v) => !known[v]);
  const names = useQuery({
    queryKey: ['personNames', [...missing].sort().join(',')],
    enabled: missing.length > 0,
    staleTime: 60_000,
    queryFn: () => fetchMultiUser<PickedUser>({ username: `${missing.join(',')},` }, { silent: true }),
  });
  useEffect(() => {
    if (names.data?.length) setKnown((k) => ({ ...k, ...Object.fromEntries(names.data.map((u) => [u.username, u])) }));
  }, [names.data]);

  const found = useQuery({
    queryKey: ['personSearch', 'inline', keyword],
    enabled: open,
    staleTime: 30_000,
    queryFn: async () => {
      const res = await getAction<{ records?: PickedUser[] }>('/sys/user/searchPeople', { keyword: keyword || undefined, pageNo: 1, pageSize: 20 });
      return res.success ? (res.result?.records ?? []) : [];
    },
  });
  const rows = found.data ?? [];
  const options = [...rows.map(optionOf), ...values.filter((v) => !rows.some((r) => r.username === v)).map((v) => optionOf(known[v] ?? { id: v, username: v, realname: '' }))];
  const searching = open && (found.isFetching || keyword !== typed.trim());

  return (
    <Select
      id={props.id}
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
      mode={props.multiple ? 'multiple' : undefined}
      value={props.multiple ? values : values[0]}
      onChange={(v: string[] | string | undefined) => {
        const picked = ([] as string[]).concat(v ?? []);
        setKnown((k) => ({ ...k, ...Object.fromEntries(rows.filter((r) => picked.includes(r.username)).map((r) => [r.username, r])) }));
        setTyped('');
        props.onChange?.(v ?? (props.multiple ? [] : ''));
      }}
      placeholder={props.placeholder ?? '请选择'}
      allowClear={props.allowClear}
      style={props.style}
      showSearch
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setTyped('');
      }}
      loading={searching}
      notFoundContent={searching ? '查询中…' : typed ? `未找到「${typed}」，可输入姓名、账号、拼音或首字母` : '暂无可选人员'}
      options={options}
      optionRender={(o) => (
        <span>
          {o.label}
          {o.data.depart && (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {o.data.depart}
            </Typography.Text>
          )}
        </span>
      )}
    />
  );
}
