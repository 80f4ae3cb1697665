import type { Database } from './client.ts';

/**
 * Turn-taking between ingest and the partners' requests on the embedded database (decision 0096).
 *
 * PGlite runs every statement on the server's own thread, one at a time, and answers through promises alone: a
 * batch's transactions that followed one another directly would run for seconds without the event loop taking
 * in a request, and a partner's read would wait for all of them. So, on PGlite only, ingest transactions run one
 * after another, each after the requests that arrived meanwhile were taken in, and while partners are reading
 * a batch is stored in several smaller transactions, so that a read waits for one small transaction at most.
 * PostgreSQL serves reads beside a writing transaction on other connections: nothing here applies to it.
 */

/** A partner's request came in less than this long ago: partners are reading. */
const READING_WINDOW_MS = 1000;

const lastRequestAt = new WeakMap<Database, number>();
const turns = new WeakMap<Database, Promise<unknown>>();

/** Notes a partner's request (any cabinet call; the file hosts' ingest is not one). */
export function noteCabinetRequest(database: Database): void {
  if (database.kind === 'pglite') lastRequestAt.set(database, performance.now());
}

/** Partners are reading from the embedded database right now. */
export function cabinetReading(database: Database): boolean {
  if (database.kind !== 'pglite') return false;
  const at = lastRequestAt.get(database);
  return at !== undefined && performance.now() - at < READING_WINDOW_MS;
}

/** Resolves after the event loop has taken in what arrived meanwhile (requests, their queries). */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs a write transaction in its turn on the embedded database (see above); on PostgreSQL, at once. */
export function inWriteTurn<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (database.kind !== 'pglite') return fn();
  const previous = turns.get(database) ?? Promise.resolve();
  const run = previous.then(afterPendingIo).then(fn);
  // The queue goes on whether this one succeeds or fails; its caller gets the failure.
  turns.set(
    database,
    run.catch(() => undefined),
  );
  return run;
}
