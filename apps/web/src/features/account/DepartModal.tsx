import { ERROR_TEXTS, SESSION_TTL_MS } from '@go/contract';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { api, ApiError } from '../../app/http/api';
import { ls, STORAGE_KEYS } from '../../app/session/storage';
import { useSession, type UserInfo } from '../../app/session/store';

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}

/** 切换部门 (450 px, no ✕): confirm stores the new user info for 7 days and reloads. */
export function DepartModal({
  open,
  departs,
  currentOrgCode,
  onClose,
}: {
  open: boolean;
  departs: Depart[];
  currentOrgCode?: string | null;
  onClose: () => void;
}) {
  const [value, setValue] = useState<string | undefined>();
  const [error, setError] = useState(false);
  const userInfo = useSession((s) => s.userInfo);
  const current = departs.find((d) => d.orgCode === currentOrgCode);

  const submit = async () => {
    if (!value) {
      setError(true);
      return;
    }
    const res = await api.system.selectDepart.answer({ orgCode: value, username: userInfo?.username }).catch((e: unknown) => {
      if (e instanceof ApiError) return { result: null, message: e.message };
      throw e;
    });
    const picked = res.result?.userInfo as UserInfo | undefined;
    if (picked) {
      ls.set(STORAGE_KEYS.userInfo, picked, SESSION_TTL_MS);
      useSession.getState().setUserInfo(picked);
      onClose();
      window.location.reload();
    } else {
      feedback.message.warning(res.message);
    }
  };

  return (
    <Modal
      title={`部门切换（当前部门 : ${current?.departName ?? userInfo?.orgCodeTxt ?? ''}）`}
      open={open}
      width={450}
      closable={false}
      maskClosable={false}
      onOk={submit}
      onCancel={onClose}
      okText="确认"
      cancelText="关闭"
      destroyOnHidden
    >
      {departs.length === 0 ? (
        <div>{ERROR_TEXTS.noDepart}</div>
      ) : (
        <Form.Item label="部门选择" validateStatus={error ? 'error' : undefined} help={error ? '请选择部门' : undefined} style={{ marginBottom: 0 }}>
          <Select
            placeholder="请选择登录部门"
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(false);
            }}
            options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
            data-testid="depart-select"
          />
        </Form.Item>
      )}
    </Modal>
  );
}
