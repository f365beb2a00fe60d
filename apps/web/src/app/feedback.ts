import { message as staticMessage, Modal as StaticModal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Feedback outside React components (HTTP client, session handling). The shell's <App> registers the
 * context-aware instances so notices follow the theme; before that the static ones are used.
 */
interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalHookAPI;
}

let current: Feedback | null = null;

export function registerFeedback(f: Feedback): void {
  current = f;
}

export const feedback = {
  get message(): MessageInstance {
    return current?.message ?? staticMessage;
  },
  get notification(): NotificationInstance {
    return current?.notification ?? staticNotification;
  },
  get modal(): ModalHookAPI {
    return current?.modal ?? (StaticModal as unknown as ModalHookAPI);
  },
};
