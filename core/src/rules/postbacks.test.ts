import { describe, expect, it } from 'vitest';
import { nextPostbackAttempt, POSTBACK_RETRY_WINDOW_MS } from './postbacks.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('nextPostbackAttempt', () => {
  it('waits 1 min, 5, 15, 1 h, 3 h, then 6 h, the last try at 24 h, then gives up', () => {
    const first = new Date('2026-11-20T12:00:00Z');
    let now = first;
    const waits: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextPostbackAttempt(first, attempts, now);
      if (!next) break;
      waits.push(next.getTime() - now.getTime());
      now = next;
    }
    expect(waits).toEqual([MIN, 5 * MIN, 15 * MIN, HOUR, 3 * HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR, 24 * HOUR - (21 * MIN + HOUR + 3 * HOUR + 18 * HOUR)]);
    expect(now.getTime() - first.getTime()).toBe(POSTBACK_RETRY_WINDOW_MS);
  });

  it('a late attempt (the job was down) still stops at the end of the window', () => {
    const first = new Date('2026-11-20T12:00:00Z');
    expect(nextPostbackAttempt(first, 3, new Date('2026-11-21T11:59:00Z'))).toEqual(new Date('2026-11-21T12:00:00Z'));
    expect(nextPostbackAttempt(first, 3, new Date('2026-11-21T12:00:00Z'))).toBeNull();
    expect(nextPostbackAttempt(first, 9, new Date('2026-11-22T00:00:00Z'))).toBeNull();
  });
});
