import { DeleteOutlined, EyeOutlined, LeftOutlined, LoadingOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Image, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { moveItem, type UploadItem } from './uploadCore';
import { useUploadList, type UploadListOptions } from './useUploadList';
import './upload.css';

export interface ImageUploadProps extends Omit<UploadListOptions, 'kind'> {
  disabled?: boolean;
  buttonText?: string;
  'data-testid'?: string;
}

/**
 * Image upload (stock JImageUpload): picture cards with arrows to reorder (the first cannot move left,
 * the last cannot move right), pictures only, 10 MB (1 MB and JPG/PNG/GIF in the avatar folder).
 */
export function ImageUpload(props: ImageUploadProps) {
  const { disabled, buttonText = '上传' } = props;
  const u = useUploadList({ ...props, kind: 'image' });
  const [preview, setPreview] = useState<string | null>(null);
  const limitReached = (props.number ?? 0) > 0 && u.list.length >= (props.number ?? 0) && props.number !== 1;

  const move = (index: number, dir: 'left' | 'right') => {
    const r = moveItem(u.list, index, dir);
    if ('warning' in r) feedback.message.warning(r.warning);
    else u.setList(r.list);
  };

  const card = (file: UploadItem, index: number) => (
    <div className={`go-image-card ${file.status === 'error' ? 'error' : ''}`} data-testid="image-card" key={file.uid}>
      {file.status === 'uploading' ? (
        <div className="go-image-state">
          <LoadingOutlined />
          <span>{file.percent ?? 0}%</span>
        </div>
      ) : file.status === 'error' ? (
        <Tooltip title={String(file.response ?? '上传失败')}>
          <div className="go-image-state">{file.name}</div>
        </Tooltip>
      ) : (
        <img src={file.url} alt={file.fullName ?? file.name} />
      )}
      <div className="go-image-actions">
        {file.status === 'done' && (
          <EyeOutlined title="预览" onClick={() => setPreview(file.url ?? null)} />
        )}
        {!disabled && (
          <>
            <LeftOutlined title="左移" data-testid="move-left" onClick={() => move(index, 'left')} />
            <RightOutlined title="右移" data-testid="move-right" onClick={() => move(index, 'right')} />
            <DeleteOutlined title="删除" data-testid="remove" onClick={() => u.remove(file.uid)} />
          </>
        )}
      </div>
    </div>
  );

  return (
    <div className="go-image-upload" data-testid={props['data-testid']}>
      {u.list.map(card)}
      {!disabled && !limitReached && (
        <Upload
          listType="picture-card"
          showUploadList={false}
          multiple={props.number !== 1}
          accept="image/*"
          beforeUpload={u.beforeUpload}
        >
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{buttonText}</div>
          </div>
        </Upload>
      )}
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(null) }}
        />
      )}
    </div>
  );
}
