import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { wfApi } from '../../workflow/api';
import type { ApplyTarget } from '../../workflow/components/ApplyModal';

/**
 * Loading and saving an application of one form type: a new one becomes a draft (`/actBusiness/add`),
 * an existing draft, rejected or withdrawn one is edited (`/actBusiness/editForm`). `submit` saves and
 * then hands the application to the apply dialog.
 */
export function useApplication(tableName: string, open: boolean, businessId?: string, procDefId?: string) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [applyTarget, setApplyTarget] = useState<ApplyTarget | null>(null);
  const [savedId, setSavedId] = useState<string | undefined>(businessId);

  const existing = useQuery({
    queryKey: ['wfForm', { id: businessId }],
    enabled: open && !!businessId,
    staleTime: 0,
    queryFn: async () => {
      const res = await wfApi.getForm({ id: businessId });
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
  });

  /** Saves; answers the apply target or null when it failed. */
  const save = async (data: Record<string, unknown>): Promise<ApplyTarget | null> => {
    setSaving(true);
    try {
      const id = savedId ?? businessId;
      if (id) {
        const res = await wfApi.editDraft(id, data);
        if (!res.success) {
          message.error(res.message);
          return null;
        }
        const f = existing.data ?? {};
        return {
          id,
          tableId: String(f.tableId ?? ''),
          procDefId: (f.procDefId as string | null) ?? procDefId,
          title: String(data.title ?? f.title ?? ''),
        };
      }
      const res = await wfApi.addDraft(tableName, procDefId, data);
      if (!res.success) {
        message.error(res.message);
        return null;
      }
      setSavedId(res.result.id);
      return {
        id: res.result.id,
        tableId: res.result.tableId,
        procDefId: res.result.procDefId ?? procDefId,
        title: res.result.title,
      };
    } catch {
      return null;
    } finally {
      setSaving(false);
    }
  };

  return { existing, saving, save, applyTarget, setApplyTarget, savedId };
}
