import { App, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { getAction } from '../../app/http/client';
import { CONDITION_ERROR, parseCondition, type TreeNode } from './DictTreeSelect';

function toNodes(raw: unknown): TreeNode[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((n: Record<string, unknown>) => ({
    key: String(n.key ?? n.id),
    value: String(n.key ?? n.id),
    title: String(n.title ?? n.name ?? ''),
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
 * Category select (JCategorySelect): the category tree under `pcode` (root "0") from
 * `/sys/category/loadTreeData`, children lazily by `pid`; the condition must be a JSON string
 * (docs/system-admin.md, "Company scope"). Saved labels from `/sys/category/loadDictItem/`. Emits `(value, label)`.
 */
export function CategorySelect({
  pcode = '0',
  condition,
  multiple,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  id,
}: {
  pcode?: string;
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
  const cond = useMemo(() => parseCondition(condition), [condition]);
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});

  useEffect(() => {
    if (cond === null) {
      message.error(CONDITION_ERROR);
      return;
    }
    void getAction('/sys/category/loadTreeData', { pid: '', pcode, condition: cond ? JSON.stringify(cond) : undefined }).then(
      (res) => {
        if (!res.success) {
          message.warning(res.message);
          return;
        }
        setNodes(toNodes(res.result));
      },
      () => undefined,
    );
    // reload when the tree source changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pcode, condition]);

  useEffect(() => {
    if (!value) return;
    void getAction('/sys/category/loadDictItem/', { ids: value }).then((res) => {
      if (res.success && Array.isArray(res.result)) {
        const ids = value.split(',');
        setLabels(Object.fromEntries(ids.map((k, i) => [k, String((res.result as unknown[])[i] ?? k)])));
      }
    }, () => undefined);
  }, [value]);

  const values = value ? value.split(',').filter(Boolean) : [];
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      listHeight={400}
      treeData={nodes}
      multiple={multiple}
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
        const res = await getAction('/sys/category/loadTreeData', { pid: key, condition: cond ? JSON.stringify(cond) : undefined });
        const kids = res.success ? toNodes(res.result) : [];
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
