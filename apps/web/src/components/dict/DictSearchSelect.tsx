import { App, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getAction } from '../../app/http/client';

interface Option {
  value: string;
  label: string;
}

/**
 * Dictionary search select (JSearchSelectTag async): types a keyword, asks
 * `/sys/dict/loadDict/{dict}?keyword=&pageSize=10` after 300 ms. Prompts 请输入搜索内容 while empty,
 * shows 没有查询到任何数据 when nothing matches, a server failure as a warning.
 */
export function DictSearchSelect({
  dict,
  value,
  onChange,
  placeholder = '请选择',
  pageSize = 10,
  disabled,
  id,
}: {
  dict: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  pageSize?: number;
  disabled?: boolean;
  /** Given by a form item, so its label names the field. */
  id?: string;
}) {
  const { message } = App.useApp();
  const [options, setOptions] = useState<Option[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!value || options.some((o) => o.value === value)) return;
    void getAction(`/sys/dict/loadDictItem/${dict}`, { key: value }).then((res) => {
      if (res.success && Array.isArray(res.result) && res.result.length)
        setOptions((os) => [...os, { value, label: String((res.result as unknown[])[0]) }]);
    }, () => undefined);
    // only when the value changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dict, value]);

  const search = (kw: string) => {
    setKeyword(kw);
    if (timer.current) clearTimeout(timer.current);
    if (!kw.trim()) {
      setOptions([]);
      return;
    }
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        const res = await getAction(`/sys/dict/loadDict/${dict}`, { keyword: kw.trim(), pageSize });
        if (!res.success) {
          message.warning(res.message);
          return;
        }
        const list = Array.isArray(res.result) ? (res.result as Record<string, unknown>[]) : [];
        setOptions(list.map((r) => ({ value: String(r.value), label: String(r.text ?? r.title ?? r.value) })));
      } catch {
        // shown by the client
      } finally {
        setLoading(false);
      }
    }, 300);
  };

  return (
    <Select
      id={id}
      showSearch
      allowClear
      disabled={disabled}
      style={{ width: '100%' }}
      placeholder={placeholder}
      value={value || undefined}
      filterOption={false}
      onSearch={search}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : keyword.trim() ? '没有查询到任何数据' : '请输入搜索内容'}
    />
  );
}
