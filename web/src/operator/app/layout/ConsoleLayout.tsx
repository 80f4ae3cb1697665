import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DRAWER_WIDTH, COLORS } from '../../../lib/theme.ts';
import { useSignOut } from '../../features/sign-in/api/sign-out.ts';
import { switchConsoleLang, isConsoleLang } from '../../lib/i18n.ts';
import { useMe } from '../../lib/session.ts';
import { SECTIONS, sectionsOf } from '../sections.ts';
import { ConsoleSidebar } from './ConsoleSidebar.tsx';
import { ConsoleTopBar } from './ConsoleTopBar.tsx';

/** The signed-in console: the sidebar (a drawer behind the menu button on phones), the top bar, the page. */
export function ConsoleLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { t, i18n } = useTranslation('console');
  const me = useMe();
  const signOut = useSignOut();
  const location = useLocation();
  const sections = sectionsOf(me);

  // The window's title names the section, so that a browser full of tabs tells them apart.
  const current = SECTIONS.find((section) => location.pathname === `/${section.path}` || location.pathname.startsWith(`/${section.path}/`));
  const title = current ? t(`nav.${current.key}`) : '';
  useEffect(() => {
    document.title = title ? `${title} · ${t('appName')}` : t('appName');
  }, [title, t]);

  // Signed out a moment ago: the guard above is about to show the sign-in page.
  if (!me) return null;
  const sidebar = <ConsoleSidebar sections={sections} onNavigate={desktop ? undefined : () => setDrawerOpen(false)} />;
  const paperSx = { width: DRAWER_WIDTH, bgcolor: COLORS.dark, borderInlineEnd: 'none', boxSizing: 'border-box' as const };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* The column under the fixed drawer is dark too, so the sidebar reaches the foot of a page taller than the screen. */}
      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 }, bgcolor: { md: COLORS.dark } }}>
        {desktop ? (
          <Drawer variant="permanent" open slotProps={{ paper: { sx: paperSx } }}>
            {sidebar}
          </Drawer>
        ) : (
          <Drawer variant="temporary" open={drawerOpen} onClose={() => setDrawerOpen(false)} ModalProps={{ keepMounted: true }} slotProps={{ paper: { sx: paperSx } }}>
            {sidebar}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ConsoleTopBar
          me={me}
          language={i18n.language}
          onMenu={desktop ? undefined : () => setDrawerOpen(true)}
          onLanguage={(lang) => {
            if (isConsoleLang(lang)) void switchConsoleLang(lang);
          }}
          onSignOut={() => signOut.mutate()}
          signingOut={signOut.isPending}
        />
        <Box component="main" id="main" sx={{ flex: 1, px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2, sm: 3 }, maxWidth: 1600, width: '100%', mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
