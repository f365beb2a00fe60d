import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Feedback outside React components (HTTP client, session handling). The shell's <App> registers the
 * context-aware instances so notices follow the theme; before that (the sign-in pages, which carry no
 * design-system code) antd's static ones are loaded on first use and shown.
 */
interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalHookAPI;
}

let current: Feedback | null = null;
let statics: Promise<Feedback> | null = null;

export function registerFeedback(f: Feedback): void {
  current = f;
}

function loadStatics(): Promise<Feedback> {
  statics ??= import('./feedback-static').then((m) => m.staticFeedback);
  return statics;
}

/** Calls made before any instance is registered: forwarded once the static instances are loaded. */
function deferred<K extends keyof Feedback>(key: K): Feedback[K] {
  return new Proxy({} as Feedback[K], {
    get:
      (_target, method) =>
      (...args: unknown[]) => {
        void loadStatics().then((f) => {
          const target = (current ?? f)[key] as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>;
          target[method](...args);
        });
      },
  });
}

const pending: Feedback = { message: deferred('message'), notification: deferred('notification'), modal: deferred('modal') };

export const feedback = {
  get message(): MessageInstance {
    return current?.message ?? pending.message;
  },
  get notification(): NotificationInstance {
    return current?.notification ?? pending.notification;
  },
  get modal(): ModalHookAPI {
    return current?.modal ?? pending.modal;
  },
};
