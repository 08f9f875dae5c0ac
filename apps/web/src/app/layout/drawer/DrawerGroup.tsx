import { useState, type ReactNode } from 'react';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { MenuGroup } from './menuItems';

/** A collapsible group of entries (the campaigns group); open by default. */
export function DrawerGroup({
  group,
  collapsed,
  children,
}: {
  group: MenuGroup;
  collapsed: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(true);
  const label = t(`menu.${group.label}`);
  const Icon = group.icon;

  return (
    <>
      <Tooltip title={collapsed ? label : ''} placement="right">
        <ListItemButton
          data-testid={`drawer-group-${group.id}`}
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          sx={{ pl: 2.5, minHeight: 44 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={label} sx={{ opacity: collapsed ? 0 : 1, whiteSpace: 'nowrap' }} />
          {!collapsed && (open ? <ExpandLess /> : <ExpandMore />)}
        </ListItemButton>
      </Tooltip>
      <Collapse in={open} timeout="auto" unmountOnExit>
        {/* A div, not a <ul>: the entries are links, not list items (axe: list). */}
        <List component="div" disablePadding>
          {children}
        </List>
      </Collapse>
    </>
  );
}
