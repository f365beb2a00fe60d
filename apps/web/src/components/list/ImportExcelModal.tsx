import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import { fileLink } from '../../app/config';
import { uploadAction } from '../../app/http/client';

/** Import result of a partly failed import (code 201, reference §7.5). */
interface ImportResult {
  msg?: string;
  fileUrl?: string;
  fileName?: string;
}

/**
 * 导入EXCEL (docs/system-admin.md, "List query conventions", width 600): .xls and .xlsx, several files, the upload button disabled while
 * the list is empty. Code 201 → warning 导入成功,但是有错误数据! with a download link; failure →
 * warning with the server message; the list reloads afterwards either way.
 */
export function ImportExcelModal({
  open,
  url,
  onClose,
  onImported,
}: {
  open: boolean;
  url: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const { message, modal } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);

  const submit = async () => {
    const fd = new FormData();
    for (const f of files) fd.append('files[]', f.originFileObj ?? (f as unknown as Blob), f.name);
    setUploading(true);
    try {
      const res = await uploadAction(url, fd);
      const result = (res.result ?? {}) as ImportResult;
      if (res.success && res.code === 201) {
        modal.warning({
          title: '导入成功,但是有错误数据!',
          width: 520,
          content: (
            <div>
              <div>{res.message}</div>
              {result.msg && <div>{result.msg}</div>}
              {result.fileUrl && (
                <a href={fileLink(result.fileUrl)} target="_blank" rel="noreferrer" download={result.fileName}>
                  点击下载
                </a>
              )}
            </div>
          ),
        });
      } else if (res.success) {
        message.success(res.message || '操作成功');
      } else {
        message.warning(res.message || '文件上传失败');
      }
      setFiles([]);
      onClose();
      onImported();
    } catch {
      message.error('文件上传失败');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      title="导入EXCEL"
      open={open}
      width={600}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="upload" type="primary" disabled={files.length === 0} loading={uploading} onClick={submit}>
          {uploading ? '上传中...' : '开始上传'}
        </Button>,
      ]}
    >
      <Upload
        accept=".xls,.xlsx"
        multiple
        fileList={files}
        beforeUpload={(file) => {
          setFiles((prev) => [...prev, { uid: file.uid, name: file.name, originFileObj: file, status: 'done' }]);
          return false;
        }}
        onRemove={(file) => setFiles((prev) => prev.filter((f) => f.uid !== file.uid))}
      >
        <Button icon={<UploadOutlined />}>选择导入文件</Button>
      </Upload>
    </Modal>
  );
}
