import { useEffect, useRef } from 'react';

/**
 * Runs an effect once per mounted page, also under StrictMode's double effects: the pages that spend a single-use
 * link (confirmations, sign-out, wallet and e-mail links) must send it once.
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
