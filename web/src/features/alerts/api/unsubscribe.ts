import { useMutation } from '@tanstack/react-query';
import { ALERT_PATHS } from '@pc/core/contracts/paths';
import type { UnsubscribeAnswer } from '@pc/core/contracts/alerts';
import { http } from '../../../lib/http.ts';

/**
 * POST /api/alerts/unsubscribe?token=…: the signed token of an alert mail's link switches that kind of alert off.
 * No session is needed (decision 0124).
 */
export const unsubscribe = (token: string) => http.post<UnsubscribeAnswer>(ALERT_PATHS.unsubscribe, {}, { query: { token } });

export function useUnsubscribe() {
  return useMutation({
    mutationFn: unsubscribe,
    // An invalid link is the page's own state; 5xx still raises the app-wide dialog.
    meta: { handles: [400, 404, 422, 429] },
  });
}
