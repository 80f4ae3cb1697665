import { describe, expect, it } from 'vitest';
import { ingestEvent } from '../contracts/ingest.ts';
import { isSubId, NO_TAG, SUB_ID_MAX, saleTagOf, taggedLink, tagOf, tagOfQuery } from './tags.ts';

const AT = '2026-11-20T10:00:00Z';
const EVENTS: Record<string, Record<string, unknown>> = {
  page_hit: { id: 'h1', at: AT, app_users_id: 1, type: 'page_hit' },
  download: { id: 'd1', at: AT, app_users_id: 1, type: 'download', file_id: 'F1', downloader_id: 'u', completed: true },
  sale: { id: 's1', at: AT, app_users_id: 1, type: 'sale', sale_id: 'S1', amount_micro: 1_000_000, revenue_type: 'direct' },
  rebill: { id: 'r1', at: AT, app_users_id: 1, type: 'sale', sale_id: 'S2', amount_micro: 1_000_000, revenue_type: 'rebill' },
  video_view: { id: 'v1', at: AT, app_users_id: 1, type: 'video_view', file_id: 'F1', player_type: 'embed', viewer_id: 'x', seconds: 3 },
};

const VALID = ['forum-x', 'a', 'A.b_c-9', 'x'.repeat(SUB_ID_MAX), '...', '2026.11'];
const INVALID: Array<[string, unknown]> = [
  ['empty', ''],
  ['too long', 'x'.repeat(SUB_ID_MAX + 1)],
  ['a space', 'forum x'],
  ['a slash', 'forum/x'],
  ['a query', 'a?b=c'],
  ['non-ASCII letters', 'форум'],
  ['an emoji', 'tag😀'],
  ['a number', 42],
  ['a percent escape', 'a%20b'],
];

describe('sub_id on the ingest events', () => {
  for (const [type, event] of Object.entries(EVENTS)) {
    it.each(VALID)(`${type} takes the tag %j`, (tag) => {
      const parsed = ingestEvent.safeParse({ ...event, sub_id: tag });
      expect(parsed.success).toBe(true);
      expect((parsed.data as { sub_id?: string }).sub_id).toBe(tag);
    });
    it.each(INVALID)(`${type} refuses %s`, (_what, tag) => {
      const parsed = ingestEvent.safeParse({ ...event, sub_id: tag });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(['sub_id']);
    });
    it(`${type} without a tag, or with null, counts as no tag`, () => {
      for (const e of [event, { ...event, sub_id: null }]) {
        const parsed = ingestEvent.parse(e) as { sub_id?: string | null };
        expect(tagOf(parsed.sub_id)).toBe(NO_TAG);
      }
    });
  }
  it.each(['file_uploaded', 'sale_status'])('%s has no tag field (strict)', (type) => {
    const event =
      type === 'sale_status'
        ? { id: 'x', at: AT, app_users_id: 1, type, sale_id: 'S1', status: 'refund', sub_id: 'a' }
        : { id: 'x', at: AT, app_users_id: 1, type, file_id: 'F', name: 'n', size_bytes: 1, sub_id: 'a' };
    expect(ingestEvent.safeParse(event).success).toBe(false);
  });
});

describe('tag rules', () => {
  it.each([
    [undefined, NO_TAG],
    [null, NO_TAG],
    ['', NO_TAG],
    ['forum-x', 'forum-x'],
  ])('tagOf(%j) = %j', (input, out) => expect(tagOf(input)).toBe(out));

  it.each([
    [{ sub_id: 'tg' }, 'tg'],
    [{ sub_id: null }, NO_TAG],
    [{}, NO_TAG],
  ])('a sale (or rebill) counts under its own tag: %j', (sale, out) => expect(saleTagOf(sale)).toBe(out));

  it.each([
    ['https://fd1.example/f/abc', 'forum-x', 'https://fd1.example/f/abc?sub=forum-x'],
    ['https://fd1.example/f/abc?lang=de#top', 'tg.1', 'https://fd1.example/f/abc?lang=de&sub=tg.1#top'],
    ['https://fd1.example/f/abc?sub=old', 'new', 'https://fd1.example/f/abc?sub=new'],
    ['https://fd1.example/f/abc', 'bad tag', 'https://fd1.example/f/abc'],
    ['https://fd1.example/f/abc', '', 'https://fd1.example/f/abc'],
    ['not a url', 'x', 'not a url'],
  ])('taggedLink(%j, %j) = %j', (link, tag, out) => expect(taggedLink(link, tag)).toBe(out));

  it.each([
    ['forum-x', 'forum-x'],
    ['', null],
    [null, null],
    ['a b', null],
  ])('tagOfQuery(%j) = %j', (q, out) => expect(tagOfQuery(q)).toBe(out));

  it('isSubId agrees with the schema', () => {
    for (const v of VALID) expect(isSubId(v)).toBe(true);
    for (const [, v] of INVALID) expect(isSubId(v)).toBe(false);
  });
});
