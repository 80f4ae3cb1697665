import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store.ts';
import { pendingChunks } from '../lazy.ts';

/** docs/product.md#frame-and-navigation: the page loading indicator shows during a route change (and while its code loads) and hides 500 ms after it. */
export const LOADING_BAR_HIDE_DELAY_MS = 500;

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

export function PageLoadingBar() {
  const location = useLocation();
  const { t } = useTranslation('common');
  // Drawn at build time (a prerendered guest page, decision 0212) nothing is loading, and no effect would hide it.
  const [visible, setVisible] = useState(() => typeof window !== 'undefined');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = useStore(pendingChunks) > 0;

  useEffect(() => {
    clearTimeout(timer.current);
    setVisible(true);
    if (busy) return;
    timer.current = setTimeout(() => setVisible(false), LOADING_BAR_HIDE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [busy, location.key]);

  if (!visible) return null;
  return (
    <Box
      role="progressbar"
      data-testid="page-loading-bar"
      aria-label={t('loading')}
      sx={{ position: 'fixed', top: 0, left: 0, width: '100%', height: 3, overflow: 'hidden', zIndex: (theme) => theme.zIndex.tooltip + 1, bgcolor: 'rgba(25, 118, 210, 0.2)' }}
    >
      <Box sx={{ width: '40%', height: '100%', bgcolor: 'primary.main', animation: `${slide} 1.1s ease-in-out infinite` }} />
    </Box>
  );
}
