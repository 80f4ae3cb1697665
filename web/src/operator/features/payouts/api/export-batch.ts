import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { queueExportAnswer } from '@pc/core/contracts/console';
import type { PayoutSystem } from '@pc/core/product';
import type { FormBody } from '../../../../lib/http.ts';
import { downloadText } from '../../../../lib/download.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPayouts } from './keys.ts';

export type ExportAnswer = z.infer<typeof queueExportAnswer>;

/**
 * POST /operator/v1/queue/payouts/export (payouts.export): the picked requests of one payout system become a batch;
 * the answer carries the batch file, handed to the browser as a download under its own name.
 */
export async function exportBatch({ ids, system }: { ids: number[]; system: PayoutSystem }): Promise<ExportAnswer> {
  // The operator API takes JSON: the list goes as it is.
  const answer = await operatorHttp.post<ExportAnswer>(CONSOLE_PATHS.queueExport, { ids, system } as unknown as FormBody);
  downloadText(answer.file.name, answer.file.content, answer.file.content_type.startsWith('text/csv') ? answer.file.content_type : 'text/csv;charset=utf-8');
  return answer;
}

export function useExportBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: exportBatch, meta: CHANGE_META, onSettled: () => refreshPayouts(queryClient) });
}
