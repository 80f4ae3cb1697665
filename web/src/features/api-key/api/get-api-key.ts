import { API_KEY_PATHS } from '@pc/core/contracts/paths';
import type { ApiKeyStateAnswer } from '@pc/core/contracts/webmaster';
import { readCall } from '../../../lib/read-call.ts';

/** Every read of the API key page starts with this scope: creating, rotating or revoking reads them again. */
export const API_KEY_SCOPE = 'api-key';

/** GET /api/api-key: whether the partner has a key, what is shown of it, and the calls a minute it may make. */
export const apiKeyState = readCall<ApiKeyStateAnswer>(API_KEY_SCOPE, API_KEY_PATHS.apiKey);
export const useApiKeyState = () => apiKeyState.use({});
