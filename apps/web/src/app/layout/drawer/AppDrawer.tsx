import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ForumIcon from '@mui/icons-material/Forum';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from './DrawerFooter';
import { DrawerMenu } from './DrawerMenu';

export const DRAWER_WIDTH = 248;
export const MINI_DRAWER_WIDTH = 64;

const widthTransition = (theme: Theme) =>
  theme.transitions.create('width', { easing: theme.transitions.easing.sharp, duration: 200 });

/**
 * The side menu. Under 600 px it is a temporary overlay; above, a docked drawer that collapses to icons
 * (open by default above 1200 px, see useDrawerState).
 */
export function AppDrawer({
  overlay,
  open,
  onClose,
}: {
  overlay: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { t: tl } = useTranslation('layout');
  const collapsed = !overlay && !open;
  const width = collapsed ? MINI_DRAWER_WIDTH : DRAWER_WIDTH;

  const content = (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: collapsed ? 2.5 : 2, minHeight: 64 }}>
        <ForumIcon color="primary" />
        {!collapsed && (
          <>
            <Typography variant="h6" component="p" noWrap sx={{ flex: 1, fontWeight: 700 }}>
              {t('appName')}
            </Typography>
            <IconButton aria-label={tl('topbar.closeMenu')} onClick={onClose} size="small">
              <ChevronLeft />
            </IconButton>
          </>
        )}
      </Box>
      <Divider />
      <DrawerMenu collapsed={collapsed} onNavigate={overlay ? onClose : undefined} />
      <Divider />
      <DrawerFooter collapsed={collapsed} />
    </>
  );

  if (overlay) {
    return (
      <Drawer
        data-testid="app-drawer"
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw' } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      data-testid="app-drawer"
      variant="permanent"
      open={open}
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: widthTransition(theme),
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          boxSizing: 'border-box',
          transition: widthTransition(theme),
        },
      })}
    >
      {content}
    </Drawer>
  );
}
