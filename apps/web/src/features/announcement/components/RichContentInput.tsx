import { RichTextEditor } from '../../../components/editors';

/** The HTML content of an announcement or news item: the shared rich text editor (height 300). The server sanitises it. */
export function RichContentInput({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return <RichTextEditor value={value} onChange={onChange} placeholder="请输入内容" data-testid="annt-content" />;
}
