import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLANS, type Plan } from '../product.ts';
import { checkPlanChange, defaultPlan, lastPlanChoiceAt, planAt, planSchedule, type PlanRow } from './plans.ts';
import { dayKey, dayStart } from './time.ts';

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
          expect(check.effectiveFrom.getTime()).toBeGreaterThan(now.getTime());
          expect(check.effectiveFrom.getTime() - now.getTime()).toBeLessThanOrEqual(86_400_000);
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
