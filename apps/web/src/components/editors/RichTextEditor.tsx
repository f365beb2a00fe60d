import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  /** editing area height in px (docs/widgets.md, "Other widgets": 300) */
  height?: number;
  placeholder?: string;
  'data-testid'?: string;
}

export const RICH_TEXT_HEIGHT = 300;

const Impl = lazy(() => import('./RichTextEditorImpl'));

/** Rich text editor (HTML value). The editor itself loads in its own chunk on first use. */
export function RichTextEditor(props: RichTextEditorProps) {
  const height = props.height ?? RICH_TEXT_HEIGHT;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: Math.round(height / 40) }} />}>
      <Impl {...props} height={height} />
    </Suspense>
  );
}
