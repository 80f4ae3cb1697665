import { sql } from 'drizzle-orm';
import type { ProjectId } from '@pc/core';
import type { Database } from '../db/client.ts';
import { num, pgArray } from '../db/sql.ts';
import { oneFor, SharedRead } from '../db/shared-read.ts';

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
 * Reads partners' standing (programme and generation) for the reads of one process, batched: each request names
 * the partner and project it wants and shares the next read (SharedRead), which answers all the names asked so far
 * in one query. A request only ever joins a read sent after it arrived, so what it reads includes every write
 * committed before it came; under load one query serves many requests instead of one each.
 */
export class StandingReader {
  /** The partners and projects the next read is to answer. */
  private wanted = new Map<string, { userId: number; project: ProjectId }>();
  private readonly shared = new SharedRead(() => this.readWanted());

  constructor(private readonly database: Database) {}

  async read(userId: number, project: ProjectId): Promise<Standing> {
    const key = `${userId}:${project}`;
    this.wanted.set(key, { userId, project });
    const found = await this.shared.read();
    return found.get(key)!;
  }

  private async readWanted(): Promise<Map<string, Standing>> {
    const batch = [...this.wanted.values()];
    this.wanted = new Map();
    // One text whatever the batch (its partners travel as two arrays), so each connection plans it once; the arrays
    // are sub-selects, so that no estimate depends on their length and the kept plan is used (given as parameters,
    // each call was planned anew: planning cost five times the statement).
    const found = await this.database.query<{ user_id: unknown; project: string; active: unknown; generation: unknown }>(
      sql`select u.user_id, u.project,
                 exists (select 1 from partner_programs p where p.user_id = u.user_id and p.project = u.project) as active,
                 (select sum(g.generation) from partner_generations g where g.user_id = u.user_id) as generation
          from unnest((select ${pgArray(batch.map((b) => b.userId))}::bigint[]), (select ${pgArray(batch.map((b) => b.project))}::text[])) as u(user_id, project)`,
      { prepared: 'standing_read' },
    );
    const byKey = new Map(found.map((r) => [`${num(r.user_id)}:${r.project}`, r]));
    return new Map(
      batch.map((b) => {
        const r = byKey.get(`${b.userId}:${b.project}`);
        return [`${b.userId}:${b.project}`, { active: r?.active === true, generation: num(r?.generation) }];
      }),
    );
  }
}

/** One standing reader per database handle (so per process and database), shared by every route. */
const readers = new WeakMap<Database, StandingReader>();

export const standingReaderOf = (database: Database): StandingReader => oneFor(readers, database, () => new StandingReader(database));
