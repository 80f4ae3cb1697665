import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import type { sessionsAnswer } from '@pc/core/contracts/settings';
import type { z } from 'zod';
import { readCall } from '../../../lib/read-call.ts';
import { SETTINGS_SCOPE } from './mutation.ts';

/** GET /api/settings/sessions: the partner's signed-in sessions, the current one marked. */
export type SessionsAnswer = z.infer<typeof sessionsAnswer>;
export const sessions = readCall<SessionsAnswer>(SETTINGS_SCOPE[0], SETTINGS_PATHS.sessions);
export const getSessions = sessions.fetch;
export const sessionsQueryOptions = sessions.options;
export const useSessions = () => sessions.use({});
