import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/**
 * Lays its children out from the first paint but shows them only once `ready`. For content whose room is known before
 * its figures (a text whose number comes from the settings, a field whose value comes with the answer, a page whose
 * banner is still undecided): the room is held, so what arrives later does not push the page down under the partner's
 * finger (a layout shift). Until then a skeleton fills that room, and the children are out of sight and of the
 * accessibility tree (visibility) in a box that says it is busy.
 */
export function ShownWhenReady({
  ready,
  failed = false,
  children,
  testId,
}: {
  ready: boolean;
  /** What it waits for will not come (its read failed): nothing is shown and no room is held. */
  failed?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  if (failed) return null;
  // One shape in both states (the skeleton's place left empty once ready), so that the children are not mounted anew.
  return (
    <Box sx={{ position: 'relative' }}>
      {ready ? null : <Skeleton variant="rounded" aria-hidden sx={{ position: 'absolute', inset: 0, height: 'auto' }} />}
      <Box sx={ready ? undefined : { visibility: 'hidden' }} aria-busy={!ready} data-testid={testId}>
        {children}
      </Box>
    </Box>
  );
}
