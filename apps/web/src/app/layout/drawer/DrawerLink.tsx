import type { ReactNode } from 'react';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { drawerTestId, type MenuLink } from './menuItems';

const isActive = (path: string, pathname: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

/** One drawer entry; in the collapsed (mini) drawer only its icon shows, with the label as a tooltip. */
export function DrawerLink({
  link,
  collapsed,
  nested = false,
  decorate,
  onNavigate,
}: {
  link: MenuLink;
  collapsed: boolean;
  nested?: boolean;
  /** Wraps the icon, e.g. in a badge. */
  decorate?: (icon: ReactNode) => ReactNode;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const label = t(`menu.${link.label}`);
  const Icon = link.icon;
  const icon = <Icon />;

  return (
    <Tooltip title={collapsed ? label : ''} placement="right">
      <ListItemButton
        component={RouterLink}
        to={link.path}
        data-testid={drawerTestId(link.path)}
        selected={isActive(link.path, pathname)}
        onClick={onNavigate}
        sx={{ pl: nested && !collapsed ? 4 : 2.5, minHeight: 44 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{decorate ? decorate(icon) : icon}</ListItemIcon>
        <ListItemText primary={label} sx={{ opacity: collapsed ? 0 : 1, whiteSpace: 'nowrap' }} />
      </ListItemButton>
    </Tooltip>
  );
}
