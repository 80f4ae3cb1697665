import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorTokenView } from '@pc/core/contracts/staff';
import type { StaffRole } from '@pc/core/rules/staff-access';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { TOKENS_SCOPE } from './get-tokens.ts';

export interface CreateTokenAnswer {
  token: OperatorTokenView;
  /** `pco_…`, answered this once: the server keeps only its hash. */
  secret: string;
}

/** POST /operator/v1/tokens {name, role}: a named token for automation, acting with the role's permissions. */
export const createToken = (body: { name: string; role: StaffRole }) => operatorHttp.post<CreateTokenAnswer>(CONSOLE_PATHS.tokens, { ...body });

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    meta: { handles: [400, 403, 409, 422] },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [TOKENS_SCOPE] }), queryClient.invalidateQueries({ queryKey: ['console-audit'] })]),
  });
}
