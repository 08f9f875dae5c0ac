import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Brightness4 from '@mui/icons-material/Brightness4';
import Brightness7 from '@mui/icons-material/Brightness7';
import Cached from '@mui/icons-material/Cached';
import MoreVert from '@mui/icons-material/MoreVert';
import Translate from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@zapdesk/contracts';
import { storeUserLanguage } from '../../../features/users/api';
import { usePreference } from '../../../lib/preferences/preference';
import { volumePreference } from '../../../lib/preferences/volume';
import { changeLanguage } from '../../i18n/changeLanguage';
import { useThemeMode } from '../../theme/ThemeModeContext';
import { VolumeIcon, VolumeSlider } from './VolumeControl';

/**
 * Below 900 px the top bar keeps one row: language, theme, volume (a slider in a popover) and reload move into
 * this menu, with the same test hooks as their wide-screen buttons.
 */
export function MoreMenu() {
  const { t, i18n } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const { mode, toggle } = useThemeMode();
  const volume = usePreference(volumePreference);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [volumeAnchor, setVolumeAnchor] = useState<HTMLElement | null>(null);
  const current = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2);
  const close = () => setAnchor(null);

  const choose = (language: Language) => {
    close();
    void changeLanguage(language).then(() => storeUserLanguage(language));
  };

  return (
    <>
      <IconButton
        data-testid="topbar-more"
        color="inherit"
        size="small"
        aria-label={t('topbar.more')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {languages.map((language) => (
          <MenuItem
            key={language}
            data-testid={`language-option-${language}`}
            selected={language === current}
            lang={language}
            onClick={() => choose(language)}
          >
            <ListItemIcon>
              <Translate />
            </ListItemIcon>
            <ListItemText>{tc(`language.${language}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          data-testid="theme-toggle"
          onClick={() => {
            close();
            toggle();
          }}
        >
          <ListItemIcon>{mode === 'light' ? <Brightness4 /> : <Brightness7 />}</ListItemIcon>
          <ListItemText>{mode === 'light' ? t('topbar.toDark') : t('topbar.toLight')}</ListItemText>
        </MenuItem>
        <MenuItem data-testid="reload-button" onClick={() => window.location.reload()}>
          <ListItemIcon>
            <Cached />
          </ListItemIcon>
          <ListItemText>{t('topbar.reload')}</ListItemText>
        </MenuItem>
        <MenuItem
          data-testid="volume-button"
          onClick={() => {
            setVolumeAnchor(anchor);
            close();
          }}
        >
          <ListItemIcon>
            <VolumeIcon volume={volume} />
          </ListItemIcon>
          <ListItemText>{t('topbar.volume')}</ListItemText>
        </MenuItem>
      </Menu>
      <Popover
        open={volumeAnchor !== null}
        anchorEl={volumeAnchor}
        onClose={() => setVolumeAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 3, py: 1.5, color: 'primary.main' }}>
          <VolumeSlider />
        </Box>
      </Popover>
    </>
  );
}
