import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  CodeOutlined,
  LinkOutlined,
  MinusOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Select, Tooltip } from 'antd';
import { useEffect, type ReactNode } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';
import './editors.css';

/** TipTap editor with a small toolbar; emits HTML (the server sanitises what it stores). */
export default function RichTextEditorImpl(props: RichTextEditorProps & { height: number }) {
  const { value = '', onChange, disabled, height } = props;
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } })],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside replaces the content (not the one the editor just emitted).
  useEffect(() => {
    if (!editor || editor.isDestroyed || !editor.view?.dom?.isConnected) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      code: e?.isActive('codeBlock') ?? false,
      link: e?.isActive('link') ?? false,
      heading: ([1, 2, 3] as const).find((l) => e?.isActive('heading', { level: l })) ?? 0,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  if (!editor) return null;
  const btn = (title: string, icon: ReactNode, on: boolean, run: () => void, enabled = true) => (
    <Tooltip title={title} key={title}>
      <Button size="small" type={on ? 'primary' : 'text'} icon={icon} disabled={disabled || !enabled} onClick={run} aria-label={title} />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();

  return (
    <div className={`go-rich-text ${disabled ? 'disabled' : ''}`} data-testid={props['data-testid']}>
      <div className="go-rich-text-toolbar">
        <Select
          size="small"
          style={{ width: 90 }}
          disabled={disabled}
          value={state?.heading ?? 0}
          onChange={(l: number) => (l ? chain().toggleHeading({ level: l as 1 | 2 | 3 }).run() : chain().setParagraph().run())}
          options={[
            { value: 0, label: '正文' },
            { value: 1, label: '标题1' },
            { value: 2, label: '标题2' },
            { value: 3, label: '标题3' },
          ]}
        />
        <Divider type="vertical" />
        {btn('加粗', <BoldOutlined />, !!state?.bold, () => chain().toggleBold().run())}
        {btn('斜体', <ItalicOutlined />, !!state?.italic, () => chain().toggleItalic().run())}
        {btn('下划线', <UnderlineOutlined />, !!state?.underline, () => chain().toggleUnderline().run())}
        {btn('删除线', <StrikethroughOutlined />, !!state?.strike, () => chain().toggleStrike().run())}
        <Divider type="vertical" />
        {btn('无序列表', <UnorderedListOutlined />, !!state?.bullet, () => chain().toggleBulletList().run())}
        {btn('有序列表', <OrderedListOutlined />, !!state?.ordered, () => chain().toggleOrderedList().run())}
        {btn('代码块', <CodeOutlined />, !!state?.code, () => chain().toggleCodeBlock().run())}
        {btn('分隔线', <MinusOutlined />, false, () => chain().setHorizontalRule().run())}
        {btn('链接', <LinkOutlined />, !!state?.link, () => {
          if (editor.isActive('link')) {
            chain().unsetLink().run();
            return;
          }
          const href = window.prompt('链接地址', 'https://');
          if (href && /^(https?:\/\/|mailto:)/i.test(href)) chain().setLink({ href }).run();
        })}
        <Divider type="vertical" />
        {btn('撤销', <UndoOutlined />, false, () => chain().undo().run(), !!state?.canUndo)}
        {btn('重做', <RedoOutlined />, false, () => chain().redo().run(), !!state?.canRedo)}
      </div>
      <EditorContent editor={editor} className="go-rich-text-body" style={{ height }} />
    </div>
  );
}
