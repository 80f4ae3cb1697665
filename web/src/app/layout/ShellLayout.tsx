import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MainAlert } from '../../components/feedback/MainAlert.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { usePrerendering } from '../../lib/prerendering.ts';
import { projectName } from '../../lib/links.ts';
import { useActivateFlow } from '../../features/programs/components/useActivateFlow.tsx';
import { useProjectLogin } from '../../features/account/components/useProjectLogin.ts';
import { DRAWER_WIDTH } from '../../lib/theme.ts';
import { href } from '../../lib/routes.ts';
import { useSwitchLanguage } from '../useSwitchLanguage.ts';
import { useSwitchTheme } from '../useSwitchTheme.ts';
import { useColorScheme } from '../../lib/color-scheme.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import { UserBar } from './UserBar.tsx';
import { activationRequests } from '../../lib/activation.ts';

/** The signed-in frame: dark sidebar (a temporary drawer on phones), white app bar, user bar, breadcrumbs. */
export default function ShellLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const prerendering = usePrerendering();
  const [mobileOpen, setMobileOpen] = useState(false);
  const user = useCurrentUser()!;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const switchLanguage = useSwitchLanguage();
  const switchTheme = useSwitchTheme();
  const { preference: themePreference } = useColorScheme();
  const activate = useActivateFlow(projectName);
  const projectLogin = useProjectLogin();
  // Screens (the dashboard's programmes) ask for an activation through lib/activation.
  const startActivation = activate.start;
  useEffect(
    () =>
      activationRequests.subscribe(() => {
        const request = activationRequests.get();
        if (request) startActivation(request.project);
      }),
    [startActivation],
  );

  const sidebar = (
    <Sidebar
      onNavigate={desktop ? undefined : () => setMobileOpen(false)}
      onActivate={(project) => {
        setMobileOpen(false);
        activate.start(project);
      }}
    />
  );
  const paperSx = { width: DRAWER_WIDTH, bgcolor: 'dark.main', borderInlineEnd: 'none', boxSizing: 'border-box' as const };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* The column under the fixed drawer is dark too, so the sidebar reaches the foot of a page taller than the screen. */}
      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 }, bgcolor: { md: 'dark.main' } }}>
        {prerendering ? (
          // Drawn at build time for any screen: the docked sidebar, shown by CSS where a browser would dock it.
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <Drawer variant="permanent" open slotProps={{ paper: { sx: paperSx } }}>
              {sidebar}
            </Drawer>
          </Box>
        ) : desktop ? (
          <Drawer variant="permanent" open slotProps={{ paper: { sx: paperSx, 'data-testid': 'drawer-paper' } as object }}>
            {sidebar}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            // Mounted when opened, not with every page: kept mounted, the hidden menu doubled the frame's first
            // render on a phone, and its slide transition measured the page's layout on mount (decision 0208).
            slotProps={{ paper: { sx: paperSx, 'data-testid': 'drawer-paper' } as object }}
          >
            {sidebar}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          user={user}
          language={i18n.language}
          theme={themePreference}
          onTheme={switchTheme}
          onMenu={() => setMobileOpen(true)}
          onLanguage={(lang) => void switchLanguage(lang)}
          onProjectLogin={projectLogin}
          onLogout={() => navigate(href('logout'))}
        />
        <Box component="main" id="main" sx={{ flex: 1, px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2, sm: 3 }, maxWidth: 1600, width: '100%', mx: 'auto' }}>
          {user.view_as ? (
            // Staff reading the cabinet as the partner sees it: said on every page, so nobody takes it for their own.
            <Alert severity="info" sx={{ mb: 2 }} data-testid="view-as-banner">
              {t('viewAsBanner', { name: user.view_as.by })}
            </Alert>
          ) : null}
          <UserBar user={user} />
          <MainAlert />
          <Outlet />
        </Box>
      </Box>
      {activate.dialog}
    </Box>
  );
}
