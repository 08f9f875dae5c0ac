import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../../components/LanguageMenu';
import { storeUserLanguage } from '../../../features/users/api';
import { AnnouncementsBell } from './AnnouncementsBell';
import { ChatsBell } from './ChatsBell';
import { Greeting } from './Greeting';
import { NotificationsBell } from './NotificationsBell';
import { ReloadButton } from './ReloadButton';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { VolumeControl } from './VolumeControl';

/** Greeting and the user's controls; on narrow screens the controls wrap to a second row. */
export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <AppBar position="static" elevation={1}>
      <Toolbar sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, columnGap: 1, px: { xs: 1, sm: 2 } }}>
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
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
            gap: { xs: 0.25, sm: 0.5 },
            width: { xs: '100%', md: 'auto' },
            pb: { xs: 0.5, md: 0 },
            flexShrink: 0,
          }}
        >
          <LanguageMenu onChanged={(language) => void storeUserLanguage(language)} />
          <ThemeToggle />
          <VolumeControl />
          <ReloadButton />
          <NotificationsBell />
          <AnnouncementsBell />
          <ChatsBell />
          <UserMenu />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
