import { PAYOUT_SYSTEMS } from '@pc/core/product';
import { OPERATOR_PAYOUT_STATUSES, QUEUE_SORTS } from '@pc/core/contracts/console-lists';
import { dayParam, oneOf } from '../../../../components/filters/url-state.ts';
import type { QueueParams } from '../api/get-queue.ts';

export const STATUSES = OPERATOR_PAYOUT_STATUSES;
export const WAITING = ['created', 'review', 'process'] as const;
export const SORT_FIELDS = ['created_at', 'amount', 'id'] as const;
const ANY = 'all';
export const SYSTEM_OPTIONS = [ANY, ...PAYOUT_SYSTEMS] as const;

/** A dollar amount typed in the filter (dot or comma) as micro-USD; anything else is no limit. */
export function usdToMicro(text: string | null): number | undefined {
  if (!text) return undefined;
  const n = Number(text.trim().replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 1_000_000) : undefined;
}

/** The queue's view of the URL (`?status=created,review&system=paypal&min=10&max=500&from=…&to=…&partner=…`) as the call's fields. */
export function queueParams(params: URLSearchParams, table: { page: number; per_page: number; sort_key: string; sort_dir: 'asc' | 'desc' }): QueueParams {
  const statuses = (params.get('status') ?? '').split(',').filter((s) => (STATUSES as readonly string[]).includes(s));
  const system = oneOf(params.get('system'), SYSTEM_OPTIONS, ANY);
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const partner = params.get('partner')?.trim();
  const batch = Number(params.get('batch'));
  const sort = `${table.sort_dir === 'desc' ? '-' : ''}${table.sort_key}`;
  return {
    ...(statuses.length ? { status: statuses.join(',') } : {}),
    ...(system !== ANY ? { system } : {}),
    ...(usdToMicro(params.get('min')) !== undefined ? { amount_min: usdToMicro(params.get('min')) } : {}),
    ...(usdToMicro(params.get('max')) !== undefined ? { amount_max: usdToMicro(params.get('max')) } : {}),
    // Days are UTC: from the first day's start to the last day's end.
    ...(from ? { created_after: `${from}T00:00:00.000Z` } : {}),
    ...(to ? { created_before: new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString() } : {}),
    ...(partner ? { partner } : {}),
    ...(Number.isInteger(batch) && batch > 0 ? { batch_id: batch } : {}),
    sort: (QUEUE_SORTS as readonly string[]).includes(sort) ? sort : 'created_at',
    page: table.page,
    per_page: table.per_page,
  };
}
