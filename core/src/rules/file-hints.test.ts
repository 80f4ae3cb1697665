import { describe, expect, it } from 'vitest';
import { fileHints, type FileHintInput } from './file-hints.ts';

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
