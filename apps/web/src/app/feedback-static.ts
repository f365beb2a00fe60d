import { message, Modal, notification } from 'antd';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/** antd's static notices, used until the shell registers its context-aware ones (loaded on first use). */
export const staticFeedback = { message, notification, modal: Modal as unknown as ModalHookAPI };
