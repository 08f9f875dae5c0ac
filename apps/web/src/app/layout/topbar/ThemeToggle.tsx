import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Brightness4 from '@mui/icons-material/Brightness4';
import Brightness7 from '@mui/icons-material/Brightness7';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../theme/ThemeModeContext';

export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const { mode, toggle } = useThemeMode();
  const label = mode === 'light' ? t('topbar.toDark') : t('topbar.toLight');
  return (
    <Tooltip title={label}>
      <IconButton data-testid="theme-toggle" color="inherit" size="small" aria-label={label} onClick={toggle}>
        {mode === 'light' ? <Brightness4 /> : <Brightness7 />}
      </IconButton>
    </Tooltip>
  );
}
