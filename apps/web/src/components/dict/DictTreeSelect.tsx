import { App, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { getAction } from '../../app/http/client';

/** A tree-select condition must be a JSON object string. */
export const CONDITION_ERROR = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/** Parses a condition prop: undefined when absent, null when malformed. */
export function parseCondition(condition: string | undefined): Record<string, unknown> | undefined | null {
  if (condition === undefined || condition === '') return undefined;
  try {
    const v = JSON.parse(condition) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface TreeNode {
  key: string;
  value: string;
  title: string;
  isLeaf?: boolean;
  children?: TreeNode[];
}

function toNodes(raw: unknown): TreeNode[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((n: Record<string, unknown>) => ({
    key: String(n.key ?? n.value ?? n.id),
    value: String(n.key ?? n.value ?? n.id),
    title: String(n.title ?? n.label ?? n.name ?? ''),
    isLeaf: n.leaf === true || n.isLeaf === true,
  }));
}

function attach(nodes: TreeNode[], key: string, kids: TreeNode[]): TreeNode[] {
  return nodes.map((n) =>
    n.key === key
      ? { ...n, children: kids, isLeaf: kids.length === 0 }
      : n.children
        ? { ...n, children: attach(n.children, key, kids) }
        : n,
  );
}

/**
 * Dictionary tree-select (JTreeSelect): `dict` is "table,text,code"; children load lazily from
 * `/sys/dict/loadTreeData` by parent id (an empty answer marks a leaf); saved labels from
 * `/sys/dict/loadDictItem/{dict}`. Emits `(value, label)`.
 */
export function DictTreeSelect({
  dict,
  pidField = 'pid',
  pidValue = '',
  hasChildField,
  condition,
  multiple,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  id,
}: {
  dict: string;
  pidField?: string;
  pidValue?: string;
  hasChildField?: string;
  condition?: string;
  multiple?: boolean;
  value?: string;
  onChange?: (value: string | undefined, label?: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Given by a form item, so its label names the field. */
  id?: string;
}) {
  const { message } = App.useApp();
  const [tableName, text, code] = dict.split(',');
  const cond = useMemo(() => parseCondition(condition), [condition]);
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});

  const load = async (pid: string): Promise<TreeNode[]> => {
    const res = await getAction('/sys/dict/loadTreeData', {
      pid,
      tableName,
      text,
      code,
      pidField,
      hasChildField,
      condition: cond ? JSON.stringify(cond) : undefined,
    });
    if (!res.success) {
      message.warning(res.message);
      return [];
    }
    return toNodes(res.result);
  };

  useEffect(() => {
    if (cond === null) {
      message.error(CONDITION_ERROR);
      return;
    }
    load(pidValue).then(setNodes, () => undefined);
    // reload when the tree source changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dict, pidValue, condition]);

  useEffect(() => {
    if (!value) return;
    void getAction(`/sys/dict/loadDictItem/${dict}`, { key: value }).then((res) => {
      if (res.success && Array.isArray(res.result)) {
        const keys = value.split(',');
        setLabels(Object.fromEntries(keys.map((k, i) => [k, String((res.result as unknown[])[i] ?? k)])));
      }
    }, () => undefined);
  }, [dict, value]);

  const values = value ? value.split(',').filter(Boolean) : [];
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      listHeight={400}
      treeData={nodes}
      multiple={multiple}
      treeCheckable={false}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      labelInValue
      value={
        multiple
          ? values.map((v) => ({ value: v, label: labels[v] ?? v }))
          : values[0]
            ? { value: values[0], label: labels[values[0]] ?? values[0] }
            : undefined
      }
      loadData={async (node) => {
        const key = String(node.value);
        const kids = await load(key);
        setNodes((ns) => attach(ns, key, kids));
      }}
      onChange={(v: { value: string; label?: unknown } | { value: string; label?: unknown }[] | undefined) => {
        if (!v || (Array.isArray(v) && v.length === 0)) {
          onChange?.(undefined, undefined);
          return;
        }
        const arr = Array.isArray(v) ? v : [v];
        setLabels((l) => ({ ...l, ...Object.fromEntries(arr.map((x) => [x.value, String(x.label ?? x.value)])) }));
        onChange?.(arr.map((x) => x.value).join(','), arr.map((x) => String(x.label ?? '')).join(','));
      }}
    />
  );
}
