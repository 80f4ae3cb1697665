import { MESSAGES_PATHS } from '@pc/core/contracts/paths';
import type { NotificationsAnswer } from '@pc/core/contracts/messages';
import { readCall } from '../../../lib/read-call.ts';
import { MESSAGES_SCOPE } from './keys.ts';
import type { PageParams } from './get-news.ts';

/** GET /api/notifications: the partner's own and everyone's, newest first, with read flags and meta.unread. */
export const notifications = readCall<NotificationsAnswer, PageParams>(MESSAGES_SCOPE, MESSAGES_PATHS.notifications);
export const getNotifications = notifications.fetch;
export const notificationsQueryOptions = notifications.options;
export const useNotifications = notifications.use;
