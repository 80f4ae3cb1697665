import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fileHints, fileHintsChangeAt, type FileHintInput } from './file-hints.ts';

const now = '2026-06-30T12:00:00Z';
const base: FileHintInput = {
  uploadedAt: '2026-01-01T00:00:00Z',
  lastDownloadAt: '2026-06-29T00:00:00Z',
  downloads: 50,
  purchases: 0,
  downloadsLast7d: 5,
  downloadsPrevious7d: 5,
};

describe('file hints', () => {
  it.each([
    { label: 'an ordinary file has none', file: {}, hints: [] },
    { label: 'plus: uploaded 9 days 23 hours ago', file: { uploadedAt: '2026-06-20T13:00:00Z' }, hints: ['plus'] },
    { label: 'no plus at exactly 10 days', file: { uploadedAt: '2026-06-20T12:00:00Z' }, hints: [] },
    { label: 'up: 101 downloads', file: { downloads: 101 }, hints: ['up'] },
    { label: 'no up at exactly 100 downloads', file: { downloads: 100 }, hints: [] },
    { label: 'up: one purchase', file: { purchases: 1 }, hints: ['up'] },
    { label: 'down: 4 this week against 5', file: { downloadsLast7d: 4 }, hints: ['down'] },
    { label: 'no down when equal or rising', file: { downloadsLast7d: 6 }, hints: [] },
    { label: 'minus: last download 30 days ago', file: { lastDownloadAt: '2026-05-31T12:00:00Z', downloadsLast7d: 0, downloadsPrevious7d: 0 }, hints: ['minus'] },
    { label: 'no minus at 29 days', file: { lastDownloadAt: '2026-06-01T12:00:00Z', downloadsLast7d: 0, downloadsPrevious7d: 0 }, hints: [] },
    { label: 'minus: never downloaded and uploaded 30 days ago', file: { uploadedAt: '2026-05-31T12:00:00Z', lastDownloadAt: null }, hints: ['minus'] },
    { label: 'a new file never downloaded is not minus', file: { uploadedAt: '2026-06-28T00:00:00Z', lastDownloadAt: null, downloads: 0 }, hints: ['plus'] },
    {
      label: 'several at once, in order',
      file: { uploadedAt: '2026-06-25T00:00:00Z', purchases: 3, downloadsLast7d: 1, downloadsPrevious7d: 2 },
      hints: ['plus', 'up', 'down'],
    },
  ])('$label', ({ file, hints }) => {
    expect(fileHints({ ...base, ...file }, now)).toEqual(hints);
  });
});

describe('when a file\'s hints next change', () => {
  it.each([
    { label: 'an old file downloaded yesterday: minus starts 30 days after that download', file: {}, at: '2026-07-29T00:00:00.000Z' },
    { label: 'a new file: plus ends 10 days after its upload', file: { uploadedAt: '2026-06-25T08:00:00Z' }, at: '2026-07-05T08:00:00.000Z' },
    {
      label: 'never downloaded and new: plus ends before minus starts',
      file: { uploadedAt: '2026-06-28T00:00:00Z', lastDownloadAt: null },
      at: '2026-07-08T00:00:00.000Z',
    },
    { label: 'already minus and no longer new: nothing changes with time', file: { lastDownloadAt: '2026-05-01T00:00:00Z' }, at: null },
    { label: 'minus starting exactly now has already changed', file: { lastDownloadAt: '2026-05-31T12:00:00Z' }, at: null },
  ])('$label', ({ file, at }) => {
    expect(fileHintsChangeAt({ ...base, ...file }, now)?.toISOString() ?? null).toBe(at);
  });

  const DAY = 86_400_000;
  const start = Date.parse('2026-01-01T00:00:00Z');
  const moment = fc.integer({ min: 0, max: 200 * DAY }).map((ms) => new Date(start + ms));
  const file = fc.record({
    uploadedAt: moment,
    lastDownloadAt: fc.option(moment, { nil: null }),
    downloads: fc.nat(300),
    purchases: fc.nat(3),
    downloadsLast7d: fc.nat(20),
    downloadsPrevious7d: fc.nat(20),
  });

  it('hints stay as they are until that moment and differ at it; with no moment they never change', () => {
    fc.assert(
      fc.property(file, moment, fc.double({ min: 0, max: 1, noNaN: true }), (f, at, fraction) => {
        const hints = fileHints(f, at);
        const change = fileHintsChangeAt(f, at);
        if (change === null) {
          // Any later moment, up to well past every threshold, shows the same hints.
          const later = new Date(at.getTime() + Math.round(fraction * 400 * DAY));
          expect(fileHints(f, later)).toEqual(hints);
          return;
        }
        expect(change.getTime()).toBeGreaterThan(at.getTime());
        const before = new Date(at.getTime() + Math.floor(fraction * (change.getTime() - at.getTime() - 1)));
        expect(fileHints(f, before)).toEqual(hints);
        expect(fileHints(f, new Date(change.getTime() - 1))).toEqual(hints);
        expect(fileHints(f, change)).not.toEqual(hints);
      }),
    );
  });
});
