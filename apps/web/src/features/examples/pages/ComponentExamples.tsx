import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { CategorySelect } from '../../../components/dict/CategorySelect';
import { DictSearchSelect } from '../../../components/dict/DictSearchSelect';
import { DictTreeSelect } from '../../../components/dict/DictTreeSelect';
import { CodeEditor, MarkdownEditor, RichTextEditor } from '../../../components/editors';
import {
  EditableGrid,
  useVxeSocket,
  type GridColumn,
  type GridHandle,
  type GridValues,
  type LiveSource,
  type VxeSocketMessage,
} from '../../../components/grid';
import { AreaLinkage } from '../../../components/pickers/AreaLinkage';
import { CompanyPicker } from '../../../components/pickers/DepartPicker';
import { RolePicker } from '../../../components/pickers/EntitySelector';
import { DragVerify } from '../../../components/slider';
import { TagInput } from '../../../components/tag-input';
import { FileUpload, ImageUpload } from '../../../components/upload';
import { CheckboxGroup, Ellipsis, InputPop } from '../../../components/widgets';
import { ReportPopup } from '../../online/components/ReportPopup';
import { benchColumns, benchRows, demoColumns, demoRows, SOCKET_KEY } from '../demoData';

/** A value shown as JSON under its widget (the browser journeys read these). */
function Value(props: { name: string; value: unknown }) {
  return (
    // a Tab stop, so a long value that scrolls can be read by keyboard
    <pre className="go-example-value" data-testid={`value-${props.name}`} tabIndex={0}>
      {JSON.stringify(props.value, null, 2)}
    </pre>
  );
}

/** The name of an example's widget for screen readers (the card title shows it to the eye). */
function ExampleLabel(props: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={props.htmlFor} style={HIDDEN}>
      {props.children}
    </label>
  );
}
const HIDDEN: CSSProperties = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: 0 };

function Example(props: { title: string; children: ReactNode; value?: unknown; name: string; span?: number }) {
  return (
    <Col xs={24} xl={props.span ?? 12}>
      <Card title={props.title} size="small" data-testid={`example-${props.name}`} style={{ height: '100%' }}>
        {props.children}
        {'value' in props && <Value name={props.name} value={props.value} />}
      </Card>
    </Col>
  );
}

/** Merges several live sources into one (the real table socket and the page's own test button). */
function mergeSources(...sources: LiveSource[]): LiveSource {
  return {
    subscribe: (l) => {
      const offs = sources.map((s) => s.subscribe(l));
      return () => offs.forEach((off) => off());
    },
    send: (m) => sources.forEach((s) => s.send?.(m)),
  };
}

function useLocalSource() {
  const listeners = useRef(new Set<(m: VxeSocketMessage) => void>());
  return useMemo(
    () => ({
      source: {
        subscribe(l: (m: VxeSocketMessage) => void) {
          listeners.current.add(l);
          return () => listeners.current.delete(l);
        },
      } as LiveSource,
      push: (m: VxeSocketMessage) => listeners.current.forEach((l) => l(m)),
    }),
    [],
  );
}

function summary(v: GridValues | null) {
  if (!v) return null;
  return {
    rows: v.rows,
    newRowIds: v.newRows.map((r) => r.id),
    changedRowIds: v.changedRows.map((r) => r.id),
    deletedIds: v.deletedIds,
  };
}

/** The 5,000 × 20 measurement grid (`?gridRows=5000`); mounted on demand so its first render can be timed. */
function BenchGrid({ rows }: { rows: number }) {
  const columns = useMemo(() => benchColumns(), []);
  const [shown, setShown] = useState(false);
  const data = useMemo(() => (shown ? benchRows(rows) : []), [rows, shown]);
  return (
    <Card
      title={`性能示例：${rows} 行 × ${columns.length} 列`}
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <Button data-testid="bench-show" onClick={() => setShown(true)} disabled={shown}>
          渲染表格
        </Button>
      }
    >
      {shown && (
        <EditableGrid
          data-testid="bench-grid"
          columns={columns}
          dataSource={data}
          rowNumber
          rowSelection
          dragSort
          maxHeight={600}
          toolbarButtons={['add', 'remove', 'clearSelection']}
        />
      )}
    </Card>
  );
}

/** 组件示例: every shared widget with its live value. */
export default function ComponentExamples() {
  const benchParam = typeof window !== 'undefined' ? Number(new URLSearchParams(window.location.search).get('gridRows')) : 0;
  const gridRef = useRef<GridHandle>(null);
  const columns: GridColumn[] = useMemo(() => demoColumns(), []);
  const [data] = useState(demoRows);
  const [gridValues, setGridValues] = useState<GridValues | null>(null);
  const [check, setCheck] = useState<{ error: number; rows: number } | null>(null);
  const [saved, setSaved] = useState<unknown>(null);
  const local = useLocalSource();
  const socket = useVxeSocket('component-examples');
  const live = useMemo(() => mergeSources(socket, local.source), [socket, local.source]);

  const [file, setFile] = useState('');
  const [images, setImages] = useState('');
  const [avatar, setAvatar] = useState('');
  const [html, setHtml] = useState('<p>欢迎使用<strong>富文本</strong>编辑器</p>');
  const [md, setMd] = useState('# 标题\n\n- 列表项');
  const [code, setCode] = useState('function hello() {\n  return "你好";\n}\n');
  const [verified, setVerified] = useState(false);
  const [tags, setTags] = useState('');
  const [checks, setChecks] = useState('1,3');
  const [pop, setPop] = useState('');
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [company, setCompany] = useState<string | undefined>();
  const [roles, setRoles] = useState<string | undefined>();
  const [area, setArea] = useState<string | undefined>();
  const [treeValue, setTreeValue] = useState<string | undefined>();
  const [searchValue, setSearchValue] = useState<string | undefined>();
  const [category, setCategory] = useState<string | undefined>();
  const longText = '集团办公与人事后台的省略组件会在超过二十五个字符之后显示省略号并在提示中给出全文内容';

  // The measurement mode shows the big grid alone, so the figures are the grid's own.
  if (benchParam > 0) return <BenchGrid rows={Math.min(benchParam, 20000)} />;

  return (
    <div className="go-examples" data-testid="component-examples">
      <style>{`.go-example-value{margin:12px 0 0;padding:8px;background:#fafafa;border:1px solid #f0f0f0;border-radius:4px;max-height:220px;overflow:auto;font-size:12px;white-space:pre-wrap;word-break:break-all}`}</style>
      <Card
        title="可编辑表格"
        size="small"
        style={{ marginBottom: 16 }}
        data-testid="example-grid"
        extra={
          <Space>
            <Button
              data-testid="grid-validate"
              onClick={async () => {
                const r = await gridRef.current!.getValues();
                setCheck({ error: r.error, rows: r.values.length });
              }}
            >
              校验并读取
            </Button>
            <Button
              data-testid="grid-push"
              onClick={() =>
                local.push({ type: 'update_vxe_table', data: { socketKey: SOCKET_KEY, row: { id: '1001', name: '推送更新', tug_status: '1' } } })
              }
            >
              模拟推送
            </Button>
          </Space>
        }
      >
        <EditableGrid
          ref={gridRef}
          data-testid="demo-grid"
          columns={columns}
          dataSource={data}
          rowNumber
          rowSelection
          dragSort
          expandedRowRender={(row) => <Typography.Text type="secondary">明细：{JSON.stringify(row)}</Typography.Text>}
          toolbarButtons={['add', 'save', 'remove', 'clearSelection', 'collapse']}
          authPre="examples:grid"
          pagination={{ current: 1, pageSize: 10, total: gridValues?.rows.length ?? data.length, onChange: () => undefined }}
          liveSource={live}
          socketKey={SOCKET_KEY}
          onChange={setGridValues}
          onSave={(v) => setSaved({ error: v.error, new: v.newRows.length, changed: v.changedRows.length, deleted: v.deletedIds })}
        />
        <Row gutter={16}>
          <Col span={16}>
            <Value name="grid" value={summary(gridValues)} />
          </Col>
          <Col span={8}>
            <Value name="grid-check" value={check} />
            <Value name="grid-save" value={saved} />
          </Col>
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        <Example title="文件上传" name="file" value={file}>
          <FileUpload data-testid="file-upload" value={file} onChange={setFile} biz="/oa/examples" />
        </Example>
        <Example title="图片上传" name="images" value={images}>
          <ImageUpload data-testid="image-upload" value={images} onChange={setImages} biz="/oa/examples" number={5} />
        </Example>
        <Example title="头像上传（/oa/avatar）" name="avatar" value={avatar}>
          <ImageUpload data-testid="avatar-upload" value={avatar} onChange={setAvatar} biz="/oa/avatar" number={1} />
        </Example>
        <Example title="拖动验证" name="slider" value={verified}>
          <DragVerify data-testid="drag-verify" value={verified} onChange={setVerified} />
        </Example>
        <Example title="富文本编辑器" name="richtext" value={html}>
          <RichTextEditor data-testid="rich-text" value={html} onChange={setHtml} />
        </Example>
        <Example title="Markdown 编辑器" name="markdown" value={md}>
          <MarkdownEditor data-testid="markdown" value={md} onChange={setMd} />
        </Example>
        <Example title="代码编辑器" name="code" value={code}>
          <CodeEditor data-testid="code-editor" value={code} onChange={setCode} languageSelect />
        </Example>
        <Example title="标签输入" name="tags" value={tags}>
          <TagInput data-testid="tag-input" value={tags} onChange={setTags} />
        </Example>
        <Example title="多选框组" name="checkbox" value={checks}>
          <CheckboxGroup
            data-testid="checkbox-group"
            value={checks}
            onChange={setChecks}
            options={[
              { value: '1', label: '周一' },
              { value: '2', label: '周二' },
              { value: '3', label: '周三' },
              { value: '4', label: '周四' },
            ]}
          />
        </Example>
        <Example title="弹出输入框" name="inputpop" value={pop}>
          <InputPop data-testid="input-pop" value={pop} onChange={setPop} title="备注" placeholder="点击右侧图标展开" />
        </Example>
        <Example title="弹出报表（费用报销明细）" name="popup" value={picked}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <ReportPopup
              data-testid="report-popup"
              aria-label="申请人"
              title="选择报销单"
              code="expense_summary"
              field="applicant_name"
              orgFields="applicant_name,amount"
              destFields="name,money"
              multi
              value={picked.name}
              onPick={setPicked}
            />
            <ReportPopup code="expense_summary" field="applicant_name" orgFields="applicant_name,amount" destFields="name" aria-label="配置错误的弹窗" />
          </Space>
        </Example>
        <Example title="公司选择" name="company" value={company ?? null}>
          <ExampleLabel htmlFor="example-company">公司选择</ExampleLabel>
          <CompanyPicker id="example-company" value={company} onChange={setCompany} all />
        </Example>
        <Example title="角色选择" name="roles" value={roles ?? null}>
          <RolePicker id="example-roles" value={roles} onChange={(v) => setRoles(v)} />
        </Example>
        <Example title="省市区联动" name="area" value={area ?? null}>
          <ExampleLabel htmlFor="example-area">省市区联动</ExampleLabel>
          <AreaLinkage id="example-area" value={area} onChange={setArea} />
        </Example>
        <Example title="字典下拉树（部门）" name="dict-tree" value={treeValue ?? null}>
          <ExampleLabel htmlFor="example-dict-tree">字典下拉树（部门）</ExampleLabel>
          <DictTreeSelect id="example-dict-tree" dict="sys_depart,depart_name,id" pidField="parent_id" value={treeValue} onChange={(v) => setTreeValue(v)} />
        </Example>
        <Example title="字典搜索下拉（职务）" name="dict-search" value={searchValue ?? null}>
          <ExampleLabel htmlFor="example-dict-search">字典搜索下拉（职务）</ExampleLabel>
          <DictSearchSelect id="example-dict-search" dict="sys_position,name,code" value={searchValue} onChange={setSearchValue} />
        </Example>
        <Example title="分类字典树" name="category" value={category ?? null}>
          <ExampleLabel htmlFor="example-category">分类字典树</ExampleLabel>
          <CategorySelect id="example-category" value={category} onChange={(v) => setCategory(v)} />
        </Example>
        <Example title="省略显示（25 字）" name="ellipsis" value={longText}>
          <Ellipsis data-testid="ellipsis" value={longText} />
        </Example>
      </Row>
    </div>
  );
}
