import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The store the processes of one deployment share (decision 0174): Redis, through ioredis. It holds the rate limits'
 * counters (@fastify/rate-limit's Redis store) and the sessions' epoch, so that a limit counts every process's
 * requests and a session that ends on one process ends on all of them at once. Without REDIS_URL (the embedded
 * default, one process) neither is needed and nothing here runs.
 *
 * Commands fail at once while Redis is away (no offline queue, one try): a limit that must hold (sign-in, code
 * checks, mailed links) then refuses the call with 503, the others let it through, and kept sessions are looked
 * up in the database again. The outage is logged once when it begins and once when it ends.
 */
export interface SharedStore {
  redis: Redis;
  /** Prefix of every key, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  close(): Promise<void>;
}

export function openSharedStore(url: string, prefix: string, log: FastifyBaseLogger): SharedStore {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Reconnects forever, at most every two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'shared store unreachable; sign-in, code checks and mailed links are refused, other limits let calls through');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn('shared store reachable again');
  });
  return {
    redis,
    prefix,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Whether an error comes from the shared store being away (ioredis' own errors carry these names or messages). */
export function isSharedStoreUnavailable(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return message.includes("Stream isn't writeable") || message.includes('Connection is closed');
}

/**
 * The sessions' epoch: a counter every process reads before it looks a session up and keeps it, and that is raised
 * whenever sessions end. A kept session is answered only while the epoch is the one it was kept under.
 */
export class SessionEpoch {
  private readonly key: string;
  constructor(private readonly store: SharedStore) {
    this.key = `${store.prefix}sessions:epoch`;
  }

  /** The current epoch, or null when the store cannot say (then nothing is answered from memory). */
  async read(): Promise<string | null> {
    try {
      return (await this.store.redis.get(this.key)) ?? '0';
    } catch {
      return null;
    }
  }

  /** Sessions ended: raises the epoch, so every process looks its kept sessions up again. */
  async raise(): Promise<void> {
    try {
      await this.store.redis.incr(this.key);
    } catch {
      // Away: the other processes cannot read the epoch either, and look every session up in the database.
    }
  }
}
