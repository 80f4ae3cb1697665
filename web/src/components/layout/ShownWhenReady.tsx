import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Lays its children out from the first paint but shows them only once `ready`. For content whose room is known before
 * its figures (a text whose number comes from the settings, a field whose value comes with the answer, a page whose
 * banner is still undecided): the room is held, so what arrives later does not push the page down under the partner's
 * finger (a layout shift). Until then the children are out of sight and of the accessibility tree (visibility), and
 * the box says it is busy.
 */
export function ShownWhenReady({ ready, children, testId }: { ready: boolean; children: ReactNode; testId?: string }) {
  return (
    <Box sx={ready ? undefined : { visibility: 'hidden' }} aria-busy={!ready} data-testid={testId}>
      {children}
    </Box>
  );
}
