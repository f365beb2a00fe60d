import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import type { Definition } from '../../workflow/api';
import { findFormType } from '../../workflow/formTypes';
import { WF_TEXTS } from '../../workflow/texts';
import { HOME_QUERIES } from '../home-data';

/**
 * Opens the editor of a process's form for a new application (as 我的申请's 发起申请 does); a process
 * whose form type has no editor shows the start menu's warning.
 */
export default function HomeApplyLauncher({ def, onClose }: { def: Definition; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const Editor = findFormType(def.businessTable, def.routeName)?.Editor;
  useEffect(() => {
    if (Editor) return;
    message.warning(WF_TEXTS.noForm);
    onClose();
  }, [Editor, message, onClose]);
  if (!Editor) return null;
  return (
    <Editor
      open
      procDefId={def.id}
      onClose={(changed) => {
        onClose();
        if (changed) {
          void queryClient.invalidateQueries({ queryKey: HOME_QUERIES.applications.queryKey });
          void queryClient.invalidateQueries({ queryKey: ['wfMyApps'] });
        }
      }}
    />
  );
}
