import Box from '@mui/material/Box';
import { COLORS } from '../../lib/theme.ts';

/** The product mark: a rounded square with the cabinet's initial shape. Decorative. */
export function BrandMark({ size = 34 }: { size?: number }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        borderRadius: '10px',
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        background: `linear-gradient(135deg, ${COLORS.primary} 0%, #1565c0 100%)`,
        boxShadow: '0 4px 10px rgba(25, 118, 210, 0.35)',
      }}
    >
      <svg width={size * 0.56} height={size * 0.56} viewBox="0 0 24 24" fill="none">
        <path d="M5 20V4h8a6 6 0 0 1 0 12H9v4z" stroke="#fff" strokeWidth="2.4" strokeLinejoin="round" />
        <circle cx="18" cy="18" r="2.6" fill="#fff" />
      </svg>
    </Box>
  );
}
