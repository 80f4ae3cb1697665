import { DEFAULT_PRODUCT, INGEST_MAX_AGE_DAYS, ingestEvent, type IngestEvent, type IngestResult, type ProjectId } from '@pc/core';
import type { Row } from '../db/sql.ts';
import type { Partner } from './state.ts';

/**
 * The checks of a batch's events, each on its own: the event schema (core's zod contract), the time window, a
 * repeated id inside the batch, then the partner it names. A rejected event gets its result here and goes no
 * further; the good ones beside it are not affected.
 */

const DAY_MS = 86_400_000;

/** An event that passed the schema and time checks, with its time in UTC. */
export interface ValidEvent {
  index: number;
  event: IngestEvent;
  at: string;
}

/** A valid event of an active partner (`userId` is the partner's cabinet id). */
export interface PartnerEvent extends ValidEvent {
  userId: number;
}

function zodMessage(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Validates each event on its own; `results` gets the rejections and the duplicates within the batch. */
export function validateEvents(input: unknown[], now: number, results: IngestResult[]): ValidEvent[] {
  const valid: ValidEvent[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < input.length; index++) {
    const raw = input[index];
    const rawId = typeof raw === 'object' && raw !== null && typeof (raw as Row).id === 'string' ? ((raw as Row).id as string) : null;
    const parsed = ingestEvent.safeParse(raw);
    if (!parsed.success) {
      const type = typeof raw === 'object' && raw !== null ? (raw as Row).type : undefined;
      const unknownType = typeof type === 'string' && !ingestEvent.options.some((o) => o.shape.type.value === type);
      results[index] = {
        index,
        id: rawId,
        status: 'rejected',
        reason: unknownType ? 'unknown_type' : 'invalid_event',
        message: unknownType ? `unknown event type ${JSON.stringify(type)}` : zodMessage(parsed.error),
      };
      continue;
    }
    const event = parsed.data;
    const t = Date.parse(event.at);
    if (t > now + DEFAULT_PRODUCT.futureSkewMs) {
      results[index] = { index, id: event.id, status: 'rejected', reason: 'in_future', message: 'event time is more than 5 minutes ahead' };
      continue;
    }
    if (t < now - INGEST_MAX_AGE_DAYS * DAY_MS) {
      results[index] = { index, id: event.id, status: 'rejected', reason: 'too_old', message: `event time is more than ${INGEST_MAX_AGE_DAYS} days back` };
      continue;
    }
    if (seen.has(event.id)) {
      results[index] = { index, id: event.id, status: 'duplicate' };
      continue;
    }
    seen.add(event.id);
    valid.push({ index, event, at: new Date(t).toISOString() });
  }
  return valid;
}

/** Keeps the events of known, active partners; `results` gets the others' rejections. */
export function checkPartners(project: ProjectId, valid: ValidEvent[], partners: Map<number, Partner>, results: IngestResult[]): PartnerEvent[] {
  const candidates: PartnerEvent[] = [];
  for (const v of valid) {
    const partner = partners.get(v.event.app_users_id);
    if (!partner) {
      results[v.index] = { index: v.index, id: v.event.id, status: 'rejected', reason: 'unknown_partner', message: `no partner ${v.event.app_users_id} in ${project}` };
    } else if (!partner.active) {
      results[v.index] = { index: v.index, id: v.event.id, status: 'rejected', reason: 'partner_inactive', message: `partner ${v.event.app_users_id} is not active` };
    } else {
      candidates.push({ ...v, userId: partner.userId });
    }
  }
  return candidates;
}
