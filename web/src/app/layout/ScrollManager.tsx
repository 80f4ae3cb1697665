import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

/**
 * docs/product.md#frame-and-navigation: after navigation scroll to the hash if there is one, else to the position saved for that
 * history entry (back/forward), else to the top.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => positions.set(lastKey.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    lastKey.current = location.key;
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      // The target may render a moment later (lazy page); try again on the next frames.
      let tries = 0;
      const tryScroll = () => {
        const target = document.getElementById(id);
        if (target) target.scrollIntoView({ block: 'start' });
        else if (tries++ < 20) requestAnimationFrame(tryScroll);
      };
      tryScroll();
      return;
    }
    const saved = navigationType === 'POP' ? positions.get(location.key) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
