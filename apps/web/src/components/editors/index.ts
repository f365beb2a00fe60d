export { CodeEditor, CODE_EDITOR_HEIGHT, CODE_LANGUAGES, CODE_TAB_SIZE, type CodeEditorProps, type CodeLanguage } from './CodeEditor';
export { MarkdownEditor, MARKDOWN_DEFAULT_HEIGHT, MARKDOWN_MIN_HEIGHT, type MarkdownEditorProps } from './MarkdownEditor';
export { RichTextEditor, RICH_TEXT_HEIGHT, type RichTextEditorProps } from './RichTextEditor';
