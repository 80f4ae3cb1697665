import { formatDate } from '../../../lib/format.ts';

/** A cohort's month (`YYYY-MM`, UTC) in the interface language: "March 2026", or "Mar 26" when short. */
export function formatCohortMonth(month: string, short = false): string {
  return formatDate(`${month}-01T00:00:00Z`, undefined, { year: short ? '2-digit' : 'numeric', month: short ? 'short' : 'long', timeZone: 'UTC' });
}
