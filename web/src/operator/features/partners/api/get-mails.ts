import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerMailsAnswer } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PARTNERS_SCOPE } from './keys.ts';

export type MailsAnswer = z.infer<typeof partnerMailsAnswer>;
export type MailRow = MailsAnswer['data'][number];

/** GET /operator/v1/partners/{id}/mails: the mails sent to the partner's address (what and when, never bodies or links) (partners.read). */
export const getMails = (id: number, signal?: AbortSignal) => operatorHttp.get<MailsAnswer>(CONSOLE_PATHS.partnerMails(id), { signal });

export const mailsQueryOptions = (id: number) =>
  queryOptions({ queryKey: [PARTNERS_SCOPE, 'mails', id] as const, queryFn: ({ signal }) => getMails(id, signal), meta: SCREEN_READ_META });

export const useMails = (id: number, enabled = true) => useQuery({ ...mailsQueryOptions(id), enabled });
