import { MESSAGES_PATHS } from '@pc/core/contracts/paths';

/** The query keys of news and notifications (readCall keys are [scope, path, params]). */
export const MESSAGES_SCOPE = 'messages';

export const unreadKey = [MESSAGES_SCOPE, MESSAGES_PATHS.unread] as const;
export const newsListKey = [MESSAGES_SCOPE, MESSAGES_PATHS.news] as const;
export const notificationsKey = [MESSAGES_SCOPE, MESSAGES_PATHS.notifications] as const;
export const articleKey = (id: string) => [MESSAGES_SCOPE, 'article', id] as const;
