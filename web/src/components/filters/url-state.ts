import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ParamPatch = Record<string, string | number | null | undefined>;

/**
 * A screen's view state in the URL query, so that a reload or a shared link shows the same view and the
 * browser's back and forward step through it. Changing a filter starts the table at its first page again.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ParamPatch, { resetPage = true }: { resetPage?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage && !('page' in patch)) next.delete('page');
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [params, update] as const;
}

/** A value of the URL that must be one of a closed set; anything else reads as the default. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function dayParam(value: string | null): string | undefined {
  return value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined;
}

export function intParam(value: string | null, fallback: number, min: number, max: number): number {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}
