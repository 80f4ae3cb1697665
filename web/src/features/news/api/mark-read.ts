import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES_PATHS } from '@pc/core/contracts/paths';
import type { MessagesReadAnswer, UnreadAnswer } from '@pc/core/contracts/messages';
import { http } from '../../../lib/http.ts';
import { unreadKey } from './keys.ts';

/** POST /api/messages/read with no payload: every notification of the partner is read now (docs/product.md#news-and-notifications). */
export const markMessagesRead = () => http.post<MessagesReadAnswer>(MESSAGES_PATHS.read);

/**
 * Marks the notifications read and puts the answer's counts into the badge at once. The list on screen keeps
 * its answer, so what was new stays highlighted for this visit.
 */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    // Failing to mark is not worth a dialog: the badge stays, and the next visit tries again.
    meta: { handles: [0, 400, 403, 404, 409, 422, 429, 500, 502, 503, 504] },
    onSuccess: (answer) => queryClient.setQueryData<UnreadAnswer>(unreadKey, answer.unread),
  });
}
