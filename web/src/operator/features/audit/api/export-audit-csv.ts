import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, requestLanguage } from '../../../../lib/http.ts';
import { downloadText } from '../../../../lib/download.ts';
import { CONSOLE_PATHS, OPERATOR_API } from '../../../lib/http.ts';
import type { AuditFilters } from './get-audit.ts';

/** The file name the server gives the export (Content-Disposition), else a dated one. */
export function exportFileName(disposition: string | null, now = new Date()): string {
  const named = disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined;
  return named ?? `audit-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /operator/v1/audit.csv: every row of the same filters as CSV, made by the server (the export itself is
 * audited). Not through the JSON layer: the answer is a file, handed to the browser as a download.
 */
export async function exportAuditCsv(filters: AuditFilters): Promise<void> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, String(value));
  const qs = query.toString();
  let response: Response;
  try {
    response = await fetch(`${OPERATOR_API}${CONSOLE_PATHS.auditCsv}${qs ? `?${qs}` : ''}`, {
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
  downloadText(exportFileName(response.headers.get('content-disposition')), await response.text(), 'text/csv;charset=utf-8');
}

export function useExportAuditCsv() {
  // A 401 still ends the session (query client); the rest is told by the page.
  return useMutation({ mutationFn: exportAuditCsv, meta: { handles: [400, 403, 422, 429] } });
}
