import type { BusinessDetailsAnswer } from '@pc/core/contracts/statements';
import { STATEMENT_PATHS } from '@pc/core/contracts/statements-paths';
import { readCall } from '../../../lib/read-call.ts';
import { SETTINGS_SCOPE } from './mutation.ts';

/** GET /api/settings/business-details: the name or company, address, tax ID and VAT number printed on statements. */
export const businessDetails = readCall<BusinessDetailsAnswer>(SETTINGS_SCOPE[0], STATEMENT_PATHS.businessDetails);
export const getBusinessDetails = businessDetails.fetch;
export const businessDetailsQueryOptions = businessDetails.options;
export const useBusinessDetails = () => businessDetails.use({});
