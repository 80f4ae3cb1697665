import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerSitesAnswer } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PARTNERS_SCOPE } from './keys.ts';

export type SitesAnswer = z.infer<typeof partnerSitesAnswer>;
export type SiteRow = SitesAnswer['data'][number];

/** GET /operator/v1/partners/{id}/sites: the partner's sites with their status (partners.read). */
export const getSites = (id: number, signal?: AbortSignal) => operatorHttp.get<SitesAnswer>(CONSOLE_PATHS.partnerSites(id), { signal });

export const sitesQueryOptions = (id: number) =>
  queryOptions({ queryKey: [PARTNERS_SCOPE, 'sites', id] as const, queryFn: ({ signal }) => getSites(id, signal), meta: SCREEN_READ_META });

export const useSites = (id: number, enabled = true) => useQuery({ ...sitesQueryOptions(id), enabled });
