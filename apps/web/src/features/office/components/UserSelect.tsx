import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { companyUsers } from '../api';

export interface UserSelectProps {
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

/** A searchable select of the company's users (value: usernames). */
export function UserSelect(props: UserSelectProps) {
  const users = useQuery({ queryKey: ['office', 'companyUsers'], queryFn: companyUsers, staleTime: 60_000 });
  return (
    <Select
      id={props.id}
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
      mode={props.multiple ? 'multiple' : undefined}
      value={props.value}
      onChange={props.onChange}
      placeholder={props.placeholder ?? '请选择'}
      allowClear={props.allowClear}
      style={props.style}
      loading={users.isLoading}
      showSearch
      optionFilterProp="label"
      options={(users.data ?? []).map((u) => ({ value: u.username, label: `${u.realname}（${u.username}）` }))}
    />
  );
}
