import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_UPLOAD_BIZ, ERROR_TEXTS } from '@go/contract';
import { Avatar, Button, Modal, Space, Upload } from 'antd';
import { useState } from 'react';
import { staticUrl } from '../../app/config';
import { feedback } from '../../app/feedback';
import { api, ApiError } from '../../app/http/api';
import { uploadAction } from '../../app/http/client';
import { useSession } from '../../app/session/store';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** The avatar rules (docs/contract.md, "Limits and constants"); returns the text to show or null when the file is acceptable. */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return ERROR_TEXTS.avatarType;
  if (file.size >= AVATAR_MAX_BYTES) return ERROR_TEXTS.avatarSize;
  return null;
}

/** 更换头像: current avatar, upload (folder oa/avatar), confirm; `seeOnly` hides the upload. */
export function AvatarModal({ open, onClose, seeOnly = false }: { open: boolean; onClose: () => void; seeOnly?: boolean }) {
  const userInfo = useSession((s) => s.userInfo);
  const [path, setPath] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const shown = path ?? userInfo?.avatar ?? null;

  const upload = async (file: File) => {
    const fd = new FormData();
    fd.append('file', file);
    fd.append('biz', AVATAR_UPLOAD_BIZ);
    setUploading(true);
    try {
      const res = await uploadAction('/sys/minio/uploadFile', fd);
      if (res.success) setPath(res.message);
      else feedback.message.error(res.message || ERROR_TEXTS.uploadUnknown);
    } catch {
      /* shown by the client */
    } finally {
      setUploading(false);
    }
  };

  const confirm = async () => {
    if (!path || !userInfo) {
      onClose();
      return;
    }
    try {
      await save();
    } catch {
      /* shown by the client */
    }
  };

  const save = async () => {
    if (!path || !userInfo) return;
    // Saves the avatar with the user info (/sys/updatelogout, see the glossary of docs/contract.md) and keeps the answer locally.
    let saved: { userInfo?: typeof userInfo } | null;
    try {
      saved = (await api.system.saveAvatar({ ...userInfo, avatar: path })) as { userInfo?: typeof userInfo } | null;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      feedback.message.warning(e.message);
      return;
    }
    useSession.getState().setUserInfo(saved?.userInfo ?? { ...userInfo, avatar: path });
    feedback.message.success(ERROR_TEXTS.success);
    setPath(null);
    onClose();
  };

  return (
    <Modal title="更换头像" open={open} width={420} onOk={confirm} onCancel={() => { setPath(null); onClose(); }} okText="确定" cancelText="取消" destroyOnHidden>
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        <Avatar size={104} src={shown ? staticUrl(shown) : undefined} icon={<UserOutlined />} data-testid="avatar-preview" />
        {!seeOnly && (
          <Upload
            accept="image/jpeg,image/png,image/gif"
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = avatarProblem(file);
              if (problem) {
                feedback.message.error(problem);
                return Upload.LIST_IGNORE;
              }
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading} data-testid="avatar-upload">
              选择图片
            </Button>
          </Upload>
        )}
      </Space>
    </Modal>
  );
}
