import type { FastifyBaseLogger } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { addDaysToDay, dayKey, isDayKey, type RateCurrency, type RateSource } from '@pc/core';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { latestRate, perUnit, storeRate, type StoreOutcome } from '../money/exchange-rates.ts';

/**
 * The exchange-rate feeds (decision 0100): the Central Bank of Russia's daily XML (USD→RUB) and the National Bank
 * of Ukraine's JSON (USD→UAH), fetched from RATE_FEED_CBR_URL / RATE_FEED_NBU_URL (an empty value turns a feed
 * off) with a deadline and a size cap, parsed by a schema, stored with the feed's own date. A feed that fails
 * (unreachable, slow, too big, malformed) is logged at warn and the last known rate stays.
 */

/** A feed that answered is asked again after this long (the banks publish once a working day). */
export const RATE_FEEDS_EVERY_MS = 3 * 3_600_000;
/** A feed that failed is asked again after this long, doubling on each further failure up to RATE_FEEDS_EVERY_MS. */
export const RATE_FEED_RETRY_MS = 15 * 60_000;
/** The whole request, body included, must be done within this long. */
export const RATE_FEED_TIMEOUT_MS = 10_000;
/** A feed body larger than this is refused (the CBR daily XML is about 10 KB, the NBU answer under 1 KB). */
export const RATE_FEED_MAX_BYTES = 512 * 1024;
/** A feed dated more than this many days after today (UTC) is refused as implausible. */
export const RATE_FEED_MAX_DAYS_AHEAD = 7;

export type FeedName = 'cbr' | 'nbu';
export type FeedFailure = 'timeout' | 'too_large' | 'http_status' | 'network' | 'malformed';

/** A feed's failure, with which kind it is (logged, and answered by refreshRates). */
export class FeedError extends Error {
  constructor(
    readonly reason: FeedFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FeedError';
  }
}

export interface FetchLimits {
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * GETs a feed: the body's bytes and Content-Type, or a FeedError: `timeout` past the deadline (connecting,
 * waiting or reading), `too_large` past maxBytes (by Content-Length or while reading, reading stops there),
 * `http_status` on a non-2xx answer, `network` when the address cannot be reached.
 */
export async function fetchFeed(
  url: string,
  limits: FetchLimits = {},
): Promise<{ body: Uint8Array; contentType: string | null }> {
  const timeoutMs = limits.timeoutMs ?? RATE_FEED_TIMEOUT_MS;
  const maxBytes = limits.maxBytes ?? RATE_FEED_MAX_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  const failed = (error: unknown): FeedError => {
    if (error instanceof FeedError) return error;
    if (signal.aborted)
      return new FeedError('timeout', `no complete answer within ${timeoutMs} ms`, { cause: error });
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new FeedError('network', cause?.code ?? cause?.message ?? (error as Error).message, {
      cause: error,
    });
  };
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: {
        accept: 'application/xml, application/json;q=0.9, */*;q=0.1',
        'user-agent': 'partner-cabinet-rate-feed/1',
      },
    });
  } catch (error) {
    throw failed(error);
  }
  const body = response.body;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    if (!response.ok) throw new FeedError('http_status', `HTTP ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes)
      throw new FeedError('too_large', `Content-Length ${declared} > ${maxBytes} bytes`);
    if (!body) return { body: new Uint8Array(), contentType: response.headers.get('content-type') };
    const chunks: Uint8Array[] = [];
    let size = 0;
    reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new FeedError('too_large', `body over ${maxBytes} bytes`);
      chunks.push(value);
    }
    return { body: Buffer.concat(chunks), contentType: response.headers.get('content-type') };
  } catch (error) {
    await (reader ? reader.cancel() : body?.cancel())?.catch(() => undefined);
    throw failed(error);
  }
}

/** A feed's quote: units of the currency per 1 USD (exact decimal text) for the bank's day. */
export interface Quote {
  currency: RateCurrency;
  rate: string;
  date: string;
}

/** 'DD.MM.YYYY' (both banks' date format) as 'YYYY-MM-DD', or null when it is not a real calendar day. */
function feedDay(value: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  const day = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
  return isDayKey(day) ? day : null;
}

const feedDate = z.string().transform((value, ctx) => {
  const day = feedDay(value.trim());
  if (!day) {
    ctx.addIssue({ code: 'custom', message: `not a DD.MM.YYYY date: ${value}` });
    return z.NEVER;
  }
  return day;
});

/** The charset of a body: the Content-Type's, else the XML declaration's, else UTF-8 (RFC 7303). */
export function bodyCharset(body: Uint8Array, contentType: string | null): string {
  const header = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '');
  if (header) return header[1]!.toLowerCase();
  const start = Buffer.from(body.subarray(0, 200)).toString('latin1');
  const declared = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/.exec(
    start,
  );
  return declared ? declared[1]!.toLowerCase() : 'utf-8';
}

function decode(body: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset, { fatal: true }).decode(body);
  } catch (error) {
    throw new FeedError('malformed', `cannot decode the body as ${charset}`, { cause: error });
  }
}

function checkDay(day: string, now: Date): void {
  if (day > addDaysToDay(dayKey(now), RATE_FEED_MAX_DAYS_AHEAD))
    throw new FeedError('malformed', `dated ${day}, more than ${RATE_FEED_MAX_DAYS_AHEAD} days ahead`);
}

function zodFailure(feed: FeedName, error: z.ZodError): FeedError {
  const first = error.issues[0];
  return new FeedError(
    'malformed',
    `${feed}: ${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'}`,
    { cause: error },
  );
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Every value stays text: '92,5058' and '001' are read by the schema, not guessed at.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Valute',
});

/** The CBR daily XML as far as it is read: its date and the currencies, each checked when it is the one used. */
const cbrDaily = z.object({
  ValCurs: z.looseObject({
    '@_Date': feedDate,
    Valute: z.array(z.looseObject({ CharCode: z.string() })).min(1),
  }),
});
const cbrValute = z.looseObject({
  CharCode: z.literal('USD'),
  Nominal: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,6}$/, 'a positive whole number'),
  Value: z
    .string()
    .trim()
    .regex(/^\d{1,12}(,\d{1,10})?$/, 'a decimal with a comma'),
  Name: z.string().optional(),
});

/**
 * Parses the CBR daily XML (https://www.cbr.ru/scripts/XML_daily.asp: `<ValCurs Date="DD.MM.YYYY">` with
 * `<Valute>` entries of CharCode, Nominal, Value with a decimal comma; windows-1251 as declared) into USD→RUB per
 * 1 USD (Value / Nominal) for the feed's date. `name` is the currency's name as decoded (Cyrillic).
 */
export function parseCbrDaily(
  body: Uint8Array,
  contentType: string | null,
  now: Date,
): Quote & { name: string } {
  const text = decode(body, bodyCharset(body, contentType));
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new FeedError('malformed', `cbr: not XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parsed = cbrDaily.safeParse(xml.parse(text));
  if (!parsed.success) throw zodFailure('cbr', parsed.error);
  const usd = parsed.data.ValCurs.Valute.find((v) => v.CharCode.trim() === 'USD');
  if (!usd) throw new FeedError('malformed', 'cbr: no USD in the feed');
  const v = cbrValute.safeParse({ ...usd, CharCode: usd.CharCode.trim() });
  if (!v.success) throw zodFailure('cbr', v.error);
  const date = parsed.data.ValCurs['@_Date'];
  checkDay(date, now);
  const rate = perUnit(v.data.Value.replace(',', '.'), Number(v.data.Nominal));
  if (!/[1-9]/.test(rate)) throw new FeedError('malformed', 'cbr: a zero rate');
  return { currency: 'RUB', rate, date, name: v.data.Name?.trim() ?? '' };
}

const nbuAnswer = z
  .array(
    z.looseObject({ cc: z.string(), r030: z.number().optional(), rate: z.number(), exchangedate: feedDate }),
  )
  .min(1);

/** A JSON number as exact decimal text: its shortest round-trip form, refused with an exponent or > 10 decimals. */
function jsonDecimal(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const text = String(value);
  return /^\d{1,12}(\.\d{1,10})?$/.test(text) ? text : null;
}

/**
 * Parses the NBU answer (https://bank.gov.ua/NBUStatService/v1/statdirectory/exchange?valcode=USD&json:
 * `[{"r030":840,"cc":"USD","rate":41.2345,"exchangedate":"DD.MM.YYYY"}]`, UTF-8) into USD→UAH per 1 USD.
 */
export function parseNbuUsd(body: Uint8Array, contentType: string | null, now: Date): Quote {
  const text = decode(body, bodyCharset(body, contentType));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FeedError('malformed', `nbu: not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = nbuAnswer.safeParse(json);
  if (!parsed.success) throw zodFailure('nbu', parsed.error);
  const usd = parsed.data.find((row) => row.cc.trim() === 'USD');
  if (!usd) throw new FeedError('malformed', 'nbu: no USD in the answer');
  if (usd.r030 !== undefined && usd.r030 !== 840)
    throw new FeedError('malformed', `nbu: USD with r030 ${usd.r030}`);
  const rate = jsonDecimal(usd.rate);
  if (!rate) throw new FeedError('malformed', `nbu: not a usable rate: ${usd.rate}`);
  checkDay(usd.exchangedate, now);
  return { currency: 'UAH', rate, date: usd.exchangedate };
}

const FEEDS: Record<
  FeedName,
  {
    source: RateSource;
    currency: RateCurrency;
    parse: (body: Uint8Array, contentType: string | null, now: Date) => Quote;
  }
> = {
  cbr: { source: 'cbr', currency: 'RUB', parse: parseCbrDaily },
  nbu: { source: 'nbu', currency: 'UAH', parse: parseNbuUsd },
};

export type FeedResult =
  | { feed: FeedName; ok: true; currency: RateCurrency; rate: string; date: string; stored: StoreOutcome }
  | { feed: FeedName; ok: false; reason: FeedFailure | 'store'; message: string };

/** The feed settings a context carries (config.ts); a context without them has both feeds off. */
export type RateFeedContext = Pick<AppContext, 'database' | 'clock'> & {
  config?: Pick<Config, 'RATE_FEED_CBR_URL' | 'RATE_FEED_NBU_URL'>;
};

/** The feeds a context has turned on, with their addresses. */
export function configuredFeeds(ctx: RateFeedContext): Array<{ feed: FeedName; url: string }> {
  const urls: Record<FeedName, string> = {
    cbr: ctx.config?.RATE_FEED_CBR_URL ?? '',
    nbu: ctx.config?.RATE_FEED_NBU_URL ?? '',
  };
  return (Object.keys(urls) as FeedName[])
    .filter((feed) => urls[feed])
    .map((feed) => ({ feed, url: urls[feed] }));
}

/**
 * Fetches one feed and stores its quote. Never throws: a failure is logged at warn (with the last known rate,
 * which stays) and answered as `ok: false`.
 */
export async function refreshFeed(
  ctx: { database: Database; clock: AppContext['clock'] },
  feed: FeedName,
  url: string,
  log: FastifyBaseLogger,
  limits: FetchLimits = {},
): Promise<FeedResult> {
  const def = FEEDS[feed];
  let quote: Quote;
  try {
    const { body, contentType } = await fetchFeed(url, limits);
    const { currency, rate, date } = def.parse(body, contentType, ctx.clock.now());
    quote = { currency, rate, date };
  } catch (error) {
    const reason: FeedFailure = error instanceof FeedError ? error.reason : 'malformed';
    const message = (error as Error).message;
    const lastKnown = await latestRate(ctx.database, def.currency).catch(() => null);
    log.warn(
      {
        feed,
        url,
        reason,
        error: message,
        last_known: lastKnown
          ? { rate: lastKnown.rate, date: lastKnown.date, source: lastKnown.source }
          : null,
      },
      'exchange-rate feed failed; the last known rate stays',
    );
    return { feed, ok: false, reason, message };
  }
  try {
    const stored = await storeRate(ctx.database, {
      ...quote,
      source: def.source,
      fetchedAt: ctx.clock.now(),
    });
    if (stored === 'unchanged') log.debug({ feed, ...quote }, 'exchange rate unchanged');
    else log.info({ feed, ...quote, stored }, 'exchange rate stored');
    return { feed, ok: true, ...quote, stored };
  } catch (error) {
    log.warn({ feed, err: error }, 'exchange rate not stored; the last known rate stays');
    return { feed, ok: false, reason: 'store', message: (error as Error).message };
  }
}

/** Fetches every configured feed at once (so the slowest bounds the wait) and stores what answered. */
export async function refreshRates(
  ctx: RateFeedContext,
  log: FastifyBaseLogger,
  limits: FetchLimits = {},
): Promise<FeedResult[]> {
  return Promise.all(configuredFeeds(ctx).map(({ feed, url }) => refreshFeed(ctx, feed, url, log, limits)));
}

export interface RateFeedJob {
  /** Fetches each configured feed whose time has come (all of them on the first call); never throws. */
  runIfDue(): Promise<FeedResult[]>;
}

/**
 * The scheduled job: the first call fetches every configured feed, then a feed that answered is fetched again
 * RATE_FEEDS_EVERY_MS later, one that failed RATE_FEED_RETRY_MS later (doubling per failure, up to
 * RATE_FEEDS_EVERY_MS). Registered by jobs/scheduler.ts, whose tick awaits it (bounded by the feeds' deadline).
 */
export function rateFeedJob(
  ctx: RateFeedContext,
  log: FastifyBaseLogger,
  limits: FetchLimits = {},
): RateFeedJob {
  const next = new Map<FeedName, number>();
  const failures = new Map<FeedName, number>();
  return {
    async runIfDue() {
      try {
        const now = ctx.clock.now().getTime();
        const due = configuredFeeds(ctx).filter(({ feed }) => (next.get(feed) ?? -Infinity) <= now);
        const results = await Promise.all(
          due.map(({ feed, url }) => refreshFeed(ctx, feed, url, log, limits)),
        );
        for (const r of results) {
          const failed = r.ok ? 0 : (failures.get(r.feed) ?? 0) + 1;
          failures.set(r.feed, failed);
          const wait = failed
            ? Math.min(RATE_FEEDS_EVERY_MS, RATE_FEED_RETRY_MS * 2 ** (failed - 1))
            : RATE_FEEDS_EVERY_MS;
          next.set(r.feed, now + wait);
        }
        return results;
      } catch (error) {
        // The scheduler's tick goes on whatever happens here.
        log.error({ err: error }, 'exchange-rate feeds failed; retried at the next tick');
        return [];
      }
    },
  };
}
