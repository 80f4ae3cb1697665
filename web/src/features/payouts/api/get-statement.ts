import { STATEMENT_PATHS } from '@pc/core/contracts/statements-paths';
import { API_BASE } from '../../../lib/http.ts';

/**
 * GET /api/payouts/{id}/statement.pdf: a completed payout's statement, downloaded by the browser itself (a link:
 * the session cookie goes with it), in the language the cabinet is shown in.
 */
export const statementUrl = (id: number, lang: string) =>
  `${API_BASE}${STATEMENT_PATHS.statement.replace(':id', String(id))}?lang=${encodeURIComponent(lang)}`;
