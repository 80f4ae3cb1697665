import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleOverviewAnswer } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';

export type { ConsoleOverviewAnswer };
export const OVERVIEW_SCOPE = 'console-overview';

/** GET /operator/v1/overview (overview.read): what the programme owes, earnings and sign-ups, the payouts waiting. */
export const getOverview = (signal?: AbortSignal) => operatorHttp.get<ConsoleOverviewAnswer>(CONSOLE_PATHS.overview, { signal });

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: [OVERVIEW_SCOPE] as const, queryFn: ({ signal }) => getOverview(signal), meta: SCREEN_READ_META, refetchInterval: 60_000 });

export const useOverview = () => useQuery(overviewQueryOptions());
