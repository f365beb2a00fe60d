import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useUploadList, type UploadListOptions } from './useUploadList';

export interface FileUploadProps extends Omit<UploadListOptions, 'kind'> {
  disabled?: boolean;
  buttonText?: string;
  /** image mode: only pictures (请上传图片), 10 MB */
  imageOnly?: boolean;
  'data-testid'?: string;
}

/**
 * File upload (stock JUpload): the value is the comma-joined stored paths of finished files; names are
 * shown shortened after 5 characters; pdf files open in the preview page.
 */
export function FileUpload(props: FileUploadProps) {
  const { disabled, buttonText = '点击上传', imageOnly } = props;
  const u = useUploadList({ ...props, kind: imageOnly ? 'image' : 'file' });
  return (
    <div data-testid={props['data-testid']} className="go-file-upload">
      <Upload
        multiple={props.number !== 1}
        disabled={disabled}
        fileList={u.list}
        beforeUpload={u.beforeUpload}
        onRemove={(f) => {
          u.remove(f.uid);
          return false;
        }}
        onPreview={(f) => u.preview(f)}
        showUploadList={{ showRemoveIcon: !disabled, showDownloadIcon: false }}
        accept={imageOnly ? 'image/*' : undefined}
      >
        {!disabled && <Button icon={<UploadOutlined />}>{buttonText}</Button>}
      </Upload>
    </div>
  );
}
