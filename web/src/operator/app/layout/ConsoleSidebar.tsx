import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/layout/BrandMark.tsx';
import { COLORS } from '../../../lib/theme.ts';
import type { ConsoleSection } from '../sections.ts';

const itemSx = {
  borderRadius: 1.5,
  mx: 1.5,
  my: 0.25,
  py: 0.9,
  color: 'rgba(255, 255, 255, 0.78)',
  '& .MuiListItemIcon-root': { color: 'rgba(255, 255, 255, 0.6)', minWidth: 40 },
  '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.06)', color: '#fff' },
  '&.active': { bgcolor: COLORS.primary, color: '#fff', '& .MuiListItemIcon-root': { color: '#fff' } },
  '&:focus-visible': { outline: '2px solid #90caf9', outlineOffset: 1 },
} as const;

/** The dark sidebar: the console's name, then the sections the member's role opens. */
export function ConsoleSidebar({ sections, onNavigate }: { sections: readonly ConsoleSection[]; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation('console');
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: COLORS.dark, color: '#fff' }} data-testid="console-sidebar">
      <Box component={NavLink} to="/" onClick={onNavigate} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 3, height: 64, color: '#fff', textDecoration: 'none', flexShrink: 0 }}>
        <BrandMark />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="span" noWrap sx={{ display: 'block', fontWeight: 700, fontSize: 16 }}>
            {t('appName')}
          </Typography>
          <Typography component="span" noWrap sx={{ display: 'block', fontSize: 12, color: 'rgba(255,255,255,0.66)' }}>
            {t('appSubtitle')}
          </Typography>
        </Box>
      </Box>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.08)' }} />
      <Box component="nav" aria-label={t('nav.label')} sx={{ flex: 1, overflowY: 'auto', py: 1.5 }}>
        <List disablePadding>
          {sections.map((section) => {
            const Icon = section.icon;
            return (
              <ListItem key={section.key} disablePadding sx={{ display: 'block' }}>
                <ListItemButton component={NavLink} to={`/${section.path}`} onClick={onNavigate} sx={itemSx} data-testid={`nav-${section.key}`}>
                  <ListItemIcon>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={t(`nav.${section.key}`)} slotProps={{ primary: { sx: { fontSize: 14.5, fontWeight: 500 } } }} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
