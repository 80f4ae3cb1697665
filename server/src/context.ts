import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';

/** Reads "now". Tests pass a clock they can move; production uses the system clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What every module gets: configuration, the database, mail and the clock. No module creates its own. */
export interface AppContext {
  config: Config;
  database: Database;
  /** A streaming replica for partners' figure reads (DATABASE_READ_URL); reads go to `database` without one. */
  readDatabase?: Database;
  mailer: Mailer;
  clock: Clock;
}
