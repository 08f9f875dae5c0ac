import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../features/auth/sessionContext';
import { ProfileDialog } from '../../../features/users/components/ProfileDialog';

/** Account menu: the profile dialog and logout. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);

  const logout = async () => {
    setAnchor(null);
    await signOut();
    void navigate('/login', { replace: true });
  };

  return (
    <>
      <IconButton
        data-testid="user-menu-button"
        color="inherit"
        size="small"
        aria-label={t('userMenu.open')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          data-testid="profile-button"
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          {t('userMenu.profile')}
        </MenuItem>
        <MenuItem data-testid="logout-button" onClick={() => void logout()}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('userMenu.logout')}
        </MenuItem>
      </Menu>
      <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
