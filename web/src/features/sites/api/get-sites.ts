import type { z } from 'zod';
import { SITES_PATHS } from '@pc/core/contracts/paths';
import type { SitesAnswer, sitesQuery } from '@pc/core/contracts/sites';
import { readCall } from '../../../lib/read-call.ts';

/** The query keys of the sites page start with this scope: every write refreshes them. */
export const SITES_SCOPE = 'sites';

/** GET /api/sites?app=: the partner's sites in a project, how to verify them, and the promo link. */
export type SitesParams = z.input<typeof sitesQuery>;
export const sites = readCall<SitesAnswer, SitesParams>(SITES_SCOPE, SITES_PATHS.sites);
export const getSites = sites.fetch;
export const sitesQueryOptions = sites.options;
export const useSites = sites.use;
