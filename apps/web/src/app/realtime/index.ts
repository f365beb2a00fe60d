export { REALTIME_KEYS, NOTICE_COMMANDS } from './keys';
export { onUserSocketMessage, useUserSocket, type UserSocketMessage } from './useUserSocket';
export { ReconnectingSocket, userSocketUrl, HEARTBEAT_MS, HEARTBEAT_TIMEOUT_MS, RECONNECT_MS } from './socket';
