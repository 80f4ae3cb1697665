import { STATEMENT_PATHS } from '@pc/core/contracts/statements-paths';
import { API_BASE } from '../../../lib/http.ts';

export type SummaryFormat = 'pdf' | 'csv';

/** GET /api/payouts/summary/{year}.{pdf|csv}: a calendar year's summary, downloaded by the browser itself (a link). */
export const yearlySummaryUrl = (year: number, format: SummaryFormat, lang: string) =>
  `${API_BASE}${STATEMENT_PATHS.yearly.replace(':year', String(year)).replace(':format', format)}?lang=${encodeURIComponent(lang)}`;
