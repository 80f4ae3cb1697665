import type { Micro } from '../money.ts';

/**
 * Four eyes on large payouts (decision 0162): a request of more than the product setting `payoutFourEyesMicro`
 * is completed (moved to accepted) only after a second member of staff approved it. The approver and the one
 * who completes must be two different people, so both must be people: a named token or the shared operator token
 * is automation that anyone holding it can use, and cannot stand for either pair of eyes.
 */
export type ApprovalActorKind = 'staff' | 'token' | 'legacy';

export interface ApprovalActor {
  kind: ApprovalActorKind;
  id: number | null;
}

/** Whether a request of this amount needs a second person's approval before it is completed. */
export function needsSecondApproval(amountMicro: Micro, thresholdMicro: Micro): boolean {
  return amountMicro > thresholdMicro;
}

export type ApproveCheck = { ok: true } | { ok: false; reason: 'not_a_person' | 'not_needed' | 'already_approved' };

/** Whether `actor` may approve a request (only a person; only a request that needs it; once). */
export function checkApprove(input: { amountMicro: Micro; thresholdMicro: Micro; approvedBy: number | null; actor: ApprovalActor }): ApproveCheck {
  if (input.actor.kind !== 'staff' || input.actor.id === null) return { ok: false, reason: 'not_a_person' };
  if (!needsSecondApproval(input.amountMicro, input.thresholdMicro)) return { ok: false, reason: 'not_needed' };
  if (input.approvedBy !== null) return { ok: false, reason: 'already_approved' };
  return { ok: true };
}

export type CompleteCheck = { ok: true } | { ok: false; reason: 'approval_required' | 'approver_cannot_complete' | 'not_a_person' };

/**
 * Whether `actor` may complete a request: always when it is at most the threshold; above it, only a person other
 * than the approver, after the approval.
 */
export function checkComplete(input: { amountMicro: Micro; thresholdMicro: Micro; approvedBy: number | null; actor: ApprovalActor }): CompleteCheck {
  if (!needsSecondApproval(input.amountMicro, input.thresholdMicro)) return { ok: true };
  if (input.actor.kind !== 'staff' || input.actor.id === null) return { ok: false, reason: 'not_a_person' };
  if (input.approvedBy === null) return { ok: false, reason: 'approval_required' };
  if (input.approvedBy === input.actor.id) return { ok: false, reason: 'approver_cannot_complete' };
  return { ok: true };
}
