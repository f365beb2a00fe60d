import { Input, Modal, Tree, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/store';
import { PickerInput } from './PickerInput';
import { filterTree, flatten, useDepartLabel, useDepartTree, type DepartNode } from './useDepartTree';

function search(nodes: DepartNode[], kw: string): DepartNode[] {
  if (!kw) return nodes;
  const out: DepartNode[] = [];
  for (const n of nodes) {
    const kids = search(n.children ?? [], kw);
    if (n.title.includes(kw) || kids.length) out.push({ ...n, children: kids.length ? kids : n.children });
  }
  return out;
}

/**
 * Department picker (JSelectDepart; docs/widgets.md, "Other widgets"): a 500 px dialog with the department tree, single
 * choice unless `multi`. Emits department ids, or org codes with `store="orgCode"`.
 */
export function DepartPicker({
  value,
  onChange,
  multi = false,
  store = 'id',
  width = 500,
  placeholder = '请选择部门',
  disabled,
  id,
}: {
  value?: string;
  onChange?: (value: string | undefined, departs: DepartNode[]) => void;
  multi?: boolean;
  store?: 'id' | 'orgCode';
  width?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}) {
  const { nodes } = useDepartTree();
  const flat = useMemo(() => flatten(nodes), [nodes]);
  const [open, setOpen] = useState(false);
  const [kw, setKw] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const keyOf = (n: DepartNode) => (store === 'orgCode' ? n.orgCode : n.id);
  const values = (value ?? '').split(',').filter(Boolean);
  // several companies have a 综合管理部: the chosen value names its company
  const text = values
    .map((v) => {
      const n = flat.find((x) => keyOf(x) === v);
      return n ? (n.label ?? n.title) : v;
    })
    .join(',');
  const shown = useMemo(() => search(nodes, kw), [nodes, kw]);

  return (
    <>
      <PickerInput
        id={id}
        text={text}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => {
          setChecked(values.map((v) => flat.find((n) => keyOf(n) === v)?.id ?? v));
          setOpen(true);
        }}
        onClear={() => onChange?.(undefined, [])}
      />
      <Modal
        title="选择部门"
        open={open}
        width={width}
        onCancel={() => setOpen(false)}
        onOk={() => {
          const picked = flat.filter((n) => checked.includes(n.id));
          onChange?.(picked.length ? picked.map(keyOf).join(',') : undefined, picked);
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Input.Search placeholder="请输入部门名称" allowClear onSearch={setKw} style={{ marginBottom: 8 }} />
        <div style={{ maxHeight: 400, overflow: 'auto' }}>
          <Tree
            treeData={shown}
            defaultExpandAll
            checkable={multi}
            checkStrictly
            selectable={!multi}
            checkedKeys={multi ? { checked, halfChecked: [] } : undefined}
            selectedKeys={multi ? undefined : checked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            onSelect={(keys) => setChecked(keys.map(String))}
          />
        </div>
      </Modal>
    </>
  );
}

/**
 * A department's name for lists (by id or org code, several comma-separated): `公司 / 部门` where
 * several companies share the name; `fallback` (the server's text) until the tree is loaded.
 */
export function DepartName({ value, fallback }: { value?: string | null; fallback?: string | null }) {
  const label = useDepartLabel();
  return <>{label(value, fallback ?? '')}</>;
}

/** Keeps companies (org category 1) and the path to them. */
function companiesOnly(nodes: DepartNode[]): DepartNode[] {
  return nodes
    .filter((n) => n.orgCategory === undefined || n.orgCategory === '1')
    .map((n) => {
      const kids = companiesOnly(n.children ?? []);
      return { ...n, children: kids.length ? kids : undefined, isLeaf: kids.length === 0 };
    });
}

/**
 * Company picker (docs/widgets.md, "Other widgets": tree with search): companies of the group as a searchable tree; emits
 * the org code. Non-group users see only their own company unless `all`.
 */
export function CompanyPicker({
  value,
  onChange,
  all = false,
  placeholder = '请选择公司',
  disabled,
  id,
}: {
  value?: string;
  onChange?: (orgCode: string | undefined) => void;
  all?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}) {
  const { nodes } = useDepartTree();
  const orgCode = useSession((s) => s.userInfo?.orgCode) ?? '';
  const company = orgCode.slice(0, 3);
  const data = useMemo(() => {
    const scoped = all || company === 'A01' || !company ? nodes : filterTree(nodes, company);
    interface Opt {
      value: string;
      title: string;
      children?: Opt[];
    }
    const toSelect = (ns: DepartNode[]): Opt[] =>
      ns.map((n) => ({ value: n.orgCode, title: n.title, children: n.children ? toSelect(n.children) : undefined }));
    return toSelect(companiesOnly(scoped));
  }, [nodes, all, company]);
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      listHeight={400}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      treeData={data}
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
    />
  );
}
