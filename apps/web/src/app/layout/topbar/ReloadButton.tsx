import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Cached from '@mui/icons-material/Cached';
import { useTranslation } from 'react-i18next';

export function ReloadButton() {
  const { t } = useTranslation('layout');
  return (
    <Tooltip title={t('topbar.reload')}>
      <IconButton
        data-testid="reload-button"
        color="inherit"
        size="small"
        aria-label={t('topbar.reload')}
        onClick={() => window.location.reload()}
      >
        <Cached />
      </IconButton>
    </Tooltip>
  );
}
