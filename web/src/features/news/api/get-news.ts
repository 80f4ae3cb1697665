import { MESSAGES_PATHS } from '@pc/core/contracts/paths';
import type { NewsAnswer } from '@pc/core/contracts/messages';
import { readCall } from '../../../lib/read-call.ts';
import { MESSAGES_SCOPE } from './keys.ts';

export interface PageParams {
  page: number;
  per_page: number;
}

/** GET /api/news: everyone's news and the partner's projects', newest first, a page at a time, with meta.unread. */
export const news = readCall<NewsAnswer, PageParams>(MESSAGES_SCOPE, MESSAGES_PATHS.news);
export const getNews = news.fetch;
export const newsQueryOptions = news.options;
export const useNews = news.use;

/** The user bar's latest news: the first item of the list (its own small page). */
export const LATEST_NEWS: PageParams = { page: 1, per_page: 1 };
