import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT, PLANS, type Plan } from '../product.ts';
import {
  checkPlanCancel,
  checkPlanChange,
  defaultPlan,
  freeDownloadSettingsAvailable,
  isFreeDownloadAllowed,
  lastPlanChoiceAt,
  planAt,
  planChangeAllowedAt,
  planEffectiveFrom,
  planSchedule,
  priceVariationsProblem,
  type FreeDownloadSettings,
  type PlanRow,
} from './plans.ts';
import { dayKey, dayStart } from './time.ts';

const toMs = (at: string | Date) => new Date(at).getTime();

const rows: PlanRow[] = [
  { plan: 'pps', effectiveFrom: '2026-03-02T00:00:00Z', chosenAt: '2026-03-01T15:00:00Z' },
  { plan: 'ppd', effectiveFrom: '2026-03-10T00:00:00Z', chosenAt: '2026-03-09T08:00:00Z' },
];

describe('plan history', () => {
  it('the default plan is Mixed', () => {
    expect(defaultPlan()).toBe('mixed');
    expect(planAt([], '2026-01-01T00:00:00Z')).toBe('mixed');
  });
  it.each([
    ['2026-03-01T23:59:59.999Z', 'mixed'],
    ['2026-03-02T00:00:00Z', 'pps'],
    ['2026-03-09T23:00:00Z', 'pps'],
    ['2026-03-10T00:00:00Z', 'ppd'],
    ['2027-01-01T00:00:00Z', 'ppd'],
  ] as const)('at %s the plan is %s', (at, plan) => {
    expect(planAt(rows, at)).toBe(plan);
    expect(planAt([...rows].reverse(), at)).toBe(plan);
  });
  it('the page shows the current and the scheduled plan', () => {
    expect(planSchedule(rows, '2026-03-09T09:00:00Z')).toEqual({
      current: 'pps',
      next: { plan: 'ppd', effectiveFrom: new Date('2026-03-10T00:00:00Z') },
    });
    expect(planSchedule(rows, '2026-03-10T00:00:00Z').next).toBeNull();
    expect(lastPlanChoiceAt(rows)?.toISOString()).toBe('2026-03-09T08:00:00.000Z');
  });
});

describe('plan change', () => {
  it('the first change is allowed at once and applies from the next UTC midnight', () => {
    expect(checkPlanChange([], 'pps', '2026-03-01T15:00:00Z')).toEqual({ allowed: true, effectiveFrom: new Date('2026-03-02T00:00:00Z') });
  });
  it('a change is allowed once per 7 days since the last choice', () => {
    expect(checkPlanChange(rows, 'mixed', '2026-03-16T07:59:59Z')).toEqual({
      allowed: false,
      reason: 'too_soon',
      allowedAt: new Date('2026-03-16T08:00:00Z'),
    });
    expect(checkPlanChange(rows, 'mixed', '2026-03-16T08:00:00Z')).toEqual({ allowed: true, effectiveFrom: new Date('2026-03-17T00:00:00Z') });
  });
  it('the activation row is not a choice: the first change after it is allowed at once', () => {
    const activated: PlanRow[] = [{ plan: 'mixed', effectiveFrom: '2026-03-01T10:00:00Z', chosenAt: '2026-03-01T10:00:00Z', activation: true }];
    expect(lastPlanChoiceAt(activated)).toBeNull();
    expect(planChangeAllowedAt(activated)).toBeNull();
    expect(checkPlanChange(activated, 'pps', '2026-03-01T11:00:00Z')).toEqual({ allowed: true, effectiveFrom: new Date('2026-03-02T00:00:00Z') });
    expect(checkPlanChange(activated, 'mixed', '2026-03-01T11:00:00Z')).toEqual({ allowed: false, reason: 'same_plan' });
    // Counted as a choice, the same row would hold the change for 7 days.
    expect(checkPlanChange([{ ...activated[0]!, activation: false }], 'pps', '2026-03-01T11:00:00Z')).toMatchObject({ allowed: false, reason: 'too_soon' });
    const chosen: PlanRow[] = [...activated, { plan: 'pps', effectiveFrom: '2026-03-02T00:00:00Z', chosenAt: '2026-03-01T11:00:00Z' }];
    expect(planChangeAllowedAt(chosen)?.toISOString()).toBe('2026-03-08T11:00:00.000Z');
  });
  it.each([
    ['2026-03-01T15:00:00Z', '2026-03-02T00:00:00.000Z'],
    ['2026-03-01T00:00:00Z', '2026-03-02T00:00:00.000Z'],
    ['2026-03-01T23:54:59Z', '2026-03-02T00:00:00.000Z'],
    // Ingest takes events up to 5 minutes ahead: tomorrow's first events may already be priced.
    ['2026-03-01T23:55:00Z', '2026-03-03T00:00:00.000Z'],
    ['2026-03-01T23:59:59Z', '2026-03-03T00:00:00.000Z'],
  ])('a plan chosen at %s applies from %s', (now, from) => {
    expect(planEffectiveFrom(now).toISOString()).toBe(from);
  });
  it('choosing the plan already in force is refused', () => {
    expect(checkPlanChange(rows, 'ppd', '2026-04-01T00:00:00Z')).toEqual({ allowed: false, reason: 'same_plan' });
  });
  it('a plan switch applies from the next UTC midnight only', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom<Plan>(...PLANS),
        (now, plan) => {
          fc.pre(plan !== 'mixed');
          const check = checkPlanChange([], plan, now);
          if (!check.allowed) throw new Error('expected allowed');
          // After every event ingest may already have priced (up to futureSkewMs ahead), and at most a day after that.
          expect(check.effectiveFrom.getTime()).toBeGreaterThan(now.getTime() + DEFAULT_PRODUCT.futureSkewMs);
          expect(check.effectiveFrom.getTime() - now.getTime()).toBeLessThanOrEqual(86_400_000 + DEFAULT_PRODUCT.futureSkewMs);
          expect(check.effectiveFrom).toEqual(dayStart(dayKey(check.effectiveFrom)));
          const after: PlanRow[] = [{ plan, effectiveFrom: check.effectiveFrom, chosenAt: now }];
          // Nothing up to the end of today changes; from the midnight on, the new plan.
          expect(planAt(after, now)).toBe('mixed');
          expect(planAt(after, new Date(check.effectiveFrom.getTime() - 1))).toBe('mixed');
          expect(planAt(after, check.effectiveFrom)).toBe(plan);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('taking back a scheduled plan change', () => {
  const scheduled: PlanRow[] = [...rows, { plan: 'mixed', effectiveFrom: '2026-03-20T00:00:00Z', chosenAt: '2026-03-19T10:00:00Z' }];
  it.each([
    ['a change not started yet', scheduled, '2026-03-19T10:00:01Z', { allowed: true, effectiveFrom: new Date('2026-03-20T00:00:00Z'), plan: 'mixed' }],
    ['up to the ingest skew before it starts', scheduled, '2026-03-19T23:54:59.999Z', { allowed: true, effectiveFrom: new Date('2026-03-20T00:00:00Z'), plan: 'mixed' }],
    ['not in the last 5 minutes (events ahead may be priced)', scheduled, '2026-03-19T23:55:00Z', { allowed: false, reason: 'too_late', effectiveFrom: new Date('2026-03-20T00:00:00Z') }],
    ['not once it started', scheduled, '2026-03-20T00:00:00Z', { allowed: false, reason: 'nothing_scheduled' }],
    ['nothing to take back without a future row', rows, '2026-03-12T00:00:00Z', { allowed: false, reason: 'nothing_scheduled' }],
    ['nor without history', [], '2026-03-12T00:00:00Z', { allowed: false, reason: 'nothing_scheduled' }],
    [
      "nor the activation's row",
      [{ plan: 'mixed', effectiveFrom: '2026-03-13T00:00:00Z', chosenAt: '2026-03-12T10:00:00Z', activation: true }] as PlanRow[],
      '2026-03-12T11:00:00Z',
      { allowed: false, reason: 'nothing_scheduled' },
    ],
  ] as const)('%s', (_name, history, now, expected) => {
    expect(checkPlanCancel(history, now)).toEqual(expected);
  });

  it('once taken back, the plan in force stays from now on and the wait counts from the choice before', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom<Plan>(...PLANS),
        fc.constantFrom<Plan>(...PLANS),
        fc.integer({ min: 0, max: 86_400_000 }),
        (chosenAt, before, chosen, later) => {
          const history: PlanRow[] = [{ plan: before, effectiveFrom: '2024-06-01T00:00:00Z', chosenAt: '2024-05-31T12:00:00Z' }];
          const change = checkPlanChange(history, chosen, chosenAt);
          if (!change.allowed) return;
          const withChoice: PlanRow[] = [...history, { plan: chosen, effectiveFrom: change.effectiveFrom, chosenAt }];
          const now = new Date(chosenAt.getTime() + later);
          const cancel = checkPlanCancel(withChoice, now);
          const untilStart = change.effectiveFrom.getTime() - now.getTime();
          if (untilStart <= 0) {
            expect(cancel).toEqual({ allowed: false, reason: 'nothing_scheduled' });
            return;
          }
          if (untilStart <= DEFAULT_PRODUCT.futureSkewMs) {
            expect(cancel).toMatchObject({ allowed: false, reason: 'too_late' });
            return;
          }
          expect(cancel).toEqual({ allowed: true, effectiveFrom: change.effectiveFrom, plan: chosen });
          if (!cancel.allowed) return;
          // What remains once the row is gone: the plan in force, before and after the date it would have started.
          const remaining = withChoice.filter((r) => toMs(r.effectiveFrom) !== cancel.effectiveFrom.getTime());
          expect(planAt(remaining, now)).toBe(before);
          expect(planAt(remaining, change.effectiveFrom)).toBe(before);
          expect(planSchedule(remaining, now).next).toBeNull();
          expect(lastPlanChoiceAt(remaining)).toEqual(new Date('2024-05-31T12:00:00Z'));
        },
      ),
    );
  });
});

describe('free downloads and price variations', () => {
  const settings: FreeDownloadSettings = { mode: 'individual', newFilesDefault: true, inboxDefault: false, maxFileSizeBytes: 1_000 };
  it.each([
    { label: 'Mixed: always free', plan: 'mixed', s: { mode: 'disallow_all' }, file: { sizeBytes: 5_000, flag: false, inInbox: false }, ok: true },
    { label: 'PPD: always free', plan: 'ppd', s: {}, file: { sizeBytes: 5_000, flag: false, inInbox: false }, ok: true },
    { label: 'PPS allow all', plan: 'pps', s: { mode: 'allow_all' }, file: { sizeBytes: 10, flag: false, inInbox: false }, ok: true },
    { label: 'PPS allow all above the size cap', plan: 'pps', s: { mode: 'allow_all' }, file: { sizeBytes: 1_001, flag: true, inInbox: false }, ok: false },
    { label: 'PPS allow all, unlimited size', plan: 'pps', s: { mode: 'allow_all', maxFileSizeBytes: null }, file: { sizeBytes: 1e12, flag: null, inInbox: false }, ok: true },
    { label: 'PPS disallow all', plan: 'pps', s: { mode: 'disallow_all' }, file: { sizeBytes: 10, flag: true, inInbox: false }, ok: false },
    { label: 'PPS individual, flag on', plan: 'pps', s: {}, file: { sizeBytes: 10, flag: true, inInbox: true }, ok: true },
    { label: 'PPS individual, flag off', plan: 'pps', s: {}, file: { sizeBytes: 10, flag: false, inInbox: false }, ok: false },
    { label: 'PPS individual, no flag: new-files default', plan: 'pps', s: {}, file: { sizeBytes: 10, flag: null, inInbox: false }, ok: true },
    { label: 'PPS individual, no flag in Inbox: Inbox default', plan: 'pps', s: {}, file: { sizeBytes: 10, flag: null, inInbox: true }, ok: false },
  ] as const)('$label', ({ plan, s, file, ok }) => {
    expect(isFreeDownloadAllowed({ plan, settings: { ...settings, ...s }, file })).toBe(ok);
  });
  it('settings exist only on PPS', () => {
    expect(PLANS.filter(freeDownloadSettingsAvailable)).toEqual(['pps']);
  });
  it.each([
    [[], null], [['a', 'b', 'c'], null], [['a', 'b', 'c', 'd'], 'too_many'], [['a', 'x'], 'unknown'], [['a', 'a'], 'duplicate'],
  ] as const)('pick %j → %s', (selected, problem) => {
    expect(priceVariationsProblem(selected, ['a', 'b', 'c', 'd', 'e'])).toBe(problem);
  });
});
