import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { PROJECTS, dayOf, type ProjectId } from '@pc/core';
import { pgArray, type Tx } from '../db/sql.ts';
import { currentUser, programNotActive } from './session/plugin.ts';
import { standingReaderOf } from './standing.ts';

/**
 * Kept answers of a partner's figure screens (decision 0093). An answer is kept under the partner, the partner's
 * generation, today's date and the call's URL. The generation lives in the database (partner_generations): ingest
 * raises it for the partners a batch moved (bumpPartnerGenerations, in the batch's transaction), triggers raise
 * it for the partners of ledger entries, storage and gold rows written (closes, operators). Each request reads it
 * (with the programme check, batched: StandingReader, plumbing/standing.ts), so no process ever serves an answer
 * its figures have moved past, however many processes serve the cabinet. The kept body is the one the call wrote,
 * byte for byte.
 */

/**
 * Raises the ingest generation of each partner whose figures an ingest batch moved. Call it once, as the batch's
 * last statement: its row locks are then taken in id order by transactions that wait for nothing else after them.
 */
export async function bumpPartnerGenerations(
  tx: Pick<Tx, 'execute'>,
  userIds: Iterable<number>,
): Promise<void> {
  const insert = partnerGenerationsInsert(userIds);
  if (insert) await tx.execute(insert);
}

/**
 * bumpPartnerGenerations' insert, for a statement that writes more (ingest's writeChanges); `when`, a condition
 * its rows are selected under, lets it wait for the statement's other parts. Null without partners.
 */
export function partnerGenerationsInsert(userIds: Iterable<number>, when: SQL = sql`true`): SQL | null {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return null;
  return sql`insert into partner_generations as gen (user_id, source, generation)
    select id, 'ingest', 1 from unnest(${pgArray(ids)}::bigint[]) as id where ${when} order by id
    on conflict (user_id, source) do update set generation = gen.generation + 1`;
}

interface KeptAnswer {
  /** The answer's bytes as written (kept encoded: a hit sends them without encoding them again). */
  body: Buffer;
  contentType: string;
  /** The moment (ms) from which the answer is no longer right though the figures did not move; null: the day's end. */
  until: number | null;
}

/** The kept answers of one app (one process serving one database), bounded by their size. */
export class AnswerCache {
  private readonly kept: LRUCache<string, KeptAnswer>;

  constructor(maxBytes: number) {
    this.kept = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (answer, key) => answer.body.byteLength + key.length + 64,
    });
  }

  get(key: string): KeptAnswer | undefined {
    return this.kept.get(key);
  }

  delete(key: string) {
    this.kept.delete(key);
  }

  set(key: string, answer: KeptAnswer) {
    // An answer larger than the whole cache is not kept (lru-cache would refuse it anyway).
    if (answer.body.byteLength + key.length + 64 <= this.kept.maxSize) this.kept.set(key, answer);
  }

  get size() {
    return this.kept.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Kept answers of the figure screens (READ_CACHE_MB; null when 0). */
    answerCache: AnswerCache | null;
  }
}

/** The key a request's answer would be kept under, between its lookup and its answer. */
const pending = new WeakMap<FastifyRequest, { key: string; day: string }>();

/** The moment a request's answer stops being right by the clock alone, as its handler said (keepUntil). */
const goodUntil = new WeakMap<FastifyRequest, number>();

/**
 * Says that the answer being computed for `request` changes at `at` even if the partner's figures do not (a file
 * list's hints, which turn at moments of the day: decision 0211), so a kept copy is served only before then. Several
 * calls keep the earliest.
 */
export function keepUntil(request: FastifyRequest, at: Date) {
  const earlier = goodUntil.get(request);
  goodUntil.set(request, earlier === undefined ? at.getTime() : Math.min(earlier, at.getTime()));
}

/**
 * Route options that keep a figure screen's answers: `preHandler` checks the partner and the programme (as
 * app.requireProgram does, in the same lookup as the generation) and answers from the cache when it can; `onSend`
 * keeps a fresh 200 answer. With `scope: 'partner'` the call names no project (the dashboard's sums over both):
 * the partner is checked as app.requireUser does and no programme is. Only for GET calls whose answer is a function
 * of the partner's figures, today's date and the URL: nothing of the session or the language, and nothing
 * finer-grained in time unless the handler says when its answer turns (keepUntil: the file lists' hints).
 */
export function keptAnswers(
  app: FastifyInstance,
  { scope = 'project' }: { scope?: 'project' | 'partner' } = {},
): {
  preHandler: preHandlerAsyncHookHandler[];
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
} {
  const { clock } = app.ctx;
  const cache = app.answerCache;
  // READ_CACHE_MB=0: the call is checked as any other and its answer computed every time.
  if (!cache) {
    return { preHandler: [scope === 'project' ? app.requireProgram : app.requireUser], onSend: async (_request, _reply, payload) => payload };
  }
  /**
   * The generation is read where the answer's figures are (the replica or the primary, db/read-routing.ts), so an
   * answer is kept under the generation of the very data it was computed from.
   */
  const lookup: preHandlerAsyncHookHandler = async function (request, reply) {
    const standing = standingReaderOf(request.figures);
    const user = currentUser(request);
    // Runs after validation: `app` is a project id. A partner-wide call reads the generation (the same for every
    // project: it sums the partner's counters) under either project and checks no programme.
    const project = scope === 'project' ? (request.query as { app?: ProjectId }).app : PROJECTS[0];
    if (!project) throw programNotActive(project);
    const day = dayOf(clock.now());
    const { active, generation } = await standing.read(user.id, project);
    if (scope === 'project' && !active) throw programNotActive(project);
    const key = `${user.id}:${generation}:${day}:${request.url}`;
    let hit = request.method === 'GET' ? cache.get(key) : undefined;
    if (hit && hit.until !== null && clock.now().getTime() >= hit.until) {
      cache.delete(key);
      hit = undefined;
    }
    if (hit) {
      reply.header('content-type', hit.contentType);
      return reply.send(hit.body);
    }
    if (request.method === 'GET') pending.set(request, { key, day });
  };
  return {
    preHandler: [app.requireUser, lookup],
    onSend: async (request, reply, payload) => {
      const miss = pending.get(request);
      if (!miss) return payload;
      pending.delete(request);
      // Kept only while it is still the same day: an answer computed after midnight belongs to the next day's key.
      const until = goodUntil.get(request) ?? null;
      const now = clock.now();
      if (reply.statusCode === 200 && typeof payload === 'string' && dayOf(now) === miss.day && (until === null || now.getTime() < until)) {
        const body = Buffer.from(payload);
        cache.set(miss.key, {
          body,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          until,
        });
        // The kept bytes go out this time too, so that a hit and a miss send the very same thing.
        return body;
      }
      return payload;
    },
  };
}
