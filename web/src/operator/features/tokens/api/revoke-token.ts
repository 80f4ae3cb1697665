import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorTokenView } from '@pc/core/contracts/staff';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { TOKENS_SCOPE } from './get-tokens.ts';

/** DELETE /operator/v1/tokens/{id}: the token stops working at once; its row stays, marked revoked. */
export const revokeToken = (id: number) => operatorHttp.delete<OperatorTokenView>(CONSOLE_PATHS.token(id));

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    meta: { handles: [400, 403, 404, 409] },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [TOKENS_SCOPE] }), queryClient.invalidateQueries({ queryKey: ['console-audit'] })]),
  });
}
