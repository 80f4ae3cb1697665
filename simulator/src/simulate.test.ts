import { describe, expect, it } from 'vitest';
import type { IngestEventInput, ProjectId } from '@pc/core';
import type { Send } from './sender.ts';
import { plansOf, sendHistory } from './simulate.ts';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

/** A file host's ingest stand-in that keeps every event it is sent. */
function collector() {
  const events: Array<IngestEventInput & { project: ProjectId }> = [];
  const send: Send = async (project, batch) => {
    events.push(...batch.map((e) => ({ ...e, project })));
    return { accepted: batch.length, duplicates: 0, rejected: 0, results: [] };
  };
  return { events, send };
}

describe('sendHistory', () => {
  it('plays a partner who registered within the history from the next UTC day on, the others from the first day', async () => {
    const since = Date.parse('2026-11-10T15:30:00Z');
    const plans = plansOf(
      [
        { key: 'old', app: { fd1: 1, fd2: 2 } },
        { key: 'new', app: { fd1: 3, fd2: 4 }, since },
      ],
      'test',
      0.3,
    );
    expect(plans.filter((p) => p.key === 'new').map((p) => p.since)).toEqual([since, since]);
    const { events, send } = collector();
    await sendHistory(send, plans, { seed: 'test', days: 20, now: NOW });
    const firstOf = (users: number[]) => Math.min(...events.filter((e) => users.includes(e.app_users_id)).map((e) => Date.parse(e.at)));
    expect(new Date(firstOf([1, 2])).toISOString().slice(0, 10)).toBe('2026-11-01');
    expect(new Date(firstOf([3, 4])).toISOString().slice(0, 10)).toBe('2026-11-11');
    // From then on it has traffic of its own: uploads, then downloads every day.
    const days = new Set(events.filter((e) => e.app_users_id === 3 && e.type === 'download').map((e) => e.at.slice(0, 10)));
    expect(days.size).toBe(Math.round((Date.parse('2026-11-20') - Date.parse('2026-11-11')) / DAY_MS) + 1);
  });

  it('plays a partner registered before the history for all of it', async () => {
    const plans = plansOf([{ key: 'early', app: { fd1: 5, fd2: 6 }, since: NOW - 400 * DAY_MS }], 'test', 0.3);
    const { events, send } = collector();
    await sendHistory(send, plans, { seed: 'test', days: 5, now: NOW });
    expect(new Set(events.map((e) => e.at.slice(0, 10)))).toEqual(new Set(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']));
  });
});

describe('sub-ID tags (decision 0206)', () => {
  it('sends valid tags on part of the hits, downloads, sales and video views, and leaves the rest untagged', async () => {
    const { ingestEvent } = await import('@pc/core');
    const { SUB_TAGS } = await import('./generate.ts');
    const plans = plansOf([{ key: 'tags', app: { fd1: 1, fd2: 2 } }], 'tags', 1);
    const { events, send } = collector();
    await sendHistory(send, plans, { seed: 'tags', days: 30, now: NOW });
    for (const type of ['page_hit', 'download', 'sale'] as const) {
      const of = events.filter((e) => e.type === type);
      const tagged = of.filter((e) => 'sub_id' in e && e.sub_id);
      expect(tagged.length, type).toBeGreaterThan(0);
      expect(tagged.length, type).toBeLessThan(of.length);
      for (const e of tagged) expect(SUB_TAGS).toContain((e as { sub_id: string }).sub_id);
    }
    for (const { project: _project, ...e } of events) expect(ingestEvent.safeParse(e).success).toBe(true);
  });
});
