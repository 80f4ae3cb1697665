import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/product.md#dialogs-and-messages: "the security code was changed at {changedAt}; the action will be allowed at {allowedAt}". */
export function frozenMessage(
  t: TFunction,
  changedAt: unknown,
  allowedAt: unknown,
  now = Date.now(),
): string {
  const changed = typeof changedAt === 'string' ? formatDateTime(changedAt) : '';
  const allowed = typeof allowedAt === 'string' ? formatDateTime(allowedAt) : '';
  const text = t('dialogs:security.frozen', { changedAt: changed, allowedAt: allowed });
  if (typeof allowedAt !== 'string') return text;
  const days = Math.ceil((Date.parse(allowedAt) - now) / DAY_MS);
  return days > 0 ? `${text} ${t('dialogs:security.daysLeft', { count: days })}` : text;
}
