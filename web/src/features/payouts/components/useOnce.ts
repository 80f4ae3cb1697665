import { useEffect, useRef } from 'react';

/**
 * Runs an effect once per mounted page, also under StrictMode's double effects: a confirmation link's code is
 * single-use. (The same hook as features/auth's; features do not import each other.)
 */
export function useOnce(effect: () => void) {
  const started = useRef(false);
  const ref = useRef(effect);
  ref.current = effect;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    ref.current();
  }, []);
}
