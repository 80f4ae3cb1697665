import { PARTNER_LEDGER_KINDS, PARTNER_LEDGER_SOURCES } from '@pc/core/contracts/console-lists';
import { PROJECTS } from '@pc/core/projects';
import { dayParam, oneOf } from '../../../../components/filters/url-state.ts';
import type { LedgerFilters } from '../api/get-ledger.ts';

const ANY = 'all';
export const KIND_OPTIONS = [ANY, ...PARTNER_LEDGER_KINDS] as const;
export const SOURCE_OPTIONS = [ANY, ...PARTNER_LEDGER_SOURCES] as const;
export const PROJECT_OPTIONS = [ANY, ...PROJECTS] as const;

/** The ledger's view of the URL (`?kind=earning&source=files&project=fd1&from=…&to=…`) as the call's filters. */
export function ledgerFilters(params: URLSearchParams): LedgerFilters {
  const kind = oneOf(params.get('kind'), KIND_OPTIONS, ANY);
  const source = oneOf(params.get('source'), SOURCE_OPTIONS, ANY);
  const project = oneOf(params.get('project'), PROJECT_OPTIONS, ANY);
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  return {
    ...(kind !== ANY ? { kind } : {}),
    ...(source !== ANY ? { source } : {}),
    ...(project !== ANY ? { project } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}
