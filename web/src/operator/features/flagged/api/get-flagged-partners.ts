import type { FlaggedPartnerRow, FlaggedPartnersAnswer } from '@pc/core/contracts/console-flagged';
import { readCall } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { FLAGGED_SCOPE } from './keys.ts';

export type { FlaggedPartnerRow, FlaggedPartnersAnswer };

/** The period and flags both calls take (days YYYY-MM-DD, UTC). */
export interface FlaggedFilters {
  date_from: string;
  date_to: string;
  project?: string;
  kind?: string;
}

export interface FlaggedPartnersParams extends FlaggedFilters {
  partner?: string;
  sort?: string;
  page: number;
  per_page: number;
}

/** GET /operator/v1/flagged-sales: one page of the partners with flagged sales in the period (flagged.read). */
export const flaggedPartnersCall = readCall<FlaggedPartnersAnswer, FlaggedPartnersParams>(FLAGGED_SCOPE, CONSOLE_PATHS.flagged, operatorHttp);
export const getFlaggedPartners = flaggedPartnersCall.fetch;
export const flaggedPartnersQueryOptions = flaggedPartnersCall.options;
export const useFlaggedPartners = flaggedPartnersCall.use;
