import { App, Button, Checkbox, Empty, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { Auth } from '../../../components/list/auth';
import { getAction, postAction } from '../../../app/http/client';

/** A node of the permission tree (stock SysPermissionTree / TreeModel). */
export interface PermNode {
  key: string;
  title: string;
  menuType?: number | string;
  ruleFlag?: number | string;
  children?: PermNode[];
}

function normalise(raw: unknown): PermNode[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((n: Record<string, unknown>) => {
    const kids = normalise(n.children);
    return {
      key: String(n.key ?? n.id),
      title: String(n.title ?? n.slotTitle ?? n.name ?? ''),
      menuType: n.menuType as number | string | undefined,
      ruleFlag: n.ruleFlag as number | string | undefined,
      children: kids.length ? kids : undefined,
    };
  });
}

function allKeys(nodes: PermNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** Data rules of one menu for one role (sys_permission_data_rule with system variables). */
function DataRulePanel({ permissionId, roleId, urls }: { permissionId: string; roleId: string; urls: DataRuleUrls }) {
  const { message } = App.useApp();
  const [rules, setRules] = useState<{ id: string; ruleName: string }[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    void getAction(`${urls.load}/${permissionId}/${roleId}`)
      .then((res) => {
        const r = (res.success ? res.result : null) as { datarule?: { id: string; ruleName: string }[]; drChecked?: string } | null;
        setRules(r?.datarule ?? []);
        setChecked((r?.drChecked ?? '').split(',').filter(Boolean));
      })
      .catch(() => undefined) // HTTP failures are shown by the client
      .finally(() => setLoading(false));
  }, [permissionId, roleId, urls.load]);
  if (loading) return <Spin />;
  if (rules.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该菜单没有配置数据规则" />;
  return (
    <div>
      <Checkbox.Group value={checked} onChange={(v) => setChecked(v as string[])} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {rules.map((r) => (
          <Checkbox key={r.id} value={r.id}>
            {r.ruleName}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Button
        type="primary"
        size="small"
        style={{ marginTop: 12 }}
        onClick={async () => {
          const res = await postAction(urls.save, { permissionId, roleId, dataRuleIds: checked.join(',') });
          if (res.success) message.success(res.message || '保存成功');
          else message.warning(res.message);
        }}
      >
        保存数据规则
      </Button>
    </div>
  );
}

export interface DataRuleUrls {
  load: string;
  save: string;
}

/**
 * Permission tree with checkboxes (menus, sub-menus and buttons): loads the tree and the checked
 * ids, saves `permissionIds` plus `lastpermissionIds` (so the server knows what changed). With
 * `dataRules`, a menu with data rules opens its rule list for this role.
 */
export function PermissionTree({
  treeUrl,
  treeParams,
  checkedUrl,
  checkedParams,
  saveUrl,
  saveBody,
  dataRules,
  roleId,
  onSaved,
  saveAuth,
}: {
  treeUrl: string;
  treeParams?: Record<string, unknown>;
  checkedUrl: string;
  checkedParams: Record<string, unknown>;
  saveUrl: string;
  saveBody: Record<string, unknown>;
  dataRules?: DataRuleUrls;
  roleId?: string;
  onSaved?: () => void;
  /** Button code that may save (hidden without it). */
  saveAuth?: string;
}) {
  const { message } = App.useApp();
  const [tree, setTree] = useState<PermNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [ruleFor, setRuleFor] = useState<PermNode | undefined>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const treeKey = JSON.stringify(treeParams ?? {});
  const checkedKey = JSON.stringify(checkedParams);

  useEffect(() => {
    setLoading(true);
    void Promise.all([getAction(treeUrl, treeParams), getAction(checkedUrl, checkedParams)])
      .then(([t, c]) => {
        const res = (t.success ? t.result : null) as { treeList?: unknown } | unknown[] | null;
        const list = normalise(Array.isArray(res) ? res : (res?.treeList ?? []));
        setTree(list);
        setExpanded(list.map((n) => n.key));
        const ids = c.success && Array.isArray(c.result) ? (c.result as unknown[]).map(String) : [];
        setChecked(ids);
        setLast(ids);
      })
      .catch(() => undefined) // HTTP failures are shown by the client
      .finally(() => setLoading(false));
    // the serialized params decide
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [treeUrl, treeKey, checkedUrl, checkedKey]);

  const keys = useMemo(() => allKeys(tree), [tree]);

  const toData = (nodes: PermNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.key,
      title: (
        <span>
          {n.title}
          {String(n.menuType) === '2' && (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              按钮
            </Tag>
          )}
          {dataRules && roleId && String(n.ruleFlag) === '1' && (
            <a style={{ marginLeft: 8 }} onClick={(e) => { e.stopPropagation(); setRuleFor(n); }}>
              数据规则
            </a>
          )}
        </span>
      ),
      children: n.children ? toData(n.children) : undefined,
    }));

  const save = async () => {
    setSaving(true);
    try {
      const res = await postAction(saveUrl, { ...saveBody, permissionIds: checked.join(','), lastpermissionIds: last.join(',') });
      if (res.success) {
        message.success(res.message || '保存成功');
        setLast(checked);
        onSaved?.();
      } else message.warning(res.message);
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <Spin />;
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <a onClick={() => setChecked(keys)}>全部勾选</a>
        <a onClick={() => setChecked([])}>取消全选</a>
        <a onClick={() => setExpanded(keys)}>展开所有</a>
        <a onClick={() => setExpanded([])}>合并所有</a>
      </Space>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Tree
            checkable
            checkStrictly
            treeData={toData(tree)}
            checkedKeys={{ checked, halfChecked: [] }}
            expandedKeys={expanded}
            onExpand={(k) => setExpanded(k.map(String))}
            onCheck={(k) => setChecked((Array.isArray(k) ? k : k.checked).map(String))}
          />
        </div>
        {ruleFor && dataRules && roleId && (
          <div style={{ flex: '0 1 260px', borderLeft: '1px solid #f0f0f0', paddingLeft: 16 }}>
            <div style={{ fontWeight: 500, marginBottom: 8 }}>数据规则：{ruleFor.title}</div>
            <DataRulePanel permissionId={ruleFor.key} roleId={roleId} urls={dataRules} />
          </div>
        )}
      </div>
      <div style={{ marginTop: 16 }}>
        {saveAuth ? (
          <Auth code={saveAuth}>
            <Button type="primary" loading={saving} onClick={save}>
              保存
            </Button>
          </Auth>
        ) : (
          <Button type="primary" loading={saving} onClick={save}>
            保存
          </Button>
        )}
      </div>
    </div>
  );
}
