import type { OperatorTokenView } from '@pc/core/contracts/staff';
import { readCall } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';

export const TOKENS_SCOPE = 'console-tokens';

export interface TokensAnswer {
  data: OperatorTokenView[];
}

/** GET /operator/v1/tokens: every named API token, revoked ones too (tokens.manage). */
export const tokensList = readCall<TokensAnswer>(TOKENS_SCOPE, CONSOLE_PATHS.tokens, operatorHttp);
export const getTokens = tokensList.fetch;
export const tokensQueryOptions = tokensList.options;
export const useTokens = () => tokensList.use({});
