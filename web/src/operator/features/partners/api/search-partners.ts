import type { z } from 'zod';
import type { partnerRow, partnersAnswer } from '@pc/core/contracts/console';
import { readCall } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PARTNERS_SCOPE } from './keys.ts';

export type PartnersAnswer = z.infer<typeof partnersAnswer>;
export type PartnerRow = z.infer<typeof partnerRow>;

/** What the search sends: the query (none: the newest partners) and the page. */
export interface PartnersParams {
  q?: string;
  page: number;
  per_page: number;
}

/** GET /operator/v1/partners?q=: partners whose e-mail, id, name, wallet, site or sign-in address matches (partners.read). */
export const partnersCall = readCall<PartnersAnswer, PartnersParams>(PARTNERS_SCOPE, CONSOLE_PATHS.partners, operatorHttp);
export const searchPartners = partnersCall.fetch;
export const partnersQueryOptions = partnersCall.options;
export const usePartners = partnersCall.use;
