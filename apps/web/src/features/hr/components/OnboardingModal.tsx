import { App, Checkbox, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { postAction } from '../../../app/http/client';
import type { Row } from '../../../components/list/types';
import { HR_URL } from './hr-api';

type Item = { name: string; done: boolean };

/** 入职清单 of a new hire: tick what is done before the entry. */
export function OnboardingModal({ record, onClose }: { record?: Row; onClose: (saved: boolean) => void }) {
  const { message } = App.useApp();
  const [items, setItems] = useState<Item[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setItems(Array.isArray(record?.onboarding) ? (record.onboarding as Item[]) : []);
  }, [record]);
  const save = async () => {
    setSaving(true);
    try {
      const res = await postAction(HR_URL.onboarding, { id: record?.id, items });
      if (res.success) {
        message.success(res.message);
        onClose(true);
      } else message.warning(res.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={`入职清单：${String(record?.realname ?? '')}`} open={!!record} onCancel={() => onClose(false)} onOk={() => void save()} confirmLoading={saving} destroyOnHidden>
      <Space direction="vertical">
        {items.map((it, i) => (
          <Checkbox key={it.name} checked={it.done} onChange={(e) => setItems(items.map((x, j) => (j === i ? { ...x, done: e.target.checked } : x)))}>
            {it.name}
          </Checkbox>
        ))}
      </Space>
    </Modal>
  );
}
