import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

/** The 12 languages of the code editor (docs/widgets.md, "Other widgets"). */
export const CODE_LANGUAGES = [
  'javascript',
  'typescript',
  'html',
  'css',
  'json',
  'xml',
  'sql',
  'java',
  'python',
  'php',
  'markdown',
  'yaml',
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const CODE_EDITOR_HEIGHT = 240;
export const CODE_TAB_SIZE = 2;

export interface CodeEditorProps {
  value?: string;
  onChange?: (code: string) => void;
  language?: CodeLanguage;
  /** show a language switch above the editor */
  languageSelect?: boolean;
  onLanguageChange?: (l: CodeLanguage) => void;
  disabled?: boolean;
  height?: number;
  'data-testid'?: string;
}

const Impl = lazy(() => import('./CodeEditorImpl'));

/** Code editor: 240 px high, tab size 2; CodeMirror and each language load in their own chunks. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <Impl {...props} />
    </Suspense>
  );
}
