import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useServerVersion } from '../../../features/version/api';

/** The backend version (GET /version) at the foot of the drawer. */
export function DrawerFooter({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('layout');
  const { data } = useServerVersion();
  if (!data) return null;
  return (
    <Typography
      data-testid="app-version"
      variant="caption"
      color="text.secondary"
      sx={{
        px: collapsed ? 1 : 2.5,
        py: 1.5,
        textAlign: collapsed ? 'center' : 'left',
        whiteSpace: 'nowrap',
      }}
    >
      {collapsed ? `v${data.version}` : t('menu.version', { version: data.version })}
    </Typography>
  );
}
