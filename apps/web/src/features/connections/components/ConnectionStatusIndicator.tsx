import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CropFree from '@mui/icons-material/CropFree';
import PhonelinkRing from '@mui/icons-material/PhonelinkRing';
import SignalCellular4Bar from '@mui/icons-material/SignalCellular4Bar';
import SignalCellularConnectedNoInternet0Bar from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import SignalCellularConnectedNoInternet2Bar from '@mui/icons-material/SignalCellularConnectedNoInternet2Bar';
import type { ConnectionStatusValue } from '@zapdesk/contracts';
import { useTranslation } from 'react-i18next';

const icons: Record<ConnectionStatusValue, ReactElement> = {
  CONNECTED: <SignalCellular4Bar fontSize="small" color="success" />,
  DISCONNECTED: <SignalCellularConnectedNoInternet0Bar fontSize="small" color="error" />,
  OPENING: <CircularProgress size={16} />,
  qrcode: <CropFree fontSize="small" color="warning" />,
  PAIRING: <PhonelinkRing fontSize="small" color="info" />,
  TIMEOUT: <SignalCellularConnectedNoInternet2Bar fontSize="small" color="warning" />,
};

/** A connection's status as an icon and its name, with what it means as a tooltip. */
export function ConnectionStatusIndicator({ status }: { status: ConnectionStatusValue }) {
  const { t } = useTranslation('connections');
  return (
    <Tooltip title={t(`statusHelp.${status}`)}>
      <Box
        data-testid="connection-status"
        data-status={status}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}
      >
        {icons[status]}
        <Typography variant="body2" component="span" noWrap>
          {t(`status.${status}`)}
        </Typography>
      </Box>
    </Tooltip>
  );
}
