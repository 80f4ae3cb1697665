import { POSTBACK_PATHS } from '@pc/core/contracts/paths';
import type { PostbacksAnswer } from '@pc/core/contracts/postbacks';
import { readCall } from '../../../lib/read-call.ts';

/** Every postbacks read starts with this scope: saving, removing, testing or rotating reads it again. */
export const POSTBACKS_SCOPE = 'postbacks';

/** GET /api/postbacks: the signing secret and, per project, the URL and the latest 50 deliveries (decision 0123). */
export const postbacksState = readCall<PostbacksAnswer>(POSTBACKS_SCOPE, POSTBACK_PATHS.postbacks);
export const usePostbacks = () => postbacksState.use({});
