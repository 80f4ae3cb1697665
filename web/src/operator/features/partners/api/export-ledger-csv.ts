import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, requestLanguage } from '../../../../lib/http.ts';
import { downloadText } from '../../../../lib/download.ts';
import { CONSOLE_PATHS, OPERATOR_API } from '../../../lib/http.ts';
import type { LedgerFilters } from './get-ledger.ts';

/** The file name the server gives the export (Content-Disposition), else one naming the partner. */
export function ledgerFileName(disposition: string | null, partnerId: number): string {
  const named = disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined;
  return named ?? `partner-${partnerId}-ledger.csv`;
}

/**
 * GET /operator/v1/partners/{id}/ledger.csv: every entry of the same filters as CSV, made by the server. Not through
 * the JSON layer: the answer is a file, handed to the browser as a download.
 */
export async function exportLedgerCsv({ id, filters }: { id: number; filters: LedgerFilters }): Promise<void> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, String(value));
  const qs = query.toString();
  let response: Response;
  try {
    response = await fetch(`${OPERATOR_API}${CONSOLE_PATHS.partnerLedgerCsv(id)}${qs ? `?${qs}` : ''}`, {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv', 'X-Localization': requestLanguage() },
    });
  } catch {
    throw new ApiRequestError(0, { code: 'network' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiRequestError(response.status, body);
  }
  downloadText(ledgerFileName(response.headers.get('content-disposition'), id), await response.text(), 'text/csv;charset=utf-8');
}

export function useExportLedgerCsv() {
  // A 401 still ends the session (query client); the rest is told by the page.
  return useMutation({ mutationFn: exportLedgerCsv, meta: { handles: [400, 403, 404, 422, 429] } });
}
