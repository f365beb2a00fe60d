import { MdEditor, type ToolbarNames } from 'md-editor-rt';
import 'md-editor-rt/lib/style.css';
import { uploadAction } from '../../app/http/client';
import { staticUrl } from '../../app/config';
import { feedback } from '../../app/feedback';
import { checkUpload } from '@go/contract/upload';
import type { MarkdownEditorProps } from './MarkdownEditor';

/**
 * Toolbar without the parts that fetch scripts from public CDNs at run time (fullscreen helper, formula,
 * diagram, prettier, the picture cropper); pasted or dropped pictures upload to the file endpoint.
 */
const TOOLBARS: ToolbarNames[] = [
  'bold',
  'underline',
  'italic',
  'strikeThrough',
  '-',
  'title',
  'sub',
  'sup',
  'quote',
  'unorderedList',
  'orderedList',
  'task',
  '-',
  'codeRow',
  'code',
  'link',
  'table',
  '-',
  'revoke',
  'next',
  '=',
  'pageFullscreen',
  'preview',
  'catalog',
];

export default function MarkdownEditorImpl(props: MarkdownEditorProps & { height: number }) {
  const { value = '', onChange, disabled, height } = props;
  return (
    <div data-testid={props['data-testid']}>
      <MdEditor
        modelValue={value}
        onChange={(v) => onChange?.(v)}
        language="zh-CN"
        disabled={disabled}
        style={{ height }}
        toolbars={TOOLBARS}
        noPrettier
        noMermaid
        noKatex
        noEcharts
        noHighlight
        noUploadImg
        onUploadImg={async (files, callback) => {
          const urls: string[] = [];
          for (const file of files) {
            const problem = checkUpload('image', file);
            if (problem) {
              feedback.message.warning(problem);
              continue;
            }
            const form = new FormData();
            form.append('biz', '/oa/markdown');
            form.append('kind', 'image');
            form.append('file', file);
            const res = await uploadAction(`/sys/minio/uploadFile`, form).catch(() => null);
            if (res?.success) urls.push(staticUrl(res.message));
            else feedback.message.error(res?.message || `${file.name} 上传失败.`);
          }
          callback(urls);
        }}
      />
    </div>
  );
}
