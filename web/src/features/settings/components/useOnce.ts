import { useEffect, useRef } from 'react';

/** Runs an effect once per mounted page, also under StrictMode's double effects (a token link is single-use). */
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
