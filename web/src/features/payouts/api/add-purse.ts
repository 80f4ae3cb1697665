import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { PayoutSystem } from '@pc/core/product';
import type { PurseRow } from '@pc/core/contracts/payouts';
import { http } from '../../../lib/http.ts';
import { purseKeys, refreshQueries } from './keys.ts';

export interface AddPurseBody {
  type: PayoutSystem;
  /** The system's fields (PAYOUT_SYSTEM_FIELDS), as typed. */
  fields: Record<string, string>;
}

export interface AddPurseAnswer {
  data: PurseRow;
  /** "We sent a confirmation link to your e-mail", localized. */
  message: string;
}

/** POST /api/purse {type, ...fields}: a new wallet, waiting for its e-mailed confirmation link. */
export const addPurse = ({ type, fields }: AddPurseBody) =>
  http.post<AddPurseAnswer>(PAYOUT_PATHS.purse, { ...fields, type });

export function useAddPurse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPurse,
    // Refusals land on the form's fields; 403 (security code, frozen) stays with the app-wide check.
    meta: { handles: [400, 404, 409, 422, 429] },
    // Not awaited: the form closes on the server's answer, and the table catches up when its read comes back, so a
    // slow read never keeps the form open over a wallet that is already added.
    onSuccess: () => void refreshQueries(queryClient, purseKeys),
  });
}
