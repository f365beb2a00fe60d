import { useQuery } from '@tanstack/react-query';
import { Col, Input, Modal, Row as GridRow, Table, Tree } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../app/session/store';
import { getAction } from '../../app/http/client';
import { fetchMultiUser } from './multi-user';
import { PickerInput } from './PickerInput';
import { filterTree, useDepartTree } from './useDepartTree';

/** A user row of the picker (docs/widgets.md, "Other widgets": picker columns realname, username, phone, birthday, sex). */
export interface PickedUser {
  id: string;
  username: string;
  realname: string;
  [key: string]: unknown;
}

/** Below this width the user table scrolls sideways (docs/widgets.md, "Other widgets": mobile scroll breakpoint). */
export const MOBILE_BREAKPOINT = 500;

const columns: TableColumnsType<PickedUser> = [
  { title: '姓名', dataIndex: 'realname', width: 100 },
  { title: '用户账号', dataIndex: 'username', width: 120 },
  { title: '电话', dataIndex: 'phone', width: 120 },
  { title: '生日', dataIndex: 'birthday', width: 110 },
  { title: '性别', dataIndex: 'sex', width: 70, render: (v, r) => String(r.sex_dictText ?? (v === '1' ? '男' : v === '2' ? '女' : (v ?? ''))) },
  { title: '部门', dataIndex: 'orgCodeTxt', width: 140, render: (v, r) => String(v ?? r.deptName_dictText ?? r.departName ?? '') },
  { title: '职务', dataIndex: 'post', width: 100, render: (v, r) => String(r.post_dictText ?? v ?? '') },
];

/** The company whose users the picker offers: forced A01, everyone, or the user's own company. */
export function pickerCompany(orgCode: string | null | undefined, allDeparts: boolean, forceA01: boolean): string {
  if (forceA01) return 'A01';
  if (allDeparts) return '';
  return (orgCode ?? '').slice(0, 3);
}

/**
 * The person picker of every screen (JSelectUserByDep; docs/widgets.md, "Other widgets"): a 1250 px dialog with the department
 * tree and a person table sorted by createTime desc, searched by real name, account, pinyin or initials
 * (`/sys/user/searchPeople`). Active accounts of the own company; with `procInstId` (转办, 加签, 抄送) also the
 * group company A01; `forceA01` limits it to the group company. Phone and birthday come masked. Shows real
 * names, emits comma-joined usernames.
 */
export function UserByDepPicker({
  value,
  onChange,
  multi = true,
  allDeparts = false,
  forceA01 = false,
  activeOnly = true,
  procInstId,
  placeholder = '请选择用户',
  disabled,
  id,
}: {
  value?: string;
  onChange?: (usernames: string | undefined, users: PickedUser[]) => void;
  multi?: boolean;
  allDeparts?: boolean;
  forceA01?: boolean;
  /** kept for callers: the search offers only accounts that can act (not frozen) */
  activeOnly?: boolean;
  /** an application the picker acts on: its participants also reach the group company (A01) */
  procInstId?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}) {
  const orgCode = useSession((s) => s.userInfo?.orgCode);
  void activeOnly;
  // the tree shows the own company (A01: all); a participant of an application also reaches the group company
  const company = procInstId && !forceA01 ? '' : pickerCompany(orgCode, allDeparts, forceA01);
  const { nodes } = useDepartTree();
  const tree = useMemo(() => (company ? filterTree(nodes, company) : nodes), [nodes, company]);
  const [open, setOpen] = useState(false);
  const [departId, setDepartId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [picked, setPicked] = useState<PickedUser[]>([]);
  const [known, setKnown] = useState<PickedUser[]>([]);
  const narrow = typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT;

  // Saved usernames → real names (the trailing comma makes the server read a list).
  useEffect(() => {
    const names = (value ?? '').split(',').filter(Boolean);
    if (names.length === 0 || names.every((n) => known.some((k) => k.username === n))) return;
    void fetchMultiUser<PickedUser>({ username: `${names.join(',')},` }).then((list) => {
      if (list.length) setKnown(list);
    }, () => undefined);
    // only when the value changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const users = useQuery({
    queryKey: ['personSearch', forceA01, procInstId ?? '', departId, keyword, pageNo, pageSize],
    enabled: open,
    queryFn: async () => {
      // one search for every picker: name, account, pinyin, initials; active accounts within reach
      const res = await getAction('/sys/user/searchPeople', {
        keyword: keyword.trim() || undefined,
        departId,
        forceA01: forceA01 ? '1' : undefined,
        procInstId: procInstId || undefined,
        pageNo,
        pageSize,
      });
      const r = (res.success ? res.result : null) as { records?: PickedUser[]; total?: number } | null;
      return { rows: r?.records ?? [], total: r?.total ?? 0 };
    },
  });

  const names = (value ?? '').split(',').filter(Boolean);
  const text = names.map((n) => known.find((k) => k.username === n)?.realname ?? n).join(',');

  const openDialog = () => {
    setPicked(names.map((n) => known.find((k) => k.username === n) ?? { id: n, username: n, realname: n }));
    setOpen(true);
  };

  return (
    <>
      <PickerInput id={id} text={text} placeholder={placeholder} disabled={disabled} onOpen={openDialog} onClear={() => onChange?.(undefined, [])} />
      <Modal
        title="根据部门选择用户"
        open={open}
        width={1250}
        onCancel={() => setOpen(false)}
        onOk={() => {
          setKnown((k) => [...k.filter((x) => !picked.some((p) => p.username === x.username)), ...picked]);
          onChange?.(picked.length ? picked.map((p) => p.username).join(',') : undefined, picked);
          setOpen(false);
        }}
        destroyOnHidden
      >
        <GridRow gutter={16}>
          <Col xs={24} md={6} style={{ maxHeight: 500, overflow: 'auto' }}>
            <Tree
              treeData={tree}
              defaultExpandAll
              selectedKeys={departId ? [departId] : []}
              onSelect={(keys) => {
                setDepartId(keys[0] ? String(keys[0]) : undefined);
                setPageNo(1);
              }}
            />
          </Col>
          <Col xs={24} md={18}>
            <Input.Search
              placeholder="请输入用户账号、姓名、拼音或首字母"
              aria-label="搜索人员（姓名、账号、拼音或首字母）"
              allowClear
              enterButton="查询"
              style={{ marginBottom: 12, maxWidth: 360 }}
              data-testid="person-search"
              onChange={(e) => {
                if (!e.target.value) {
                  setKeyword('');
                  setPageNo(1);
                }
              }}
              onSearch={(v) => {
                setKeyword(v);
                setPageNo(1);
              }}
            />
            <Table<PickedUser>
              rowKey="username"
              size="small"
              bordered
              columns={columns}
              dataSource={users.data?.rows ?? []}
              loading={users.isFetching}
              locale={{ emptyText: keyword ? `未找到「${keyword}」，可输入姓名、账号、拼音或首字母` : '暂无可选人员' }}
              data-testid="person-table"
              scroll={narrow ? { x: 900 } : undefined}
              rowSelection={{
                type: multi ? 'checkbox' : 'radio',
                preserveSelectedRowKeys: true,
                selectedRowKeys: picked.map((p) => p.username),
                onChange: (_keys, rows) => {
                  // keep picks from other pages, replace the ones of this page
                  const onPage = new Set((users.data?.rows ?? []).map((r) => r.username));
                  const kept = multi ? picked.filter((p) => !onPage.has(p.username)) : [];
                  setPicked([...kept, ...rows.filter(Boolean)]);
                },
              }}
              pagination={{
                current: pageNo,
                pageSize,
                total: users.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: ['10', '20', '30'],
                showTotal: (t) => `共${t}条`,
                onChange: (p, s) => {
                  setPageNo(p);
                  setPageSize(s);
                },
              }}
            />
          </Col>
        </GridRow>
      </Modal>
    </>
  );
}
