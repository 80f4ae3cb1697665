import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROJECTS } from '../../lib/links.ts';
import { isProgramActive, useCurrentUser } from '../../lib/session.ts';
import { COLORS } from '../../lib/theme.ts';
import { href } from '../../lib/routes.ts';
import { BrandMark } from '../../components/layout/BrandMark.tsx';
import {
  MAIN_ITEMS,
  PROGRAMS_ITEM,
  isGroup,
  projectItems,
  type NavGroup,
  type NavLeaf,
} from './nav-items.ts';

const itemSx = {
  borderRadius: 1.5,
  mx: 1.5,
  my: 0.25,
  py: 0.9,
  color: 'rgba(255, 255, 255, 0.78)',
  '& .MuiListItemIcon-root': { color: 'rgba(255, 255, 255, 0.6)', minWidth: 40 },
  '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.06)', color: '#fff' },
  '&.active': {
    bgcolor: COLORS.primary,
    color: '#fff',
    boxShadow: '0 4px 12px rgba(25, 118, 210, 0.35)',
    '& .MuiListItemIcon-root': { color: '#fff' },
  },
  '&:focus-visible': { outline: '2px solid #90caf9', outlineOffset: 1 },
} as const;

function Leaf({ item, nested, onNavigate }: { item: NavLeaf; nested?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const Icon = item.icon;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component={item.plain ? RouterLink : NavLink}
        to={item.to}
        // `end` is NavLink's (exact match); a plain link would pass it on to the <a> element.
        {...(item.plain ? {} : { end: true })}
        onClick={onNavigate}
        sx={{ ...itemSx, ...(nested ? { pl: 7, py: 0.6 } : {}) }}
      >
        {Icon ? (
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
        ) : null}
        <ListItemText
          primary={t(`pages.${item.key}`)}
          slotProps={{ primary: { sx: { fontSize: nested ? 13.5 : 14.5, fontWeight: 500 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function Group({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const location = useLocation();
  const containsCurrent = group.children.some((c) => location.pathname === c.to);
  const [open, setOpen] = useState(containsCurrent);
  const Icon = group.icon;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open || containsCurrent} sx={itemSx}>
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={t(`pages.${group.key}`)}
          slotProps={{ primary: { sx: { fontSize: 14.5, fontWeight: 500 } } }}
        />
        {open || containsCurrent ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open || containsCurrent} timeout="auto" unmountOnExit>
        <List disablePadding>
          {group.children.map((child) => (
            <Leaf key={child.key} item={child} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

export interface SidebarProps {
  onNavigate?: () => void;
  onActivate(project: (typeof PROJECTS)[number]['id']): void;
}

/** The dark vertical sidebar (the entries of docs/product.md#frame-and-navigation). */
export function Sidebar({ onNavigate, onActivate }: SidebarProps) {
  const { t } = useTranslation('nav');
  const user = useCurrentUser();
  return (
    <Box
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: 'dark.main', color: '#fff' }}
      data-testid="sidebar"
    >
      <Box
        component={NavLink}
        to={href('dashboard')}
        onClick={onNavigate}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 3,
          height: 64,
          color: '#fff',
          textDecoration: 'none',
          flexShrink: 0,
        }}
      >
        <BrandMark />
        {/* Words stay whole (Japanese would otherwise break anywhere); a long name ends with an ellipsis. */}
        <Typography component="span" noWrap sx={{ fontWeight: 700, fontSize: 17, letterSpacing: 0.2, minWidth: 0, wordBreak: 'keep-all' }}>
          {t('common:appName')}
        </Typography>
      </Box>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.08)' }} />
      <Box component="nav" aria-label={t('sidebar.label')} sx={{ flex: 1, overflowY: 'auto', py: 1.5 }}>
        <List disablePadding>
          {MAIN_ITEMS.map((item) => (
            <Leaf key={item.key} item={item} onNavigate={onNavigate} />
          ))}
        </List>
        {PROJECTS.map((project) => {
          const active = isProgramActive(user, project.id);
          return (
            <List
              key={project.id}
              disablePadding
              data-testid={`sidebar-project-${project.id}`}
              subheader={
                <ListSubheader
                  disableSticky
                  sx={{
                    bgcolor: 'transparent',
                    color: 'rgba(255,255,255,0.66)',
                    fontSize: 12,
                    fontWeight: 700,
                    letterSpacing: 1,
                    textTransform: 'uppercase',
                    lineHeight: '20px',
                    mt: 2.5,
                    mb: 0.75,
                    px: 3,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                  }}
                >
                  <span>{project.name}</span>
                  <Chip
                    size="small"
                    label={active ? t('programs.statusActive') : t('programs.statusInactive')}
                    sx={{
                      height: 20,
                      fontSize: 11,
                      fontWeight: 600,
                      textTransform: 'none',
                      letterSpacing: 0,
                      color: active ? '#b9f6ca' : 'rgba(255,255,255,0.7)',
                      bgcolor: active ? 'rgba(76, 175, 80, 0.18)' : 'rgba(255,255,255,0.08)',
                    }}
                  />
                </ListSubheader>
              }
            >
              {active ? (
                projectItems(project.id).map((item) =>
                  isGroup(item) ? (
                    <Group key={item.key} group={item} onNavigate={onNavigate} />
                  ) : (
                    <Leaf key={item.key} item={item} onNavigate={onNavigate} />
                  ),
                )
              ) : (
                <ListItem disablePadding sx={{ display: 'block' }}>
                  <ListItemButton
                    onClick={() => onActivate(project.id)}
                    sx={itemSx}
                    data-testid={`activate-${project.id}`}
                  >
                    <ListItemIcon>
                      <RocketLaunchOutlined fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={t('programs.activate')}
                      slotProps={{ primary: { sx: { fontSize: 14.5, fontWeight: 500 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              )}
            </List>
          );
        })}
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.08)', my: 2, mx: 3 }} />
        <List disablePadding>
          <Leaf item={PROGRAMS_ITEM} onNavigate={onNavigate} />
        </List>
      </Box>
    </Box>
  );
}
