import { FLAGGED_KINDS, FLAGGED_SORTS, type FlaggedKind, type FlaggedSort } from '@pc/core/contracts/console-lists-flagged';
import { resolveRange } from '@pc/core/contracts/ranges';
import { PROJECTS } from '@pc/core/projects';
import type { RangeQuery } from '../../../../components/filters/range.ts';
import { oneOf } from '../../../../components/filters/url-state.ts';
import type { FlaggedFilters } from '../api/get-flagged-partners.ts';

const ANY = 'all';
export const PROJECT_OPTIONS = [ANY, ...PROJECTS] as const;
export const KIND_OPTIONS = FLAGGED_KINDS;
export const SORT_OPTIONS = FLAGGED_SORTS;

/**
 * The section's view of the URL (`?period=7d` or `?from=…&to=…`, `&project=fd1&kind=fraud`) as the calls' filters:
 * a named period becomes its days here, so the list and a partner's sales ask for exactly the same days.
 */
export function flaggedFilters(params: URLSearchParams, range: RangeQuery, now = new Date()): FlaggedFilters & { kind: FlaggedKind } {
  const days = resolveRange(range, now);
  const project = oneOf(params.get('project'), PROJECT_OPTIONS, ANY);
  const kind = oneOf(params.get('kind'), KIND_OPTIONS, 'both');
  return { date_from: days.from, date_to: days.to, ...(project !== ANY ? { project } : {}), kind };
}

export const sortOf = (params: URLSearchParams): FlaggedSort => oneOf(params.get('sort'), SORT_OPTIONS, 'share');

/** The URL fields the partner's page keeps from the list (the same period and flags). */
export function keptFilters(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ['period', 'from', 'to', 'project', 'kind']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** A share in basis points as a percentage in the user's locale (7,500 → 75%). */
export const shareOf = (bp: number) => bp / 10_000;
