import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';

export type TokenState = 'pending' | 'success' | 'error';

/** The three states of a token link page (docs/product.md#token-links): in progress, success, invalid or expired. */
export function TokenStatus({
  state,
  message,
  action,
}: {
  state: TokenState;
  message: string;
  action?: ReactNode;
}) {
  return (
    <Box
      sx={{ textAlign: 'center', py: 2 }}
      role="status"
      aria-live="polite"
      data-state={state}
      data-testid="token-status"
    >
      <Box sx={{ mb: 2, display: 'flex', justifyContent: 'center', minHeight: 56 }}>
        {state === 'pending' ? <CircularProgress size={48} /> : null}
        {state === 'success' ? <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} /> : null}
        {state === 'error' ? <LinkOffOutlined color="error" sx={{ fontSize: 56 }} /> : null}
      </Box>
      <Typography sx={{ mb: action ? 3 : 0 }}>{message}</Typography>
      {action}
    </Box>
  );
}
