/** Query keys the user socket refreshes. */
export const REALTIME_KEYS = {
  /** The to-do badge of the layout (`['todoBadge', routeKey]`); any message refreshes it. */
  todoBadge: ['todoBadge'] as const,
  /** The bell's unread notices (listByUser); `topic` and `user` commands reload them. */
  notices: ['announcement', 'listByUser'] as const,
};

/** Commands on the user socket that mean "your notices changed". */
export const NOTICE_COMMANDS = new Set(['topic', 'user']);
