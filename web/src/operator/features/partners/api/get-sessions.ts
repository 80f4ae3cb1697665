import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerSessionsAnswer } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PARTNERS_SCOPE } from './keys.ts';

export type SessionsAnswer = z.infer<typeof partnerSessionsAnswer>;
export type SessionRow = SessionsAnswer['data'][number];

/** GET /operator/v1/partners/{id}/sessions: the partner's sign-ins, their own and staff's read-only views (partners.sessions). */
export const getSessions = (id: number, signal?: AbortSignal) => operatorHttp.get<SessionsAnswer>(CONSOLE_PATHS.partnerSessions(id), { signal });

export const sessionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: [PARTNERS_SCOPE, 'sessions', id] as const, queryFn: ({ signal }) => getSessions(id, signal), meta: SCREEN_READ_META });

export const useSessions = (id: number, enabled = true) => useQuery({ ...sessionsQueryOptions(id), enabled });
