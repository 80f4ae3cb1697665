/** One changed value of an audit row: its key (empty when the row's before and after are not objects). */
export interface DiffEntry {
  key: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an action changed: for objects, each key whose value differs (added and removed keys too), in key order;
 * otherwise the two values as one entry. Nothing when before and after are both empty.
 */
export function diffEntries(before: unknown, after: unknown): DiffEntry[] {
  const b = before ?? null;
  const a = after ?? null;
  if (b === null && a === null) return [];
  if ((isRecord(b) || b === null) && (isRecord(a) || a === null)) {
    const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].sort();
    return keys
      .filter((key) => !same(b?.[key], a?.[key]))
      .map((key) => ({ key, before: b?.[key] ?? null, after: a?.[key] ?? null }));
  }
  return same(b, a) ? [] : [{ key: '', before: b, after: a }];
}

/** A value as the diff shows it: text as it is, anything else as compact JSON, nothing as null. */
export function diffValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
