import {
  DeleteOutlined,
  DownOutlined,
  DownloadOutlined,
  FilterOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Divider, Dropdown, Space, Table } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { namedSelectAll } from './selection';
import { useLocation } from 'react-router';
import { Auth, useAuth } from './auth';
import { renderCell } from './CellText';
import { DetailModal } from './DetailModal';
import { buildListParams, DEFAULT_SORT, readRows } from './encoding';
import { listPagination } from './pagination';
import { deleteAction, downloadFile, getAction } from '../../app/http/client';
import type { Envelope } from '../../app/http/client';
import { ImportExcelModal } from './ImportExcelModal';
import { PhoneCard, PhoneCardList, usePhoneLayout } from './PhoneCards';
import type { PhoneCardField } from './PhoneCards';
import { SearchForm } from './SearchForm';
import { SuperQueryModal } from './SuperQueryModal';
import type { ListColumn, ListState, ListUrls, Row } from './types';
import { useListState } from './useListState';
import type { ListDefaults } from './useListState';

/** What toolbar and row-action renderers can do with the list. */
export interface ListHelpers<T extends Row = Row> {
  reload: () => void;
  selectedRowKeys: string[];
  selectedRows: T[];
  clearSelection: () => void;
  /** Opens the add dialog, optionally with preset values (e.g. a parent id). */
  openAdd: (preset?: Partial<T>) => void;
  openEdit: (record: T) => void;
  openDetail: (record: T) => void;
  /** The encoded parameters of the current list call. */
  params: Record<string, string | number>;
}

/** The add / edit dialog a page supplies. `onClose(true)` reloads the list. */
export interface FormModalProps<T extends Row = Row> {
  open: boolean;
  mode: 'add' | 'edit';
  /** The edited row, or preset values when adding. */
  record?: T;
  onClose: (saved: boolean) => void;
}

export interface RowMenuItem {
  key: string;
  label: ReactNode;
  onClick: () => void;
  auth?: string;
  danger?: boolean;
}

/** What a page's own loader gets: the list state (raw search values) and the encoded parameters. */
export interface ListLoadRequest {
  pageNo: number;
  pageSize: number;
  column: string;
  order: ListState['order'];
  /** Search values as typed (trimmed), by parameter name; URL parameters no field owns included. */
  filters: Record<string, string>;
  /** What the generic GET of `url.list` would send. */
  params: Record<string, string | number>;
}

/** A row's phone card when the page lays it out itself (actions and selection are added by the list). */
export interface PhoneCardContent {
  title: ReactNode;
  status?: ReactNode;
  figures?: ReactNode;
  fields?: PhoneCardField[];
  testId?: string;
  className?: string;
}

/** Button permission codes; a button without a code is always shown. */
export interface ListAuth {
  add?: string;
  edit?: string;
  delete?: string;
  deleteBatch?: string;
  export?: string;
  import?: string;
}

export interface ListPageProps<T extends Row = Row> {
  columns: ListColumn<T>[];
  url: ListUrls;
  rowKey?: string;
  /** File name of the export (without extension); docs/system-admin.md, "List query conventions": name plus the server's extension. */
  exportName?: string;
  defaultSort?: ListDefaults;
  /** Fixed parameters of every list call (e.g. a parent id, a log type tab). */
  extraParams?: Record<string, unknown>;
  auth?: ListAuth;
  form?: ComponentType<FormModalProps<T>>;
  rowActions?: (record: T, helpers: ListHelpers<T>) => ReactNode;
  /** Row actions listed under 更多 (after 详情 and 删除); `auth` hides an item without the code. */
  rowMenu?: (record: T, helpers: ListHelpers<T>) => (RowMenuItem | false | null | undefined)[];
  /** Extra toolbar buttons. */
  toolbar?: (helpers: ListHelpers<T>) => ReactNode;
  /** Tree table mode: rows whose `hasChildField` is truthy load their children lazily by parent id. */
  tree?: { pidField?: string; hasChildField?: string };
  selection?: 'checkbox' | 'radio' | false;
  onSelectionChange?: (keys: string[], rows: T[]) => void;
  /** Keep list state in the URL (pages) or locally (lists inside dialogs). */
  syncUrl?: boolean;
  /** Advanced query builder; saved queries keyed by `saveCode` (default: the page path). */
  superQuery?: { saveCode?: string } | false;
  showDetail?: boolean;
  showDelete?: boolean;
  showExport?: boolean;
  showImport?: boolean;
  hideSearch?: boolean;
  actionWidth?: number;
  title?: ReactNode;
  /** Shown above the table (e.g. tabs). */
  header?: ReactNode;
  /** Card wrapper off for embedded lists. */
  bordered?: boolean;
  size?: 'small' | 'middle' | 'large';
  /** Paging off for lists the server answers whole (menu tree). */
  pagination?: boolean;
  /** Called with the helpers once per render so a parent can reload. */
  helpersRef?: { current: ListHelpers<T> | null };
  /**
   * The page's own server call (a POST, other parameter names …) instead of the GET of `url.list`;
   * its answer is read the same way (`result.records` / `total`, or a bare array).
   */
  load?: (req: ListLoadRequest) => Promise<Envelope<unknown>>;
  /** Cache key of a list read by `load` (default: the page path). */
  loadKey?: string;
  /** A leading # column numbering the rows across pages. */
  showIndex?: boolean;
  /** Class of a row (table row and phone card), e.g. greyed-out suspended rows. */
  rowClassName?: (record: T) => string;
  /** Per-row selection: a disabled checkbox, and its accessible name (default 选择本行). */
  rowSelectable?: (record: T) => { disabled?: boolean; label?: string };
  /** Phones: the page's own card layout of a row; `cell` renders a column's cell as the table does. */
  phoneCard?: (record: T, ctx: { index: number; cell: (dataIndex: string) => ReactNode }) => PhoneCardContent;
  /** How many search fields show before 展开 on wider screens (default 3). */
  searchFieldsShown?: number;
  className?: string;
  testId?: string;
}

const LOADING_ROW = '__loading__';

/**
 * The generic list page (docs/system-admin.md, "List query conventions": generic list pages; reference §3 list mixin): one column array
 * drives the search form, the table, the enums, the detail dialog and the advanced query fields.
 */
export function ListPage<T extends Row = Row>(props: ListPageProps<T>) {
  const {
    columns: typedColumns,
    url,
    rowKey = 'id',
    exportName = '导出文件',
    defaultSort = DEFAULT_SORT,
    extraParams,
    auth = {},
    form: FormModal,
    rowActions,
    rowMenu,
    toolbar,
    tree,
    selection = 'checkbox',
    onSelectionChange,
    syncUrl = true,
    superQuery = {},
    showDetail = true,
    showDelete = true,
    showExport = true,
    showImport = true,
    hideSearch = false,
    actionWidth,
    title,
    header,
    bordered = true,
    size = 'middle',
    pagination = true,
    helpersRef,
    load,
    loadKey,
    showIndex = false,
    rowClassName,
    rowSelectable,
    phoneCard,
    searchFieldsShown,
    className,
    testId,
  } = props;
  const columns = typedColumns as unknown as ListColumn<Row>[];
  const { message, modal } = App.useApp();
  const { has } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [state, setState] = useListState(columns, defaultSort, syncUrl);
  const [selectedRowKeys, setSelectedRowKeys] = useState<string[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);
  const [editing, setEditing] = useState<{ mode: 'add' | 'edit'; record?: T } | undefined>();
  const [detail, setDetail] = useState<T | undefined>();
  const [importOpen, setImportOpen] = useState(false);
  const [sqOpen, setSqOpen] = useState(false);
  const [children, setChildren] = useState<Record<string, Row[] | undefined>>({});
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const warned = useRef(false);
  const tableBox = useRef<HTMLDivElement>(null);
  useScrollRegionsFocusable(tableBox);

  const params = useMemo(() => buildListParams(state, columns, extraParams), [state, columns, extraParams]);
  const listKey = load ? (loadKey ?? location.pathname) : url.list;

  useEffect(() => {
    if (!url.list && !load && !warned.current) {
      warned.current = true;
      message.error('please set url.list attribute');
    }
  }, [url.list, load, message]);

  const query = useQuery({
    queryKey: ['list', listKey, params],
    enabled: !!url.list || !!load,
    queryFn: async () => {
      const res = load
        ? await load({
            pageNo: state.pageNo,
            pageSize: state.pageSize,
            column: state.column,
            order: state.order,
            filters: state.filters,
            params,
          })
        : await getAction(url.list as string, params);
      if (!res.success) {
        message.warning(res.message);
        return { rows: [] as Row[], total: 0 };
      }
      const read = readRows(res.result);
      if (!read) {
        message.warning('返回数据类型不识别');
        return { rows: [] as Row[], total: 0 };
      }
      return read;
    },
  });

  const clearSelection = useCallback(() => {
    setSelectedRowKeys([]);
    setSelectedRows([]);
    onSelectionChange?.([], []);
  }, [onSelectionChange]);

  const reload = useCallback(() => {
    setChildren({});
    setExpandedKeys([]);
    void queryClient.invalidateQueries({ queryKey: ['list', listKey] });
  }, [queryClient, listKey]);

  const helpers: ListHelpers<T> = {
    reload,
    selectedRowKeys,
    selectedRows,
    clearSelection,
    openAdd: (preset) => setEditing({ mode: 'add', record: preset as T | undefined }),
    openEdit: (record) => setEditing({ mode: 'edit', record }),
    openDetail: (record) => setDetail(record),
    params,
  };
  if (helpersRef) helpersRef.current = helpers;

  const pidField = tree?.pidField ?? 'parentId';
  const hasChildField = tree?.hasChildField ?? 'hasChildren';
  const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

  const loadChildren = async (record: Row) => {
    const id = String(record[rowKey]);
    const listUrl = url.childList ?? url.list;
    if (!listUrl) return;
    const res = await getAction(listUrl, { [pidField]: id, ...(extraParams ?? {}) } as Record<
      string,
      unknown
    >);
    if (!res.success) {
      message.warning(res.message);
      return;
    }
    const read = readRows(res.result);
    if (!read) {
      message.warning('返回数据类型不识别');
      return;
    }
    setChildren((c) => ({ ...c, [id]: read.rows }));
  };

  /** Attach loaded children (or a loading placeholder) to tree rows, recursively. */
  const withChildren = (rows: Row[]): Row[] =>
    rows.map((r) => {
      if (!tree || !truthy(r[hasChildField])) return r;
      const id = String(r[rowKey]);
      const kids = children[id];
      if (kids === undefined)
        return { ...r, children: [{ [rowKey]: `${LOADING_ROW}${id}`, [LOADING_ROW]: true }] };
      return kids.length === 0 ? { ...r, children: undefined } : { ...r, children: withChildren(kids) };
    });

  const rows = tree ? withChildren(query.data?.rows ?? []) : (query.data?.rows ?? []);

  const deleteOne = async (record: T) => {
    if (!url.delete) {
      message.error('please set url.delete');
      return;
    }
    const res = await deleteAction(url.delete, { id: record[rowKey] });
    if (res.success) {
      message.success(res.message || '操作成功');
      reload();
    } else message.warning(res.message);
  };

  const batchDelete = () => {
    if (!url.deleteBatch) {
      message.error('please set url.deleteBatch');
      return;
    }
    if (selectedRowKeys.length === 0) {
      message.warning('请选择一条记录！');
      return;
    }
    modal.confirm({
      title: '确认删除',
      content: `确定要删除这 ${selectedRowKeys.length} 项吗?`,
      onOk: async () => {
        const res = await deleteAction(url.deleteBatch as string, { ids: selectedRowKeys.join(',') });
        if (res.success) {
          message.success(res.message || '操作成功');
          clearSelection();
          const total = (query.data?.total ?? 0) - selectedRowKeys.length;
          const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
          if (state.pageNo > lastPage) setState({ ...state, pageNo: lastPage });
          reload();
        } else message.warning(res.message);
      },
    });
  };

  const exportXls = async () => {
    if (!url.exportXls) return;
    const p: Record<string, unknown> = { ...params };
    delete p.pageNo;
    delete p.pageSize;
    if (selectedRowKeys.length > 0) p.selections = selectedRowKeys.join(',');
    try {
      await downloadFile(url.exportXls, exportName, p);
    } catch {
      message.warning('下载失败');
    }
  };

  const sortOrderOf = (dataIndex: string) =>
    state.column === dataIndex ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const tableColumns: TableColumnsType<Row> = columns
    .filter((c) => !c.hideInTable)
    .map((c) => ({
      title: c.title,
      dataIndex: c.dataIndex,
      key: c.dataIndex,
      width: c.width,
      align: c.align ?? 'center',
      fixed: c.fixed,
      ellipsis: c.ellipsis,
      sorter: c.sorter ? true : undefined,
      sortOrder: c.sorter ? sortOrderOf(c.dataIndex) : undefined,
      onHeaderCell: c.keyColumn ? () => ({ 'data-key-column': c.dataIndex }) as never : undefined,
      render: (v: unknown, r: Row, i: number) =>
        r[LOADING_ROW]
          ? i === 0 && c === columns.find((x) => !x.hideInTable)
            ? '加载中...'
            : ''
          : renderCell(c, v, r, i),
    }));
  if (showIndex)
    tableColumns.unshift({
      title: '#',
      key: '__index',
      width: 56,
      align: 'center',
      render: (_v: unknown, r: Row, i: number) =>
        r[LOADING_ROW] ? '' : (state.pageNo - 1) * state.pageSize + i + 1,
    });

  // Phones (below the mobile breakpoint): cards instead of the wide table; tree tables stay tables.
  const phone = usePhoneLayout() && !tree;
  const cardLayout = useMemo(() => {
    const shown = columns.filter((c) => !c.hideInTable && c.card !== 'hidden');
    const title = shown.find((c) => c.card === 'title') ?? shown.find((c) => !c.card);
    const status =
      shown.find((c) => c.card === 'status') ??
      shown.find((c) => c !== title && !c.card && (c.options ?? []).some((o) => !!o.color));
    const figures = shown.filter((c) => c.card === 'figure');
    const fields = shown.filter((c) => c !== title && c !== status && !figures.includes(c)).slice(0, 6);
    return { title, status, figures, fields };
  }, [columns]);

  const hasRowActions = FormModal || showDetail || (showDelete && url.delete) || rowActions || rowMenu;
  if (hasRowActions) {
    tableColumns.push({
      title: '操作',
      key: '__action',
      align: 'center',
      width: actionWidth,
      fixed: 'right',
      render: (_: unknown, r: Row) => rowActionsNode(r),
    });
  }

  function rowActionsNode(r: Row): ReactNode {
    if (r[LOADING_ROW]) return null;
    const record = r as T;
    const inline: ReactNode[] = [];
    if (FormModal && (!auth.edit || has(auth.edit)))
      inline.push(
        <a key="edit" onClick={() => setEditing({ mode: 'edit', record })}>
          编辑
        </a>,
      );
    if (rowActions) inline.push(<Fragment key="extra">{rowActions(record, helpers)}</Fragment>);
    const menu: RowMenuItem[] = [];
    if (showDetail) menu.push({ key: 'detail', label: '详情', onClick: () => setDetail(record) });
    for (const item of rowMenu?.(record, helpers) ?? []) if (item) menu.push(item);
    if (showDelete && url.delete)
      menu.push({
        key: 'delete',
        label: '删除',
        danger: true,
        auth: auth.delete,
        onClick: () =>
          modal.confirm({ title: '确认删除', content: '确定删除吗?', onOk: () => deleteOne(record) }),
      });
    const allowed = menu.filter((m) => !m.auth || has(m.auth));
    if (inline.length === 0 && allowed.length === 1) {
      const only = allowed[0];
      inline.push(
        <a key={only.key} onClick={only.onClick}>
          {only.label}
        </a>,
      );
    } else if (allowed.length > 0) {
      inline.push(
        <Dropdown
          key="more"
          trigger={['click']}
          menu={{
            items: allowed.map((m) => ({ key: m.key, label: m.label, danger: m.danger })),
            onClick: ({ key }) => allowed.find((m) => m.key === key)?.onClick(),
          }}
        >
          <a>
            更多 <DownOutlined aria-hidden />
          </a>
        </Dropdown>,
      );
    }
    return (
      <Space size={4} split={<Divider type="vertical" />} style={{ whiteSpace: 'nowrap' }}>
        {inline}
      </Space>
    );
  }

  const onTableChange = (
    pag: TablePaginationConfig,
    _f: unknown,
    sorter: SorterResult<Row> | SorterResult<Row>[],
  ) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    let column = state.column;
    let order = state.order;
    if (s && s.field && s.order) {
      column = String(s.field);
      order = s.order === 'ascend' ? 'asc' : 'desc';
    } else if (s && s.field && !s.order) {
      column = defaultSort.column;
      order = defaultSort.order;
    }
    const sortChanged = column !== state.column || order !== state.order;
    setState({
      ...state,
      column,
      order,
      pageNo: sortChanged ? 1 : (pag.current ?? 1),
      pageSize: pag.pageSize ?? state.pageSize,
    });
  };

  const sqFields = columns
    .filter((c) => !c.hideInSuperQuery && c.dataIndex !== 'action')
    .map((c) => ({ value: c.dataIndex, text: c.title, type: c.type, dictCode: c.dictCode }));
  const saveCode = (superQuery && superQuery.saveCode) || location.pathname;
  const sqActive = !!state.superQuery && state.superQuery.records.length > 0;

  const toolbarNode = (
    <Space wrap style={{ marginBottom: 12 }}>
      {FormModal && (
        <MaybeAuth code={auth.add}>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            data-testid="list-add"
            onClick={() => setEditing({ mode: 'add' })}
          >
            新增
          </Button>
        </MaybeAuth>
      )}
      {showExport && url.exportXls && (
        <MaybeAuth code={auth.export}>
          <Button icon={<DownloadOutlined aria-hidden />} data-testid="list-export" onClick={exportXls}>
            导出
          </Button>
        </MaybeAuth>
      )}
      {showImport && url.importExcel && (
        <MaybeAuth code={auth.import}>
          <Button icon={<UploadOutlined aria-hidden />} data-testid="list-import" onClick={() => setImportOpen(true)}>
            导入
          </Button>
        </MaybeAuth>
      )}
      {superQuery !== false && (
        <Button
          icon={<FilterOutlined aria-hidden />}
          data-testid="list-superquery"
          type={sqActive ? 'primary' : 'default'}
          ghost={sqActive}
          onClick={() => setSqOpen(true)}
        >
          高级查询
        </Button>
      )}
      {toolbar?.(helpers)}
      {showDelete && url.deleteBatch && selection === 'checkbox' && (
        <MaybeAuth code={auth.deleteBatch}>
          <Button
            icon={<DeleteOutlined aria-hidden />}
            data-testid="list-batch-delete"
            danger={selectedRowKeys.length > 0}
            onClick={batchDelete}
          >
            批量删除
          </Button>
        </MaybeAuth>
      )}
    </Space>
  );

  const body = (
    <>
      {header}
      {!hideSearch && columns.some((c) => c.search) && (
        <SearchForm
          columns={columns}
          filters={state.filters}
          onSearch={(filters) => {
            clearSelection();
            setState({ ...state, filters, pageNo: 1 });
          }}
          onReset={() => {
            clearSelection();
            setState({ ...state, filters: {}, pageNo: 1, superQuery: undefined });
          }}
          shown={searchFieldsShown}
        />
      )}
      {toolbarNode}
      {selection && selectedRowKeys.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            <span>
              已选择 <a style={{ fontWeight: 600 }}>{selectedRowKeys.length}</a> 项{' '}
              <a onClick={clearSelection} style={{ marginLeft: 16 }}>
                清空
              </a>
            </span>
          }
        />
      )}
      {sqActive && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            <span>
              已有高级查询条件生效
              <a
                style={{ marginLeft: 16 }}
                onClick={() => setState({ ...state, superQuery: undefined, pageNo: 1 })}
              >
                清空
              </a>
            </span>
          }
        />
      )}
      {phone ? (
        <PhoneCardList<Row>
          rows={rows}
          rowKey={(r) => String(r[rowKey])}
          loading={query.isFetching}
          pagination={
            pagination &&
            listPagination(state.pageNo, state.pageSize, query.data?.total ?? 0, (p, s) =>
              setState({ ...state, pageNo: p, pageSize: s }),
            )
          }
          renderCard={(r, i) => {
            if (r[LOADING_ROW]) return null;
            const key = String(r[rowKey]);
            const cell = (c: ListColumn<Row>) => renderCell(c, r[c.dataIndex], r, i);
            const own = phoneCard?.(r as T, {
              index: i,
              cell: (dataIndex) => {
                const c = columns.find((x) => x.dataIndex === dataIndex && !x.hideInTable);
                return c ? cell(c) : renderCell({ title: '', dataIndex }, r[dataIndex], r, i);
              },
            });
            const cardClass = [rowClassName?.(r as T), own?.className].filter(Boolean).join(' ');
            return (
              <PhoneCard
                testId={own?.testId}
                className={cardClass || undefined}
                title={own ? own.title : cardLayout.title ? cell(cardLayout.title) : key}
                status={own ? own.status : cardLayout.status ? cell(cardLayout.status) : undefined}
                figures={
                  own
                    ? own.figures
                    : cardLayout.figures.length
                      ? cardLayout.figures.map((c) => (
                          <span key={c.dataIndex} className="phone-card-figure">
                            {cell(c)}{' '}
                          </span>
                        ))
                      : undefined
                }
                fields={
                  own
                    ? own.fields
                    : cardLayout.fields.map((c) => ({ key: c.dataIndex, label: c.title, value: cell(c) }))
                }
                actions={hasRowActions ? rowActionsNode(r) : undefined}
                selectable={!!selection}
                disabled={!!rowSelectable?.(r as T).disabled}
                selected={selectedRowKeys.includes(key)}
                onSelect={(checked) => {
                  const keys =
                    selection === 'radio'
                      ? checked
                        ? [key]
                        : []
                      : checked
                        ? [...selectedRowKeys, key]
                        : selectedRowKeys.filter((k) => k !== key);
                  const picked = rows.filter((x) => keys.includes(String(x[rowKey]))) as T[];
                  setSelectedRowKeys(keys);
                  setSelectedRows(picked);
                  onSelectionChange?.(keys, picked);
                }}
              />
            );
          }}
        />
      ) : (
        <div ref={tableBox}>
          <Table<Row>
            rowKey={rowKey}
            size={size}
            bordered
            columns={tableColumns}
            dataSource={rows}
            loading={query.isFetching}
            scroll={{ x: 'max-content' }}
            onChange={onTableChange as never}
            rowClassName={rowClassName ? (r) => (r[LOADING_ROW] ? '' : rowClassName(r as T)) : undefined}
            rowSelection={
              selection
                ? {
                    type: selection,
                    selectedRowKeys,
                    checkStrictly: true,
                    columnTitle: namedSelectAll,
                    // a name for screen readers (axe: form elements need a label)
                    getCheckboxProps: (r) => {
                      const own = r[LOADING_ROW] ? undefined : rowSelectable?.(r as T);
                      return {
                        disabled: !!r[LOADING_ROW] || !!own?.disabled,
                        'aria-label': own?.label ?? '选择本行',
                      };
                    },
                    onChange: (keys, selected) => {
                      setSelectedRowKeys(keys.map(String));
                      setSelectedRows(selected as T[]);
                      onSelectionChange?.(keys.map(String), selected as T[]);
                    },
                  }
                : undefined
            }
            expandable={
              tree
                ? {
                    expandedRowKeys: expandedKeys,
                    onExpand: (expanded, r) => {
                      const id = String(r[rowKey]);
                      setExpandedKeys((ks) => (expanded ? [...ks, id] : ks.filter((k) => k !== id)));
                      if (expanded && children[id] === undefined) void loadChildren(r);
                    },
                  }
                : undefined
            }
            pagination={pagination && listPagination(state.pageNo, state.pageSize, query.data?.total ?? 0)}
          />
        </div>
      )}
      {FormModal && editing && (
        <FormModal
          open
          mode={editing.mode}
          record={editing.record}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) reload();
          }}
        />
      )}
      <DetailModal open={!!detail} record={detail} columns={columns} onClose={() => setDetail(undefined)} />
      {url.importExcel && (
        <ImportExcelModal
          open={importOpen}
          url={url.importExcel}
          onClose={() => setImportOpen(false)}
          onImported={reload}
        />
      )}
      {superQuery !== false && (
        <SuperQueryModal
          open={sqOpen}
          fields={sqFields}
          saveCode={saveCode}
          initial={state.superQuery}
          onClose={() => setSqOpen(false)}
          onSearch={(q) => {
            clearSelection();
            setState({ ...state, superQuery: q, pageNo: 1 });
          }}
        />
      )}
    </>
  );

  return bordered ? (
    <Card title={title} variant="borderless" className={className} data-testid={testId}>
      {body}
    </Card>
  ) : className || testId ? (
    <div className={className} data-testid={testId}>
      {body}
    </div>
  ) : (
    body
  );
}

/**
 * A table wider than its box scrolls sideways; when its rows hold no focusable control, the region
 * itself takes Tab so keyboard users can scroll it (axe scrollable-region-focusable).
 */
function useScrollRegionsFocusable(box: { current: HTMLElement | null }) {
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const mark = () => {
      for (const el of Array.from(
        root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'),
      )) {
        const scrolls =
          (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) &&
          !el.querySelector(
            'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
          );
        if (scrolls && !el.hasAttribute('tabindex')) {
          el.tabIndex = 0;
          el.setAttribute('role', 'group');
          el.setAttribute('aria-label', '表格（可左右滚动）');
        } else if (!scrolls && el.getAttribute('aria-label') === '表格（可左右滚动）') {
          el.removeAttribute('tabindex');
          el.removeAttribute('role');
          el.removeAttribute('aria-label');
        }
      }
    };
    mark();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(mark);
    ro.observe(root);
    const table = root.querySelector('table');
    if (table) ro.observe(table);
    return () => ro.disconnect();
  });
}

/** A permission-gated element when a code is given, else the element itself. */
function MaybeAuth({ code, children }: { code?: string; children: ReactNode }) {
  return code ? <Auth code={code}>{children}</Auth> : <>{children}</>;
}
