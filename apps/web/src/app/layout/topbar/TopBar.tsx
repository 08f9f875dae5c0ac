import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../../components/LanguageMenu';
import { storeUserLanguage } from '../../../features/users/api';
import { AnnouncementsBell } from './AnnouncementsBell';
import { ChatsBell } from './ChatsBell';
import { Greeting } from './Greeting';
import { MoreMenu } from './MoreMenu';
import { NotificationsBell } from './NotificationsBell';
import { ReloadButton } from './ReloadButton';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { VolumeControl } from './VolumeControl';

/**
 * Greeting and the user's controls on one row. Below 900 px the secondary controls (language, theme, volume,
 * reload) move into a menu, so the bells and the account stay in reach at 360 px.
 */
export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  const { t } = useTranslation('layout');
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  return (
    <AppBar position="static" elevation={1}>
      <Toolbar sx={{ columnGap: 1, px: { xs: 1, sm: 2 } }}>
        <IconButton
          data-testid="drawer-toggle"
          color="inherit"
          edge="start"
          aria-label={drawerOpen ? t('topbar.closeMenu') : t('topbar.openMenu')}
          aria-expanded={drawerOpen}
          onClick={onToggleDrawer}
        >
          <MenuIcon />
        </IconButton>
        <Greeting />
        <Box
          data-testid="topbar-controls"
          sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 0.5 }, flexShrink: 0 }}
        >
          {wide && (
            <>
              <LanguageMenu onChanged={(language) => void storeUserLanguage(language)} />
              <ThemeToggle />
              <VolumeControl />
              <ReloadButton />
            </>
          )}
          <NotificationsBell />
          <AnnouncementsBell />
          <ChatsBell />
          {!wide && <MoreMenu />}
          <UserMenu />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
