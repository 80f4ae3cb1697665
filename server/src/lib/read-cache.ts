import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { dayOf } from '@pc/core';
import type { Database } from '../db/client.ts';
import { num, pgArray, rows, type Tx } from '../db/sql.ts';

/**
 * Kept answers of a partner's figure screens (decision 0093). An answer is kept under the partner, the partner's
 * generation, today's date and the call's URL. The generation lives in the database (partner_generations): ingest
 * raises it for the partners a batch moved (bumpPartnerGenerations, in the batch's transaction), triggers raise
 * it for the partners of ledger entries, storage and gold days written (closes, operators). Each request reads it
 * (one primary-key lookup), so no process ever serves an answer its figures have moved past, however many
 * processes serve the cabinet. The kept body is the one the call wrote, byte for byte.
 */

/**
 * Raises the ingest generation of each partner whose figures an ingest batch moved. Call it once, as the batch's
 * last statement: its row locks are then taken in id order by transactions that wait for nothing else after them.
 */
export async function bumpPartnerGenerations(
  tx: Pick<Tx, 'execute'>,
  userIds: Iterable<number>,
): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into partner_generations as g (user_id, source, generation)
    select id, 'ingest', 1 from unnest(${pgArray(ids)}::bigint[]) as id order by id
    on conflict (user_id, source) do update set generation = g.generation + 1`);
}

/** A partner's generation now: the sum of its counters, which only grow (0 before the first write). */
export async function partnerGeneration(database: Database, userId: number): Promise<number> {
  const found = await rows<{ generation: unknown }>(
    database.db,
    sql`select sum(generation) as generation from partner_generations where user_id = ${userId}`,
  );
  return num(found[0]?.generation);
}

interface KeptAnswer {
  body: string;
  contentType: string;
}

/** The kept answers of one app (one process serving one database), bounded by their size. */
export class AnswerCache {
  private readonly kept: LRUCache<string, KeptAnswer>;

  constructor(maxBytes: number) {
    // Answers are JSON, nearly all ASCII: a character is a byte.
    this.kept = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (answer, key) => answer.body.length + key.length + 64,
    });
  }

  get(key: string): KeptAnswer | undefined {
    return this.kept.get(key);
  }

  set(key: string, answer: KeptAnswer) {
    // An answer larger than the whole cache is not kept (lru-cache would refuse it anyway).
    if (answer.body.length + key.length + 64 <= this.kept.maxSize) this.kept.set(key, answer);
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

/**
 * Route options that keep a figure screen's answers: `preHandler` checks the programme (app.requireProgram) and
 * answers from the cache when it can; `onSend` keeps a fresh 200 answer. Only for GET calls whose answer is a
 * function of the partner's figures, today's date and the URL: nothing finer-grained in time (the file list's
 * hints depend on the hour, so it is not kept), nothing of the session or the language.
 */
export function keptAnswers(app: FastifyInstance): {
  preHandler: preHandlerAsyncHookHandler[];
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
} {
  const { database, clock } = app.ctx;
  const lookup: preHandlerAsyncHookHandler = async function (request, reply) {
    const cache = app.answerCache;
    if (!cache || request.method !== 'GET' || !request.user) return;
    const day = dayOf(clock.now());
    const generation = await partnerGeneration(database, request.user.id);
    const key = `${request.user.id}:${generation}:${day}:${request.url}`;
    const hit = cache.get(key);
    if (hit) {
      reply.header('content-type', hit.contentType);
      return reply.send(hit.body);
    }
    pending.set(request, { key, day });
  };
  return {
    preHandler: [app.requireProgram, lookup],
    onSend: async (request, reply, payload) => {
      const miss = pending.get(request);
      const cache = app.answerCache;
      // Kept only while it is still the same day: an answer computed after midnight belongs to the next day's key.
      if (
        miss &&
        cache &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        dayOf(clock.now()) === miss.day
      ) {
        cache.set(miss.key, {
          body: payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        });
      }
      pending.delete(request);
      return payload;
    },
  };
}
