import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT, type ProductConfig } from '../product.ts';
import { productInForce, settingsEffectiveFrom, type ProductVersion } from './settings.ts';

const version = (from: string, minBytes: number): ProductVersion => ({
  from,
  product: { ...DEFAULT_PRODUCT, countedDownloadMinBytes: minBytes } as ProductConfig,
});
const versions = [version('2026-01-01T00:00:00.000Z', 1), version('2026-06-01T12:00:00.000Z', 2), version('2026-09-01T00:00:00.000Z', 3)];

describe('product settings in force at an event time', () => {
  it.each([
    { at: '2025-12-31T23:59:59.999Z', expected: DEFAULT_PRODUCT.countedDownloadMinBytes, why: 'before the first version: the defaults' },
    { at: '2026-01-01T00:00:00.000Z', expected: 1, why: 'a version is in force from its first millisecond' },
    { at: '2026-06-01T11:59:59.999Z', expected: 1, why: 'the earlier version until the next begins' },
    { at: '2026-06-01T12:00:00.000Z', expected: 2, why: 'the next version from its moment' },
    { at: '2026-11-21T00:00:00.000Z', expected: 3, why: 'the newest for anything after it' },
    { at: '2026-06-01T14:00:00+02:00', expected: 2, why: 'times with an offset compare as instants' },
  ])('$at: $why', ({ at, expected }) => {
    expect(productInForce(versions, at).countedDownloadMinBytes).toBe(expected);
  });

  it('is the newest version that began at or before the time, for any list and time', () => {
    const ms = fc.integer({ min: Date.parse('2025-01-01'), max: Date.parse('2027-01-01') });
    fc.assert(
      fc.property(fc.uniqueArray(ms, { maxLength: 6 }), ms, (starts, at) => {
        const list = [...starts].sort((a, b) => a - b).map((s, i) => version(new Date(s).toISOString(), i + 1));
        const began = list.filter((v) => Date.parse(v.from) <= at);
        const expected = began.length ? began[began.length - 1]!.product : DEFAULT_PRODUCT;
        expect(productInForce(list, new Date(at).toISOString())).toBe(expected);
      }),
    );
  });

  it('a change takes effect once no accepted event can be dated after it (5 minutes)', () => {
    expect(settingsEffectiveFrom(new Date('2026-11-21T10:00:00Z')).toISOString()).toBe('2026-11-21T10:05:00.000Z');
  });
});
