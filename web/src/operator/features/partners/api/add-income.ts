import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerIncomeBody } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPartners } from './keys.ts';

export type IncomeBody = z.infer<typeof partnerIncomeBody>;

/**
 * POST /operator/v1/partners/{id}/additional-income (additional_income.write): `amount` micro-USD (negative to take
 * back) to one project of the partner, available at once.
 */
export const addIncome = ({ id, body }: { id: number; body: IncomeBody }) =>
  operatorHttp.post<{ id: number; amount: number; replayed: boolean }>(CONSOLE_PATHS.partnerIncome(id), { ...body });

export function useAddIncome() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addIncome, meta: CHANGE_META, onSettled: () => refreshPartners(queryClient) });
}
