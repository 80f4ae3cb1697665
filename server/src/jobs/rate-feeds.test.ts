import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createTestDatabase, manualClock, testConfig } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { CBR_DAILY_URL, NBU_USD_URL } from '../config.ts';
import { latestRates, storeRate } from '../money/exchange-rates.ts';
import {
  RATE_FEED_RETRY_MS,
  RATE_FEEDS_EVERY_MS,
  bodyCharset,
  configuredFeeds,
  fetchFeed,
  parseCbrDaily,
  parseNbuUsd,
  rateFeedJob,
  refreshRates,
  type FeedError,
  type RateFeedContext,
} from './rate-feeds.ts';
import { startScheduler } from './scheduler.ts';
import {
  cbrDailyXml,
  encodeWindows1251,
  nbuUsdJson,
  startFeedServer,
  type FeedServer,
} from './rate-feeds.testing.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const CBR_TYPE = 'application/xml; charset=windows-1251';
const NBU_TYPE = 'application/json; charset=utf-8';

let database: Database;
let feeds: FeedServer;
let logs: Array<{ level: number; msg: string; feed?: string; reason?: string; last_known?: unknown }>;
const logger = () => pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
const warnings = () => logs.filter((l) => l.level === 40);

beforeEach(async () => {
  database = await createTestDatabase();
  feeds = await startFeedServer();
  logs = [];
});
afterEach(async () => {
  await feeds.close();
  await database.close();
});

function context(clock = manualClock(NOW.toISOString()), urls: { cbr?: string; nbu?: string } = {}) {
  const config = testConfig({
    RATE_FEED_CBR_URL: urls.cbr ?? `${feeds.base}/cbr`,
    RATE_FEED_NBU_URL: urls.nbu ?? `${feeds.base}/nbu`,
  });
  const ctx: RateFeedContext = { database, clock, config };
  return { ctx, clock };
}

function serveGood(date = '23.11.2026', usd = '92,5058', uah = 41.2345, nbuDate = date) {
  feeds.serve('/cbr', { body: encodeWindows1251(cbrDailyXml(date, usd)), contentType: CBR_TYPE });
  feeds.serve('/nbu', { body: nbuUsdJson(nbuDate, uah), contentType: NBU_TYPE });
}

const stored = async () =>
  database.query<{ currency: string; rate_date: string; rate: string; source: string }>(
    sql`select currency, rate_date::text as rate_date, rate::text as rate, source from exchange_rates order by currency, rate_date`,
  );

describe('exchange-rate feeds: parsing', () => {
  it('reads the CBR daily XML in windows-1251 (declared in the XML), USD per 1 dollar with its date', () => {
    const body = encodeWindows1251(cbrDailyXml('23.11.2026', '92,5058'));
    expect(parseCbrDaily(body, 'application/xml', NOW)).toEqual({
      currency: 'RUB',
      rate: '92.5058',
      date: '2026-11-23',
      name: 'Доллар США',
    });
    // The charset from the Content-Type header alone, the XML declaration left out.
    const bare = encodeWindows1251(cbrDailyXml('23.11.2026', '92,5058').replace(/^<\?xml[^>]*\?>/, ''));
    expect(parseCbrDaily(bare, CBR_TYPE, NOW).name).toBe('Доллар США');
    // UTF-8 with no declaration and no charset.
    expect(
      parseCbrDaily(
        Buffer.from(cbrDailyXml('23.11.2026', '92,5058').replace(/^<\?xml[^>]*\?>/, '')),
        null,
        NOW,
      ).name,
    ).toBe('Доллар США');
  });

  it('divides by the Nominal exactly', () => {
    const body = encodeWindows1251(cbrDailyXml('23.11.2026', '9250,58', 100));
    expect(parseCbrDaily(body, CBR_TYPE, NOW).rate).toBe('92.5058');
    expect(parseCbrDaily(encodeWindows1251(cbrDailyXml('23.11.2026', '1', 3)), CBR_TYPE, NOW).rate).toBe(
      '0.3333333333',
    );
  });

  it('reads the NBU answer', () => {
    expect(parseNbuUsd(Buffer.from(nbuUsdJson('23.11.2026', 41.2345)), NBU_TYPE, NOW)).toEqual({
      currency: 'UAH',
      rate: '41.2345',
      date: '2026-11-23',
    });
    expect(parseNbuUsd(Buffer.from(nbuUsdJson('23.11.2026', 41)), NBU_TYPE, NOW).rate).toBe('41');
  });

  it('finds the charset in the header first, then the XML declaration, else UTF-8', () => {
    expect(
      bodyCharset(
        Buffer.from('<?xml version="1.0" encoding="windows-1251"?><a/>'),
        'text/xml; charset=UTF-8',
      ),
    ).toBe('utf-8');
    expect(bodyCharset(Buffer.from('<?xml version="1.0" encoding="windows-1251"?><a/>'), 'text/xml')).toBe(
      'windows-1251',
    );
    expect(bodyCharset(Buffer.from('<a/>'), null)).toBe('utf-8');
  });

  const cbrBad: Array<[string, string | Uint8Array]> = [
    ['not XML', '<ValCurs Date="23.11.2026"><Valute><CharCode>USD</CharCode>'],
    ['HTML', '<!DOCTYPE html><html><body><p>Service unavailable<br></body></html>'],
    ['empty', ''],
    [
      'no USD',
      cbrDailyXml('23.11.2026', '92,5058').replace('<CharCode>USD</CharCode>', '<CharCode>XDR</CharCode>'),
    ],
    ['a value with a point', cbrDailyXml('23.11.2026', '92.5058')],
    ['a negative value', cbrDailyXml('23.11.2026', '-92,5058')],
    ['a zero value', cbrDailyXml('23.11.2026', '0,0000')],
    ['a zero Nominal', cbrDailyXml('23.11.2026', '92,5058', 0)],
    ['no such day', cbrDailyXml('31.02.2026', '92,5058')],
    ['an ISO date', cbrDailyXml('2026-11-23', '92,5058')],
    ['a date far ahead', cbrDailyXml('23.11.2027', '92,5058')],
    ['no Date', cbrDailyXml('23.11.2026', '92,5058').replace(' Date="23.11.2026"', '')],
    ['an unknown charset', '<?xml version="1.0" encoding="x-no-such-charset"?><ValCurs/>'],
  ];
  it.each(cbrBad)('refuses a CBR body that is %s', (_what, body) => {
    const bytes = typeof body === 'string' ? encodeWindows1251(body) : body;
    expect(() => parseCbrDaily(bytes, 'application/xml', NOW)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
  });

  const nbuBad: Array<[string, string]> = [
    ['not JSON', '[{"r030":840,'],
    ['an object', '{"rate":41.2}'],
    ['empty list', '[]'],
    ['no USD', nbuUsdJson('23.11.2026', 41.2345).replace('"USD"', '"EUR"')],
    ['a rate as text', nbuUsdJson('23.11.2026', '"41,2345"')],
    ['a negative rate', nbuUsdJson('23.11.2026', -41.2345)],
    ['a rate in exponent form', nbuUsdJson('23.11.2026', 1e-9)],
    ['a wrong r030', nbuUsdJson('23.11.2026', 41.2345).replace('840', '978')],
    ['no such day', nbuUsdJson('30.02.2026', 41.2345)],
  ];
  it.each(nbuBad)('refuses an NBU body that is %s', (_what, body) => {
    expect(() => parseNbuUsd(Buffer.from(body), NBU_TYPE, NOW)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
  });
});

describe('exchange-rate feeds: fetching from a local server', () => {
  it('stores both rates with their dates; the same day again changes nothing; a later day adds a row', async () => {
    const { ctx, clock } = context();
    serveGood();
    const first = await refreshRates(ctx, logger());
    expect(first).toEqual([
      { feed: 'cbr', ok: true, currency: 'RUB', rate: '92.5058', date: '2026-11-23', stored: 'inserted' },
      { feed: 'nbu', ok: true, currency: 'UAH', rate: '41.2345', date: '2026-11-23', stored: 'inserted' },
    ]);
    expect(
      (await latestRates(database)).map((r) => ({ ...r, fetchedAt: r.fetchedAt.toISOString() })),
    ).toEqual([
      {
        currency: 'RUB',
        rate: '92.5058',
        date: '2026-11-23',
        source: 'cbr',
        fetchedAt: '2026-11-23T12:00:00.000Z',
      },
      {
        currency: 'UAH',
        rate: '41.2345',
        date: '2026-11-23',
        source: 'nbu',
        fetchedAt: '2026-11-23T12:00:00.000Z',
      },
    ]);

    clock.advance(3_600_000);
    expect((await refreshRates(ctx, logger())).map((r) => r.ok && r.stored)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(await stored()).toHaveLength(2);
    expect((await latestRates(database))[0]!.fetchedAt.toISOString()).toBe('2026-11-23T12:00:00.000Z');

    // The next day's feed (the CBR publishes tomorrow's rate in the afternoon).
    serveGood('24.11.2026', '93,1', 41.5, '24.11.2026');
    expect((await refreshRates(ctx, logger())).map((r) => r.ok && r.stored)).toEqual([
      'inserted',
      'inserted',
    ]);
    expect(await stored()).toEqual([
      { currency: 'RUB', rate_date: '2026-11-23', rate: '92.5058', source: 'cbr' },
      { currency: 'RUB', rate_date: '2026-11-24', rate: '93.1', source: 'cbr' },
      { currency: 'UAH', rate_date: '2026-11-23', rate: '41.2345', source: 'nbu' },
      { currency: 'UAH', rate_date: '2026-11-24', rate: '41.5', source: 'nbu' },
    ]);
    expect((await latestRates(database)).map((r) => [r.currency, r.rate, r.date])).toEqual([
      ['RUB', '93.1', '2026-11-24'],
      ['UAH', '41.5', '2026-11-24'],
    ]);
    // An older day's feed afterwards (a mirror lagging behind) is stored but is not the latest.
    serveGood('20.11.2026', '91,0', 41.1, '20.11.2026');
    await refreshRates(ctx, logger());
    expect((await latestRates(database)).map((r) => r.date)).toEqual(['2026-11-24', '2026-11-24']);
    expect(warnings()).toEqual([]);
  });

  it("a bank correcting a day replaces that day's value", async () => {
    const { ctx } = context();
    serveGood();
    await refreshRates(ctx, logger());
    serveGood('23.11.2026', '92,6000', 41.3);
    expect((await refreshRates(ctx, logger())).map((r) => r.ok && r.stored)).toEqual(['updated', 'updated']);
    expect((await latestRates(database)).map((r) => r.rate)).toEqual(['92.6', '41.3']);
  });

  it('a malformed body, an HTTP error, a timeout, an oversized body or no server: warned, the last known rate stays', async () => {
    const { ctx } = context();
    serveGood();
    await refreshRates(ctx, logger());
    const before = await latestRates(database);
    // A deadline generous enough that a loaded machine still answers the quick cases before it; the two that
    // never answer show the deadline holds (well under the job's default).
    const limits = { timeoutMs: 2_000, maxBytes: 64 * 1024 };
    const attempt = async () =>
      (await refreshRates(ctx, logger(), limits)).map((r) => (r.ok ? 'ok' : r.reason));

    feeds.serve('/cbr', { body: '<ValCurs Date="24.11.2026"><Valute>', contentType: CBR_TYPE });
    feeds.serve('/nbu', { body: 'Service Unavailable', contentType: 'text/plain' });
    expect(await attempt()).toEqual(['malformed', 'malformed']);

    feeds.serve('/cbr', { body: 'oops', contentType: 'text/plain', status: 500 });
    feeds.serve('/nbu', { body: '[]', contentType: NBU_TYPE, status: 404 });
    expect(await attempt()).toEqual(['http_status', 'http_status']);

    // No answer at all, and headers followed by a body that never ends.
    feeds.serve('/cbr', () => undefined);
    feeds.serve('/nbu', (_req, res) => {
      res.writeHead(200, { 'content-type': NBU_TYPE });
      res.write('[{"r030":840,');
    });
    const started = Date.now();
    expect(await attempt()).toEqual(['timeout', 'timeout']);
    expect(Date.now() - started).toBeLessThan(8_000);

    // Too big by Content-Length, and too big while streamed (chunked, no length).
    const big = Buffer.alloc(200 * 1024, 0x20);
    feeds.serve('/cbr', {
      body: Buffer.concat([Buffer.from('<?xml version="1.0"?>'), big]),
      contentType: CBR_TYPE,
    });
    feeds.serve('/nbu', (_req, res) => {
      res.writeHead(200, { 'content-type': NBU_TYPE });
      for (let i = 0; i < 20; i++) res.write(Buffer.alloc(16 * 1024, 0x20));
      res.end('[]');
    });
    expect(await attempt()).toEqual(['too_large', 'too_large']);

    // Nothing listening.
    const gone = await startFeedServer();
    await gone.close();
    const { ctx: nowhere } = context(undefined, { cbr: `${gone.base}/cbr`, nbu: `${gone.base}/nbu` });
    expect((await refreshRates(nowhere, logger(), limits)).map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      'network',
      'network',
    ]);

    expect(await latestRates(database)).toEqual(before);
    expect(await stored()).toHaveLength(2);
    const warned = warnings();
    expect(warned).toHaveLength(10);
    expect(warned.every((w) => w.msg === 'exchange-rate feed failed; the last known rate stays')).toBe(true);
    // The two feeds are fetched at once, so their warnings interleave in either order; each feed's come in turn.
    expect(warned.find((w) => w.feed === 'cbr')).toMatchObject({
      feed: 'cbr',
      reason: 'malformed',
      last_known: { rate: '92.5058', date: '2026-11-23', source: 'cbr' },
    });
  });

  it('fetchFeed answers the bytes and the Content-Type, and refuses past the size cap', async () => {
    feeds.serve('/x', { body: Buffer.from('hello'), contentType: 'text/plain; charset=utf-8' });
    const answer = await fetchFeed(`${feeds.base}/x`);
    expect(Buffer.from(answer.body).toString()).toBe('hello');
    expect(answer.contentType).toBe('text/plain; charset=utf-8');
    await expect(fetchFeed(`${feeds.base}/x`, { maxBytes: 4 })).rejects.toMatchObject({
      reason: 'too_large',
    } satisfies Partial<FeedError>);
  });

  it('an empty address turns a feed off; under NODE_ENV=test unset means off; elsewhere the public feeds', async () => {
    const { ctx } = context(undefined, { cbr: '', nbu: `${feeds.base}/nbu` });
    serveGood();
    expect(configuredFeeds(ctx).map((f) => f.feed)).toEqual(['nbu']);
    expect((await refreshRates(ctx, logger())).map((r) => r.feed)).toEqual(['nbu']);
    expect(feeds.hits('/cbr')).toBe(0);

    expect(configuredFeeds({ database, clock: manualClock(), config: testConfig() })).toEqual([]);
    expect(configuredFeeds({ database, clock: manualClock() })).toEqual([]);
    const dev = testConfig({ NODE_ENV: 'development' });
    expect([dev.RATE_FEED_CBR_URL, dev.RATE_FEED_NBU_URL]).toEqual([CBR_DAILY_URL, NBU_USD_URL]);
    expect(testConfig({ NODE_ENV: 'development', RATE_FEED_CBR_URL: '' }).RATE_FEED_CBR_URL).toBe('');
    expect(() => testConfig({ RATE_FEED_CBR_URL: 'ftp://example.test/x' })).toThrow();
    expect(() => testConfig({ RATE_FEED_NBU_URL: 'not a url' })).toThrow();
  });
});

describe('exchange-rate feeds: the scheduled job', () => {
  it('fetches at the first run, then every few hours; a failed feed is retried sooner, backing off', async () => {
    const { ctx, clock } = context();
    serveGood();
    const job = rateFeedJob(ctx, logger(), { timeoutMs: 2_000 });
    expect((await job.runIfDue()).map((r) => r.feed)).toEqual(['cbr', 'nbu']);
    expect(await job.runIfDue()).toEqual([]);
    clock.advance(RATE_FEEDS_EVERY_MS - 1);
    expect(await job.runIfDue()).toEqual([]);
    clock.advance(1);
    feeds.serve('/cbr', { body: 'broken', contentType: CBR_TYPE });
    expect((await job.runIfDue()).map((r) => [r.feed, r.ok])).toEqual([
      ['cbr', false],
      ['nbu', true],
    ]);
    // The failed CBR feed: again after 15 minutes, then 30, while the NBU one waits its hours.
    clock.advance(RATE_FEED_RETRY_MS);
    expect((await job.runIfDue()).map((r) => [r.feed, r.ok])).toEqual([['cbr', false]]);
    clock.advance(RATE_FEED_RETRY_MS);
    expect(await job.runIfDue()).toEqual([]);
    clock.advance(RATE_FEED_RETRY_MS);
    serveGood('24.11.2026', '93,0', 41.5, '23.11.2026');
    expect((await job.runIfDue()).map((r) => [r.feed, r.ok])).toEqual([['cbr', true]]);
    expect(feeds.hits('/cbr')).toBe(4);
    expect(feeds.hits('/nbu')).toBe(2);
    expect((await latestRates(database)).map((r) => [r.currency, r.rate, r.date])).toEqual([
      ['RUB', '93', '2026-11-24'],
      ['UAH', '41.2345', '2026-11-23'],
    ]);
  });

  it('a store that fails is reported and the job goes on', async () => {
    const { ctx } = context();
    serveGood();
    await storeRate(database, {
      currency: 'RUB',
      rate: '1',
      date: '2026-11-01',
      source: 'cbr',
      fetchedAt: NOW,
    });
    await database.exec(
      "alter table exchange_rates add constraint no_more check (rate_date < date '2026-11-02')",
    );
    const results = await refreshRates(ctx, logger());
    expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['store', 'store']);
    expect(warnings()).toHaveLength(2);
  });

  it('runs from the scheduler: at start, then again only when due', async () => {
    const { ctx, clock } = context();
    serveGood();
    const scheduler = startScheduler(ctx, logger(), { intervalMs: 3_600_000 });
    try {
      await scheduler.tick();
      expect((await latestRates(database)).map((r) => [r.currency, r.rate, r.date, r.source])).toEqual([
        ['RUB', '92.5058', '2026-11-23', 'cbr'],
        ['UAH', '41.2345', '2026-11-23', 'nbu'],
      ]);
      await scheduler.tick();
      expect([feeds.hits('/cbr'), feeds.hits('/nbu')]).toEqual([1, 1]);
      clock.advance(RATE_FEEDS_EVERY_MS);
      await scheduler.tick();
      expect([feeds.hits('/cbr'), feeds.hits('/nbu')]).toEqual([2, 2]);
    } finally {
      await scheduler.stop();
    }
  });

  it('a scheduler without feed settings (or with empty addresses) fetches nothing', async () => {
    serveGood();
    const clock = manualClock(NOW.toISOString());
    for (const ctx of [
      { database, clock },
      { database, clock, config: testConfig({ RATE_FEED_CBR_URL: '', RATE_FEED_NBU_URL: '' }) },
    ]) {
      const scheduler = startScheduler(ctx, logger(), { intervalMs: 3_600_000 });
      await scheduler.tick();
      await scheduler.stop();
    }
    expect([feeds.hits('/cbr'), feeds.hits('/nbu')]).toEqual([0, 0]);
    expect(await latestRates(database)).toEqual([]);
  });
});
