import { describe, expect, it } from 'vitest';
import { diffEntries, diffValue } from './diff.ts';

describe('audit diff', () => {
  it('lists the keys that changed, were added or removed, in key order', () => {
    expect(diffEntries({ role: 'support', name: 'Ann', lang: 'en' }, { role: 'finance', name: 'Ann', disabled: true })).toEqual([
      { key: 'disabled', before: null, after: true },
      { key: 'lang', before: 'en', after: null },
      { key: 'role', before: 'support', after: 'finance' },
    ]);
  });

  it('an action with only an after (a creation) lists every key of it', () => {
    expect(diffEntries(null, { name: 'ci', role: 'finance' })).toEqual([
      { key: 'name', before: null, after: 'ci' },
      { key: 'role', before: null, after: 'finance' },
    ]);
  });

  it('values that are not objects are one entry; equal or empty ones none', () => {
    expect(diffEntries('created', 'review')).toEqual([{ key: '', before: 'created', after: 'review' }]);
    expect(diffEntries(null, null)).toEqual([]);
    expect(diffEntries({ a: [1] }, { a: [1] })).toEqual([]);
  });

  it('shows text as it is and other values as JSON', () => {
    expect(diffValue('x')).toBe('x');
    expect(diffValue({ filters: { action: 'payout.' } })).toBe('{"filters":{"action":"payout."}}');
    expect(diffValue(null)).toBeNull();
  });
});
