import { sql } from 'drizzle-orm';
import type { ProjectId } from '@pc/core';
import type { Database } from '../db/client.ts';
import { num, pgArray, rows } from '../db/sql.ts';

/**
 * A partner's standing in a project: whether their programme there is active, and the generation of their figures
 * (partner_generations, plumbing/read-cache.ts). The programme check of every call about a project
 * (app.requireProgram) and the kept answers' lookup read it, batched.
 */
export interface Standing {
  /** The partner's programme in the project is active. */
  active: boolean;
  /** The sum of the partner's counters, which only grow (0 before the first write). */
  generation: number;
}

/**
 * Reads partners' standing (programme and generation) for the reads of one process, batched: the requests that
 * arrive while a lookup is under way wait for the next one, which answers all of them in one query. A request
 * only ever joins a lookup sent after it arrived, so what it reads includes every write committed before it
 * came; under load one query serves many requests instead of one each.
 */
export class StandingReader {
  private waiting = new Map<
    string,
    {
      userId: number;
      project: ProjectId;
      resolve: Array<(s: Standing) => void>;
      reject: Array<(e: unknown) => void>;
    }
  >();
  private busy = false;

  constructor(private readonly database: Database) {}

  read(userId: number, project: ProjectId): Promise<Standing> {
    return new Promise((resolve, reject) => {
      const key = `${userId}:${project}`;
      let entry = this.waiting.get(key);
      if (!entry) this.waiting.set(key, (entry = { userId, project, resolve: [], reject: [] }));
      entry.resolve.push(resolve);
      entry.reject.push(reject);
      if (!this.busy) void this.flush();
    });
  }

  private async flush() {
    this.busy = true;
    while (this.waiting.size > 0) {
      const batch = [...this.waiting.values()];
      this.waiting = new Map();
      try {
        const found = await rows<{ user_id: unknown; project: string; active: unknown; generation: unknown }>(
          this.database.db,
          sql`select u.user_id, u.project,
                     exists (select 1 from partner_programs p where p.user_id = u.user_id and p.project = u.project) as active,
                     (select sum(g.generation) from partner_generations g where g.user_id = u.user_id) as generation
              from unnest(${pgArray(batch.map((b) => b.userId))}::bigint[], ${pgArray(batch.map((b) => b.project))}::text[]) as u(user_id, project)`,
        );
        const byKey = new Map(found.map((r) => [`${num(r.user_id)}:${r.project}`, r]));
        for (const b of batch) {
          const r = byKey.get(`${b.userId}:${b.project}`);
          const standing = { active: r?.active === true, generation: num(r?.generation) };
          for (const resolve of b.resolve) resolve(standing);
        }
      } catch (error) {
        for (const b of batch) for (const reject of b.reject) reject(error);
      }
    }
    this.busy = false;
  }
}

/** One standing reader per database handle (so per process and database), shared by every route. */
const readers = new WeakMap<Database, StandingReader>();

export function standingReaderOf(database: Database): StandingReader {
  let reader = readers.get(database);
  if (!reader) readers.set(database, (reader = new StandingReader(database)));
  return reader;
}
