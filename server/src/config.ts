import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An IPv4 or IPv6 address, optionally with a /prefix (CIDR). */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which reverse proxies may set X-Forwarded-For (Fastify's trustProxy): `false` (none: the socket's address is
 * the client's), a number of hops (the client is the entry that many proxies back from the socket: `1` is one
 * proxy in front, which appends the address it saw), or a comma-separated list of proxy addresses / CIDR
 * ranges (entries from those addresses are skipped, the first one from elsewhere is the client). `true` means
 * one hop, never "trust every hop": that would take the client's own, forgeable, leftmost entry as its address.
 */
export const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', '0'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 10' });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `expected false, a hop count or proxy addresses/CIDRs; not an address: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

/** The central banks' public feeds, the default addresses of RATE_FEED_CBR_URL and RATE_FEED_NBU_URL. */
export const CBR_DAILY_URL = 'https://www.cbr.ru/scripts/XML_daily.asp';
export const NBU_USD_URL = 'https://bank.gov.ua/NBUStatService/v1/statdirectory/exchange?valcode=USD&json';

/** An exchange-rate feed's address: an http(s) URL, or empty to turn the feed off. */
const feedUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'an http(s) URL, or empty to turn the feed off');

/** A link the top bar shows (support, messenger): an http(s) URL, or empty to hide it. */
const optionalLink = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'an http(s) URL, or empty to hide the link');
/** The "Write us" link: an http(s) or mailto: URL, or empty to hide it. */
const optionalContact = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^(https?:\/\/|mailto:)/i.test(v) && URL.canParse(v)), 'an http(s) or mailto: URL, or empty to hide the link');

/**
 * Requests per minute on the browser API (/api) by default. A signed-in partner's reads count per account (a screen
 * issues a handful of GETs, and clicking through every screen quickly must never be refused); everything else counts
 * per IP address (app/rate-limits.ts).
 */
export const API_RATE_LIMIT = { signedInReads: 600, perIp: 300 } as const;

/** Every setting the server reads, with its default. README lists the same table. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * Unset: 127.0.0.1 outside production, so the dev mailbox and the development secrets are not open to the
     * network; 0.0.0.0 in production (the Dockerfile sets it explicitly).
     */
    HOST: z.string().optional(),
    /** Unset: http://localhost:<PORT> (see the transform below). */
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    /**
     * PostgreSQL only: how long opening a connection, or waiting for a free one of the pool, may take before the call
     * is answered 503 (the database is away or every connection is busy). Decision 0170.
     */
    /**
     * A PostgreSQL streaming replica for partners' figure reads (statistics, earnings, dashboard); everything else, and a
     * partner's reads for a while after a write of theirs, go to DATABASE_URL. Decision 0175.
     */
    DATABASE_READ_URL: z.string().optional(),
    /** How long after a partner's write their figure reads go to the primary (read your own writes). */
    READ_YOUR_WRITES_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * PostgreSQL only: the longest one statement may run (the server's statement_timeout); the client gives up on a
     * connection that stays silent this long plus 15 s, so a vanished server never holds a call forever.
     */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Partner Cabinet <no-reply@partner.test>'),
    /**
     * How long a process may hold a mail it took for sending before another process (or itself after a restart)
     * takes it over: longer than one SMTP conversation may last (decision 0170).
     */
    MAIL_SEND_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    SESSION_SECRET: z.string().min(32).default('development-session-secret-change-me-0123456789'),
    CAPTCHA_SECRET: z.string().min(16).default('development-captcha-secret-change-me'),
    /**
     * The key wallet details are protected with (decision 0110): card numbers encrypted (AES-256-GCM) and the
     * duplicate-wallet fingerprints keyed (HMAC), both with keys derived from it. Unset outside production: derived
     * from SESSION_SECRET. Changing it makes stored card numbers unreadable and duplicates undetectable.
     */
    PAYOUT_DETAILS_KEY: z.string().min(32).optional(),
    /** Shared secrets with the file hosts for auto-login in both directions. */
    AUTOLOGIN_SECRET_FD1: z.string().min(16).default('development-autologin-fd1-secret'),
    AUTOLOGIN_SECRET_FD2: z.string().min(16).default('development-autologin-fd2-secret'),
    PROJECT_URL_FD1: z.url().default('http://localhost:3001'),
    PROJECT_URL_FD2: z.url().default('http://localhost:3002'),
    INGEST_TOKEN_FD1: z.string().min(16).default('dev-ingest-token-fd1-000000000000'),
    INGEST_TOKEN_FD2: z.string().min(16).default('dev-ingest-token-fd2-000000000000'),
    OPERATOR_TOKEN: z.string().min(16).default('dev-operator-token-0000000000000000'),
    /**
     * Minutes a staff member's console session may stay unused before it signs them out (checked against the
     * session's last use in the database, so on every process alike). Decision 0160.
     */
    STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
    /**
     * Ingest batches admitted at once; beyond it a batch waits in the queue or is answered 503 with Retry-After
     * (docs/ingest.md). A project's admitted batches are written together (group commit, decision 0180), so many
     * small ones cost little; INGEST_MAX_IN_FLIGHT_BYTES bounds what large ones hold.
     */
    INGEST_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(1024).default(64),
    /** Bytes of ingest bodies (by Content-Length) admitted at once; one batch alone is admitted whatever its size. */
    INGEST_MAX_IN_FLIGHT_BYTES: z.coerce.number().int().min(1).max(1024 * 1024 * 1024).default(32 * 1024 * 1024),
    /** At most this many events in one grouped ingest write (decision 0180); a larger batch is written alone. */
    INGEST_GROUP_MAX_EVENTS: z.coerce.number().int().min(1).max(100_000).default(10_000),
    /** Ingest batches that may wait for a place, in order of arrival, beyond those in flight (0: none wait). */
    INGEST_QUEUE_LENGTH: z.coerce.number().int().min(0).max(64).default(4),
    /** How long a waiting ingest batch waits for a place before it is answered 503 with Retry-After. */
    INGEST_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
    /**
     * On the embedded database (no DATABASE_URL), while partners are reading, a batch is stored in transactions of
     * at most this many events, so that a read waits for one small transaction at most (db/turns.ts, decision 0096).
     * Otherwise, and on PostgreSQL, a batch is one transaction.
     */
    INGEST_EMBEDDED_TRANSACTION_EVENTS: z.coerce.number().int().min(1).max(10_000).default(1000),
    /**
     * Browser API calls per minute (API_RATE_LIMIT above, applied by app/rate-limits.ts): a signed-in partner's reads per account, everything else
     * per IP address. Raised only by load benchmarks, which drive one partner far beyond what a person clicks.
     */
    API_RATE_LIMIT_READS: z.coerce.number().int().min(1).max(10_000_000).default(API_RATE_LIMIT.signedInReads),
    API_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(API_RATE_LIMIT.perIp),
    /** Megabytes of kept answers of the figure screens per process (decision 0093); 0 keeps none. */
    READ_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
    /** Calls per minute one webmaster API key may make; more are answered 429 with Retry-After (decision 0122). */
    WEBMASTER_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
    SEED_DEMO: bool.optional(),
    /**
     * The Redis that several processes of one deployment share (decision 0174): rate limits count across them and a
     * session that ends, ends on all of them at once. Unset: one process, limits and kept sessions in its memory.
     */
    REDIS_URL: z.string().optional(),
    /** Prefix of the cabinet's keys in that Redis (several deployments may share one). */
    REDIS_KEY_PREFIX: z.string().min(1).max(64).default('pc:'),
    /**
     * Bearer token that opens GET /metrics (Prometheus text) on the server's port; unset: not served there.
     * Decision 0173.
     */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** A port of its own for /metrics without a token (bound to METRICS_HOST); 0: none. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /**
     * On SIGTERM, how long readiness answers 503 before the server stops taking requests, so a load balancer stops
     * sending first (its probe interval); then requests and ingest batches in flight finish, jobs end, the pool closes.
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /**
     * How often the scheduled jobs take their turn (closes, mails, postbacks, alerts, feeds, site checks, automatic
     * payouts): every minute. Shorter only where a test watches several processes run them.
     */
    JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Unset: json in production, pretty (one readable line per record) elsewhere. */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    TRUST_PROXY: trustProxySetting.default(false),
    /** Unset: the public feed, except under NODE_ENV=test (off: tests never reach the internet). Decision 0100. */
    RATE_FEED_CBR_URL: feedUrl.optional(),
    RATE_FEED_NBU_URL: feedUrl.optional(),
    /**
     * Lets partner-given URLs (postbacks, site checks) reach private, loopback and other non-public addresses, and
     * postbacks use plain http: for tests with a local receiver only; refused in production. Decision 0123.
     */
    OUTBOUND_ALLOW_PRIVATE: bool.default(false),
    /** The help centre's single-sign-on address (docs/help-center-sso.md); empty: no help centre. Decision 0121. */
    HELP_CENTER_URL: optionalLink.default(''),
    /** The secret the help centre verifies the sign-on token with; required when HELP_CENTER_URL is set. */
    HELP_CENTER_SSO_SECRET: z.string().min(32).optional(),
    /** The top bar's support centre, "Write us" and messenger links; an empty one is not shown. */
    SUPPORT_URL: optionalLink.default(''),
    SUPPORT_CONTACT_URL: optionalContact.default(''),
    SUPPORT_MESSENGER_URL: optionalLink.default(''),
    /**
     * The programme's details printed on payout statements (decision 0205): who pays, its address (lines separated
     * by " | ") and tax ID; an empty one is left out.
     */
    STATEMENT_ISSUER_NAME: z.string().trim().max(120).default('Partner Cabinet'),
    STATEMENT_ISSUER_ADDRESS: z.string().trim().max(300).default(''),
    STATEMENT_ISSUER_TAX_ID: z.string().trim().max(60).default(''),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.DATABASE_READ_URL && !cfg.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'a replica of DATABASE_URL: requires DATABASE_URL' });
    if (cfg.HELP_CENTER_URL && !cfg.HELP_CENTER_SSO_SECRET)
      ctx.addIssue({ code: 'custom', path: ['HELP_CENTER_SSO_SECRET'], message: 'required when HELP_CENTER_URL is set' });
    if (cfg.NODE_ENV !== 'production') return;
    // Production refuses the development defaults: every secret must be set explicitly.
    const secrets = [
      'SESSION_SECRET',
      'CAPTCHA_SECRET',
      'AUTOLOGIN_SECRET_FD1',
      'AUTOLOGIN_SECRET_FD2',
      'INGEST_TOKEN_FD1',
      'INGEST_TOKEN_FD2',
      'OPERATOR_TOKEN',
    ] as const;
    for (const key of secrets) {
      const value = cfg[key];
      if (value.startsWith('dev') || value.startsWith('development'))
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be set in production` });
    }
    if (!cfg.DATABASE_URL) ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'required in production' });
    if (cfg.OUTBOUND_ALLOW_PRIVATE) ctx.addIssue({ code: 'custom', path: ['OUTBOUND_ALLOW_PRIVATE'], message: 'must be false in production' });
    if (!cfg.PAYOUT_DETAILS_KEY) ctx.addIssue({ code: 'custom', path: ['PAYOUT_DETAILS_KEY'], message: 'PAYOUT_DETAILS_KEY must be set in production' });
  })
  .transform((cfg) => ({
    ...cfg,
    // The links in e-mails and the printed addresses follow the port actually served.
    PUBLIC_URL: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
    HOST: cfg.HOST ?? (cfg.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    PAYOUT_DETAILS_KEY: cfg.PAYOUT_DETAILS_KEY ?? createHmac('sha256', cfg.SESSION_SECRET).update('payout-details-key').digest('hex'),
    LOG_FORMAT: cfg.LOG_FORMAT ?? (cfg.NODE_ENV === 'production' ? 'json' : 'pretty'),
    RATE_FEED_CBR_URL: cfg.RATE_FEED_CBR_URL ?? (cfg.NODE_ENV === 'test' ? '' : CBR_DAILY_URL),
    RATE_FEED_NBU_URL: cfg.RATE_FEED_NBU_URL ?? (cfg.NODE_ENV === 'test' ? '' : NBU_USD_URL),
  }));

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
