import { CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Col, Input, List, Modal, Row as GridRow, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { encodeSearchValue } from '@go/contract/query';
import { getAction } from '../../app/http/client';
import { PickerInput } from './PickerInput';

type Entity = Record<string, unknown>;

export interface EntitySelectorProps {
  /** List URL answering `{records, total}`. */
  listUrl: string;
  columns: TableColumnsType<Entity>;
  /** Field emitted as the value (comma-joined) and the field shown. */
  valueField: string;
  textField: string;
  /** Search box field (sent with like). */
  searchField?: string;
  searchPlaceholder?: string;
  title: string;
  value?: string;
  onChange?: (value: string | undefined, rows: Entity[]) => void;
  multi?: boolean;
  extraParams?: Record<string, unknown>;
  placeholder?: string;
  disabled?: boolean;
  width?: number;
  id?: string;
}

/**
 * Generic business-entity selector with a selected list (docs/widgets.md, "Other widgets"): table of page size 5
 * (options 5/10/20/30, docs/widgets.md, "Other widgets") beside the list of what is picked.
 */
export function EntitySelector({
  listUrl,
  columns,
  valueField,
  textField,
  searchField,
  searchPlaceholder = '请输入关键字',
  title,
  value,
  onChange,
  multi = true,
  extraParams,
  placeholder = '请选择',
  disabled,
  width = 1000,
  id,
}: EntitySelectorProps) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(5);
  const [picked, setPicked] = useState<Entity[]>([]);
  const [known, setKnown] = useState<Entity[]>([]);
  const values = (value ?? '').split(',').filter(Boolean);

  // Texts of saved values: the list filtered by the value field (a comma list reads as IN).
  useEffect(() => {
    if (values.length === 0 || values.every((v) => known.some((k) => String(k[valueField]) === v))) return;
    void getAction(listUrl, { [valueField]: values.length > 1 ? values.join(',') : `${values[0]}`, pageNo: 1, pageSize: 100, ...extraParams }).then(
      (res) => {
        const r = res.success ? (res.result as { records?: Entity[] }) : undefined;
        if (r?.records) setKnown(r.records);
      },
      () => undefined,
    );
    // only when the value changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const list = useQuery({
    queryKey: ['entitySelector', listUrl, keyword, pageNo, pageSize, extraParams],
    enabled: open,
    queryFn: async () => {
      const res = await getAction(listUrl, {
        ...(searchField && keyword.trim() ? { [searchField]: encodeSearchValue('like', keyword.trim()) } : {}),
        ...extraParams,
        pageNo,
        pageSize,
      });
      const r = (res.success ? res.result : null) as { records?: Entity[]; total?: number } | null;
      return { rows: r?.records ?? [], total: r?.total ?? 0 };
    },
  });

  const textOf = (v: string) => {
    const e = known.find((k) => String(k[valueField]) === v) ?? picked.find((k) => String(k[valueField]) === v);
    return e ? String(e[textField] ?? v) : v;
  };

  return (
    <>
      <PickerInput
        id={id}
        text={values.map(textOf).join(',')}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => {
          setPicked(values.map((v) => known.find((k) => String(k[valueField]) === v) ?? { [valueField]: v, [textField]: v }));
          setOpen(true);
        }}
        onClear={() => onChange?.(undefined, [])}
      />
      <Modal
        title={title}
        open={open}
        width={width}
        onCancel={() => setOpen(false)}
        onOk={() => {
          setKnown((k) => [...k, ...picked]);
          onChange?.(picked.length ? picked.map((p) => String(p[valueField])).join(',') : undefined, picked);
          setOpen(false);
        }}
        destroyOnHidden
      >
        <GridRow gutter={16}>
          <Col xs={24} md={16}>
            {searchField && (
              <Input.Search
                placeholder={searchPlaceholder}
                allowClear
                enterButton="查询"
                style={{ marginBottom: 12, maxWidth: 360 }}
                onSearch={(v) => {
                  setKeyword(v);
                  setPageNo(1);
                }}
              />
            )}
            <Table<Entity>
              rowKey={valueField}
              size="small"
              bordered
              columns={columns}
              dataSource={list.data?.rows ?? []}
              loading={list.isFetching}
              scroll={{ x: 'max-content' }}
              rowSelection={{
                type: multi ? 'checkbox' : 'radio',
                selectedRowKeys: picked.map((p) => String(p[valueField])),
                onChange: (_k, rows) => {
                  const onPage = new Set((list.data?.rows ?? []).map((r) => String(r[valueField])));
                  const kept = multi ? picked.filter((p) => !onPage.has(String(p[valueField]))) : [];
                  setPicked([...kept, ...rows.filter(Boolean)]);
                },
              }}
              pagination={{
                current: pageNo,
                pageSize,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: ['5', '10', '20', '30'],
                showTotal: (t) => `共${t}条`,
                onChange: (p, s) => {
                  setPageNo(p);
                  setPageSize(s);
                },
              }}
            />
          </Col>
          <Col xs={24} md={8}>
            <List
              size="small"
              bordered
              header={<b>已选择 {picked.length} 项</b>}
              dataSource={picked}
              locale={{ emptyText: '未选择' }}
              renderItem={(p) => (
                <List.Item
                  actions={[
                    <CloseOutlined
                      key="rm"
                      aria-label={`移除 ${String(p[textField])}`}
                      onClick={() => setPicked((ps) => ps.filter((x) => x[valueField] !== p[valueField]))}
                    />,
                  ]}
                >
                  {String(p[textField] ?? p[valueField])}
                </List.Item>
              )}
            />
          </Col>
        </GridRow>
      </Modal>
    </>
  );
}

type PickerProps = Omit<EntitySelectorProps, 'listUrl' | 'columns' | 'valueField' | 'textField' | 'title'> & {
  /** Which field is emitted (default id for roles, code for positions). */
  store?: string;
};

/** Role picker (roleName, roleCode); emits role ids. */
export function RolePicker({ store = 'id', ...rest }: PickerProps) {
  return (
    <EntitySelector
      title="选择角色"
      listUrl="/sys/role/list"
      valueField={store}
      textField="roleName"
      searchField="roleName"
      searchPlaceholder="请输入角色名称"
      placeholder="请选择角色"
      columns={[
        { title: '角色名称', dataIndex: 'roleName' },
        { title: '角色编码', dataIndex: 'roleCode' },
      ]}
      {...rest}
    />
  );
}

/** Position picker (code, name, rank); emits position codes. */
export function PositionPicker({ store = 'code', multi = false, ...rest }: PickerProps) {
  return (
    <EntitySelector
      title="选择职务"
      listUrl="/sys/position/list"
      valueField={store}
      textField="name"
      searchField="name"
      searchPlaceholder="请输入职务名称"
      placeholder="请选择职务"
      multi={multi}
      columns={[
        { title: '职务编码', dataIndex: 'code' },
        { title: '职务名称', dataIndex: 'name' },
        { title: '职级', dataIndex: 'rank', render: (v, r) => String(r.rank_dictText ?? r.postRank_dictText ?? v ?? '') },
      ]}
      {...rest}
    />
  );
}
