import type { FastifyBaseLogger } from 'fastify';

/**
 * Whether an error means the database cannot be reached or cannot answer now (as opposed to a fault of the query):
 * the connection refused, reset or closed, a connect that timed out, the server shutting down or starting up, a
 * statement that ran past the statement timeout. Callers answer such errors 503 with Retry-After and try again
 * later; anything else stays an internal error. Drizzle wraps the driver's error, so the cause chain is searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      // SQLSTATE class 08: connection exception; 57P01-57P03: shut down or starting; 57014: statement timeout;
      // 53300: too many connections.
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '57014' || code === '53300') return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres' and pg-pool's own errors carry no code, only these messages. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
  'Cannot use a pool after calling end on the pool',
];

/** Seconds a caller is asked to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What this process knows of the database's reachability, so that an outage is logged once when it begins and once
 * when it ends, not by every request and every job tick in between.
 */
export class DatabaseOutage {
  private downSince: number | null = null;

  get down(): boolean {
    return this.downSince !== null;
  }

  /** An operation failed because the database is away: logs the first such failure of an outage. */
  report(log: FastifyBaseLogger, error: unknown, what: string): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    log.warn({ err: error, during: what }, 'database unreachable; answering 503 and skipping scheduled jobs until it is back');
  }

  /** An operation succeeded: logs the end of an outage, if there was one. */
  recovered(log: FastifyBaseLogger): void {
    if (this.downSince === null) return;
    const seconds = Math.round((Date.now() - this.downSince) / 1000);
    this.downSince = null;
    log.warn({ outageSeconds: seconds }, 'database reachable again');
  }
}
