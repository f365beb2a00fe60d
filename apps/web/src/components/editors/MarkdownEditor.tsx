import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

export interface MarkdownEditorProps {
  value?: string;
  onChange?: (markdown: string) => void;
  disabled?: boolean;
  /** px; docs/widgets.md, "Other widgets": default 300, at least 200 */
  height?: number;
  'data-testid'?: string;
}

export const MARKDOWN_MIN_HEIGHT = 200;
export const MARKDOWN_DEFAULT_HEIGHT = 300;

const Impl = lazy(() => import('./MarkdownEditorImpl'));

/** Markdown editor (zh-CN) with preview; loads in its own chunk on first use. */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const height = Math.max(MARKDOWN_MIN_HEIGHT, props.height ?? MARKDOWN_DEFAULT_HEIGHT);
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: Math.round(height / 40) }} />}>
      <Impl {...props} height={height} />
    </Suspense>
  );
}
