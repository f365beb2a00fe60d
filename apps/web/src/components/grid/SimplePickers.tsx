import { Input, Modal, Table, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { getAction } from '../../app/http/client';
import type { PopupConfig } from './types';

/**
 * Small built-in pickers for grid cells. The full department and user pickers are separate widgets;
 * a page may pass them through the grid's `renderPicker` prop instead of these.
 */

interface DepartNode {
  id?: string;
  key?: string;
  value?: string;
  title?: string;
  departName?: string;
  children?: DepartNode[];
}

function toTree(nodes: DepartNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: String(n.id ?? n.key ?? n.value ?? ''),
    title: n.departName ?? n.title ?? '',
    children: n.children?.length ? toTree(n.children) : undefined,
  }));
}

export function SimpleDepartPicker(props: {
  open: boolean;
  value: string;
  multi: boolean;
  onOk: (value: string, labels: string) => void;
  onCancel: () => void;
}) {
  const { open, value, multi, onOk, onCancel } = props;
  const [tree, setTree] = useState<DataNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    setChecked(value ? value.split(',') : []);
    let live = true;
    getAction<DepartNode[]>('/sys/sysDepart/queryTreeList')
      .then((r) => {
        if (live && r.success && Array.isArray(r.result)) setTree(toTree(r.result));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, value]);
  const titleOf = useMemo(() => {
    const map = new Map<string, string>();
    const walk = (ns: DataNode[]) =>
      ns.forEach((n) => {
        map.set(String(n.key), String(n.title ?? ''));
        if (n.children) walk(n.children);
      });
    walk(tree);
    return map;
  }, [tree]);
  return (
    <Modal
      title="选择部门"
      open={open}
      width={500}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => onOk(checked.join(','), checked.map((k) => titleOf.get(k) ?? k).join(','))}
    >
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        treeData={tree}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
          setChecked(multi ? list : list.slice(-1));
        }}
        style={{ maxHeight: 400, overflow: 'auto' }}
      />
    </Modal>
  );
}

interface UserRow {
  id: string;
  username: string;
  realname?: string;
  orgCodeTxt?: string;
  [k: string]: unknown;
}

export function SimpleUserPicker(props: {
  open: boolean;
  value: string;
  multi: boolean;
  onOk: (value: string, labels: string) => void;
  onCancel: () => void;
}) {
  const { open, value, multi, onOk, onCancel } = props;
  const [rows, setRows] = useState<UserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<UserRow[]>([]);
  useEffect(() => {
    if (open) setSelected(value ? value.split(',').map((u) => ({ id: u, username: u })) : []);
  }, [open, value]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    getAction<{ records: UserRow[]; total: number }>('/sys/user/list', {
      pageNo: page,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      ...(keyword ? { realname: `*${keyword}*` } : {}),
    })
      .then((r) => {
        if (!live || !r.success) return;
        setRows(r.result?.records ?? []);
        setTotal(r.result?.total ?? 0);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, page, keyword]);
  return (
    <Modal
      title="选择用户"
      open={open}
      width={800}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => onOk(selected.map((u) => u.username).join(','), selected.map((u) => u.realname ?? u.username).join(','))}
    >
      <Input.Search placeholder="姓名" allowClear onSearch={(v) => { setPage(1); setKeyword(v.trim()); }} style={{ marginBottom: 12, width: 240 }} />
      <Table<UserRow>
        size="small"
        rowKey="username"
        dataSource={rows}
        pagination={{ current: page, total, pageSize: 10, onChange: setPage, showSizeChanger: false }}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: selected.map((u) => u.username),
          onChange: (_keys, picked) => {
            const others = selected.filter((s) => !rows.some((r) => r.username === s.username));
            setSelected(multi ? [...others, ...picked] : picked.slice(-1));
          },
        }}
        columns={[
          { title: '姓名', dataIndex: 'realname' },
          { title: '账号', dataIndex: 'username' },
          { title: '部门', dataIndex: 'orgCodeTxt' },
        ]}
      />
    </Modal>
  );
}

/** Popup pick: a list of records (fixed or loaded by keyword); OK hands the picked records back. */
export function PopupPicker(props: {
  open: boolean;
  config: PopupConfig;
  onOk: (records: Record<string, unknown>[]) => void;
  onCancel: () => void;
}) {
  const { open, config, onOk, onCancel } = props;
  const [rows, setRows] = useState<Record<string, unknown>[]>(config.rows ?? []);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Record<string, unknown>[]>([]);
  useEffect(() => {
    if (!open) return;
    setPicked([]);
    if (!config.load) {
      const k = keyword.toLowerCase();
      setRows((config.rows ?? []).filter((r) => !k || Object.values(r).some((v) => String(v ?? '').toLowerCase().includes(k))));
      return;
    }
    let live = true;
    config.load(keyword).then((r) => live && setRows(r), () => undefined);
    return () => {
      live = false;
    };
  }, [open, keyword, config]);
  const key = config.valueField;
  return (
    <Modal
      title={config.title ?? '请选择'}
      open={open}
      width={1200}
      destroyOnHidden
      onCancel={onCancel}
      okButtonProps={{ disabled: picked.length === 0 }}
      onOk={() => onOk(picked)}
    >
      <Input.Search placeholder="请输入搜索内容" allowClear onSearch={(v) => setKeyword(v.trim())} style={{ marginBottom: 12, width: 260 }} />
      <Table<Record<string, unknown>>
        size="small"
        rowKey={(r) => String(r[key])}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        rowSelection={{
          type: config.multi ? 'checkbox' : 'radio',
          selectedRowKeys: picked.map((r) => String(r[key])),
          onChange: (_k, recs) => setPicked(recs),
        }}
        onRow={(r) => ({ onDoubleClick: () => !config.multi && onOk([r]) })}
        columns={config.columns.map((c) => ({ title: c.title, dataIndex: c.key, width: c.width }))}
      />
    </Modal>
  );
}
