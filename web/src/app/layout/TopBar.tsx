import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import LaunchOutlined from '@mui/icons-material/LaunchOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import TelegramIcon from '@mui/icons-material/Telegram';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import AppsOutlined from '@mui/icons-material/AppsOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LangCode } from '@pc/core/locales';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { ThemeSwitcher } from '../../components/ThemeSwitcher.tsx';
import type { ThemePreference } from '@pc/core/contracts/auth';
import { EXTERNAL_LINKS, PROJECTS } from '../../lib/links.ts';
import type { CurrentUser } from '../../lib/session.ts';
import { href } from '../../lib/routes.ts';
import { BrandMark } from '../../components/layout/BrandMark.tsx';
import { useFrameSupportLinks, useUnreadBadges } from './frame-reads.ts';

export interface TopBarProps {
  user: CurrentUser;
  language: string;
  theme: ThemePreference;
  onMenu(): void;
  onLanguage(lang: LangCode): void;
  onTheme(theme: ThemePreference): void;
  onProjectLogin(project: string): void;
  onLogout(): void;
}

function useFlip() {
  const theme = useTheme();
  return theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
}

interface MenuEntry {
  key: string;
  label: string;
  icon: ReactNode;
  to?: string;
  external?: string;
  onClick?: () => void;
}

function EntryItem({ entry, close }: { entry: MenuEntry; close: () => void }) {
  const common = { onClick: () => { close(); entry.onClick?.(); }, 'data-testid': `menu-${entry.key}` };
  const body = (
    <>
      <ListItemIcon>{entry.icon}</ListItemIcon>
      <ListItemText>{entry.label}</ListItemText>
    </>
  );
  if (entry.to) return <MenuItem component={RouterLink} to={entry.to} {...common}>{body}</MenuItem>;
  if (entry.external)
    return (
      <MenuItem component="a" href={entry.external} target="_blank" rel="noopener noreferrer" {...common}>
        {body}
      </MenuItem>
    );
  return <MenuItem {...common}>{body}</MenuItem>;
}

function MenuButton({ id, label, icon, entries, children }: { id: string; label: string; icon?: ReactNode; entries: MenuEntry[]; children?: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      {children ? (
        <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" aria-controls={anchor ? id : undefined} data-testid={`${id}-button`}>
          {children}
        </Button>
      ) : (
        <Tooltip title={label}>
          <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={label} aria-haspopup="menu" aria-controls={anchor ? id : undefined} data-testid={`${id}-button`}>
            {icon}
          </IconButton>
        </Tooltip>
      )}
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {entries.map((entry) => (
          <EntryItem key={entry.key} entry={entry} close={close} />
        ))}
      </Menu>
    </>
  );
}

/** The app bar (white, or the dark scheme's paper): notifications, news, file manager, project logins, help, language, account, logout. */
export function TopBar({ user, language, theme, onMenu, onLanguage, onTheme, onProjectLogin, onLogout }: TopBarProps) {
  const { t } = useTranslation('nav');
  const flip = useFlip();
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  // Unread news and notifications: a badge on each icon, and in its name for screen readers.
  const unread = useUnreadBadges().data;
  const newsLabel = unread?.news ? t('top.newsUnread', { count: unread.news }) : t('top.news');
  const notificationsLabel = unread?.notifications ? t('top.notificationsUnread', { count: unread.notifications }) : t('top.notifications');

  const projectEntries: MenuEntry[] = PROJECTS.map((p) => ({
    key: `login-${p.id}`,
    label: t('top.loginTo', { project: p.name }),
    icon: <LaunchOutlined fontSize="small" sx={flip} />,
    onClick: () => onProjectLogin(p.id),
  }));
  // The help centre, support and messenger links as the server is configured: one not configured is not shown.
  const links = useFrameSupportLinks().data;
  const helpEntries: MenuEntry[] = [
    ...(links?.help_center ? [{ key: 'help', label: t('top.help'), icon: <HelpOutlineOutlined fontSize="small" />, to: href('helpCenterSso') }] : []),
    { key: 'faq', label: t('top.faq'), icon: <QuizOutlined fontSize="small" />, to: href('faq') },
    ...(links?.support_url ? [{ key: 'support', label: t('top.supportCenter'), icon: <SupportAgentOutlined fontSize="small" />, external: links.support_url }] : []),
    ...(links?.contact_url ? [{ key: 'write-us', label: t('top.writeUs'), icon: <MailOutlineOutlined fontSize="small" />, external: links.contact_url }] : []),
    ...(links?.messenger_url ? [{ key: 'messenger', label: t('top.followMessenger'), icon: <TelegramIcon fontSize="small" />, external: links.messenger_url }] : []),
    { key: 'api', label: t('top.apiForWebmasters'), icon: <CodeOutlined fontSize="small" />, to: href('apiKey') },
  ];
  const moreEntries: MenuEntry[] = [
    { key: 'news', label: newsLabel, icon: <NewspaperOutlined fontSize="small" />, to: href('news') },
    { key: 'file-manager', label: t('top.fileManager'), icon: <FolderOpenOutlined fontSize="small" />, external: EXTERNAL_LINKS.fileManager },
    ...projectEntries,
    ...helpEntries,
  ];
  const initial = (user.first_name || user.email).slice(0, 1).toUpperCase();

  return (
    <AppBar position="sticky" color="inherit" sx={{ zIndex: (theme) => theme.zIndex.drawer - 1 }}>
      <Toolbar sx={{ gap: { xs: 0.25, sm: 0.5 }, minHeight: { xs: 60, sm: 64 } }}>
        <IconButton edge="start" color="inherit" onClick={onMenu} aria-label={t('top.openMenu')} sx={{ display: { md: 'none' } }} data-testid="open-sidebar">
          <MenuIcon />
        </IconButton>
        <Box component={RouterLink} to={href('dashboard')} aria-label={t('pages.dashboard')} sx={{ display: { xs: 'flex', md: 'none' }, ml: 0.5 }}>
          <BrandMark size={30} />
        </Box>
        <Box sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5 }}>
          <MenuButton id="projects-menu" label={t('top.projects')} entries={projectEntries}>
            <AppsOutlined fontSize="small" sx={{ mr: 1 }} />
            {t('top.projects')}
          </MenuButton>
          <Button color="inherit" component="a" href={EXTERNAL_LINKS.fileManager} target="_blank" rel="noopener noreferrer" startIcon={<FolderOpenOutlined />}>
            {t('top.fileManager')}
          </Button>
        </Box>
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center' }}>
          <Box sx={{ display: { xs: 'none', lg: 'none', sm: 'flex' } }}>
            <MenuButton id="projects-menu-compact" label={t('top.projects')} icon={<AppsOutlined />} entries={projectEntries} />
            <Tooltip title={t('top.fileManager')}>
              <IconButton color="inherit" component="a" href={EXTERNAL_LINKS.fileManager} target="_blank" rel="noopener noreferrer" aria-label={t('top.fileManager')}>
                <FolderOpenOutlined />
              </IconButton>
            </Tooltip>
          </Box>
          <Tooltip title={newsLabel}>
            <IconButton color="inherit" component={RouterLink} to={href('news')} aria-label={newsLabel} data-testid="news-button">
              <Badge badgeContent={unread?.news || undefined} max={99} color="primary" data-testid="news-badge">
                <NewspaperOutlined />
              </Badge>
            </IconButton>
          </Tooltip>
          <MenuButton id="help-menu" label={t('top.helpMenu')} icon={<HelpOutlineOutlined />} entries={helpEntries} />
        </Box>
        <Tooltip title={notificationsLabel}>
          <IconButton color="inherit" component={RouterLink} to={href('notifications')} aria-label={notificationsLabel} data-testid="notifications-button">
            <Badge badgeContent={unread?.notifications || undefined} max={99} color="error" data-testid="notifications-badge">
              <NotificationsNoneOutlined />
            </Badge>
          </IconButton>
        </Tooltip>
        <Box sx={{ display: { xs: 'flex', sm: 'none' } }}>
          <MenuButton
            id="more-menu"
            label={t('top.more')}
            icon={
              <Badge variant="dot" invisible={!unread?.news} color="primary">
                <MoreVert />
              </Badge>
            }
            entries={moreEntries}
          />
        </Box>
        <ThemeSwitcher value={theme} onChange={onTheme} />
        <LanguageSwitcher value={language} onChange={onLanguage} compact />
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 1.5, display: { xs: 'none', sm: 'block' } }} />
        <Tooltip title={t('top.account')}>
          <IconButton onClick={(e) => setUserAnchor(e.currentTarget)} aria-label={t('top.account')} aria-haspopup="menu" data-testid="user-menu-button" sx={{ p: 0.5 }}>
            <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15, fontWeight: 700 }}>{initial}</Avatar>
          </IconButton>
        </Tooltip>
        <Menu id="user-menu" anchorEl={userAnchor} open={userAnchor !== null} onClose={() => setUserAnchor(null)}>
          <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {[user.first_name, user.last_name].filter(Boolean).join(' ') || user.email}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {user.email}
            </Typography>
          </Box>
          <Divider />
          <EntryItem entry={{ key: 'edit-profile', label: t('user.editProfile'), icon: <PersonOutlineOutlined fontSize="small" />, to: href('settings') }} close={() => setUserAnchor(null)} />
          <EntryItem entry={{ key: 'my-account', label: t('user.myAccount'), icon: <ManageAccountsOutlined fontSize="small" />, to: href('settings', undefined, 'account') }} close={() => setUserAnchor(null)} />
          <Divider />
          <EntryItem entry={{ key: 'logout', label: t('top.logout'), icon: <LogoutOutlined fontSize="small" sx={flip} />, onClick: onLogout }} close={() => setUserAnchor(null)} />
        </Menu>
        <Tooltip title={t('top.logout')}>
          <IconButton color="inherit" onClick={onLogout} aria-label={t('top.logout')} data-testid="logout-button" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            <LogoutOutlined sx={flip} />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
