import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { showsStartBanner } from './start.ts';

describe('the get-started banner', () => {
  it.each([
    { label: 'a new partner with nothing done', done: 0, dismissed: false, shows: true },
    { label: 'two of five steps done', done: 2, dismissed: false, shows: true },
    { label: 'one step left', done: 4, dismissed: false, shows: true },
    { label: 'every step done', done: 5, dismissed: false, shows: false },
    { label: 'dismissed with nothing done', done: 0, dismissed: true, shows: false },
    { label: 'dismissed with steps left', done: 3, dismissed: true, shows: false },
    { label: 'dismissed and every step done', done: 5, dismissed: true, shows: false },
  ])('$label: $shows', ({ done, dismissed, shows }) => {
    expect(showsStartBanner({ done, total: 5, dismissed })).toBe(shows);
  });

  it('once hidden, it stays hidden whatever the partner does next (steps are done, never undone)', () => {
    const move = fc.constantFrom('step', 'dismiss', 'nothing');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(move, { maxLength: 30 }), (total, moves) => {
        let state = { done: 0, total, dismissed: false };
        let hidden = false;
        for (const m of moves) {
          if (m === 'step') state = { ...state, done: Math.min(total, state.done + 1) };
          if (m === 'dismiss') state = { ...state, dismissed: true };
          const shows = showsStartBanner(state);
          if (hidden) expect(shows).toBe(false);
          // It shows exactly while a step is open and it was not dismissed.
          expect(shows).toBe(!state.dismissed && state.done < total);
          hidden ||= !shows;
        }
      }),
    );
  });
});
