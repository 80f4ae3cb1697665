import { HELP_CENTER_PATHS } from '@pc/core/contracts/paths';
import type { LinksAnswer } from '@pc/core/contracts/help-center';
import { readCall } from './read-call.ts';

/**
 * GET /api/links: the help centre, support, "Write us" and messenger links as the server is configured
 * (decision 0121). A link that is not configured is null and is not shown; nothing falls back to a made-up address.
 */
export const supportLinks = readCall<LinksAnswer>('links', HELP_CENTER_PATHS.links);
export const useSupportLinks = () => supportLinks.use({});
