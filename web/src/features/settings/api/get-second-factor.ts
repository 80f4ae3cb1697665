import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import type { SecondFactorStatusAnswer } from '@pc/core/contracts/second-factor';
import { readCall } from '../../../lib/read-call.ts';
import { SETTINGS_SCOPE } from './mutation.ts';

/** GET /api/settings/second-factor: the authenticator (on or off, recovery codes left) and the passkeys. */
export type { SecondFactorStatusAnswer };
export const secondFactor = readCall<SecondFactorStatusAnswer>(SETTINGS_SCOPE[0], SECOND_FACTOR_PATHS.status);
export const getSecondFactor = secondFactor.fetch;
export const secondFactorQueryOptions = secondFactor.options;
export const useSecondFactor = () => secondFactor.use({});
