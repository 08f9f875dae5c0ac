import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../../features/auth/can';
import { hasCampaignsFlag } from '../../../features/auth/persistSession';
import { useCurrentUser } from '../../../features/auth/sessionContext';
import { useUnreadChats } from '../../../features/chats/api';
import { needsAttention, useConnectionList } from '../../../features/connections/api';
import { planFlagsOf } from '../../../features/plans/planFlags';
import { DrawerGroup } from './DrawerGroup';
import { DrawerLink } from './DrawerLink';
import { adminMenu, isGroup, isVisible, mainMenu, type MenuContext, type MenuLink } from './menuItems';

/** Every entry, section, gate and badge of the side menu (spec 1 section 2). */
export function DrawerMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const user = useCurrentUser();
  const can = useAbilities();
  const context: MenuContext = {
    can,
    flags: planFlagsOf(user),
    campaignsFlag: hasCampaignsFlag(),
  };
  const hasUnreadChats = useUnreadChats(user.id).length > 0;
  const connections = useConnectionList(can('connections.manage'));
  const connectionsWarning = needsAttention(connections.data ?? []);

  const decorate = (link: MenuLink) => (icon: ReactNode) => {
    if (link.badge === 'chats' && hasUnreadChats) {
      return (
        <Badge
          variant="dot"
          color="error"
          data-testid="drawer-badge-chats"
          aria-label={t('menu.chatsUnread')}
        >
          {icon}
        </Badge>
      );
    }
    if (link.badge === 'connections' && connectionsWarning) {
      return (
        <Badge
          badgeContent="!"
          color="error"
          data-testid="drawer-badge-connections"
          aria-label={t('menu.connectionsWarning')}
        >
          {icon}
        </Badge>
      );
    }
    return icon;
  };

  const renderLink = (link: MenuLink, nested = false) => (
    <DrawerLink
      key={link.path}
      link={link}
      collapsed={collapsed}
      nested={nested}
      decorate={decorate(link)}
      onNavigate={onNavigate}
    />
  );

  return (
    <List
      component="nav"
      aria-label={t('menu.navigation')}
      sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}
    >
      {mainMenu.filter((link) => isVisible(link, context)).map((link) => renderLink(link))}
      {can('administration.view') && (
        <>
          <Divider sx={{ my: 1 }} />
          {!collapsed && (
            <ListSubheader component="div" sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
              {t('menu.administration')}
            </ListSubheader>
          )}
          {adminMenu
            .filter((entry) => isVisible(entry, context))
            .map((entry) =>
              isGroup(entry) ? (
                <DrawerGroup key={entry.id} group={entry} collapsed={collapsed}>
                  {entry.children.map((child) => renderLink(child, true))}
                </DrawerGroup>
              ) : (
                renderLink(entry)
              ),
            )}
        </>
      )}
    </List>
  );
}
