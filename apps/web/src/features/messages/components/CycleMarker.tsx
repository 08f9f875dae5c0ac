import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';

interface CycleMarkerProps {
  /** When the first message of the new conversation was sent. */
  startedAt: Date;
}

/**
 * Between two adjacent messages of different conversations (spec 1 section 2): the earlier one closed and the
 * next started. The day separator before it already names the day, so the start shows the time only.
 */
export function CycleMarker({ startedAt }: CycleMarkerProps) {
  const { t } = useTranslation('messages');
  return (
    <Divider sx={{ my: 1, mx: 2 }} data-testid="ticket-change">
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary" data-testid="cycle-closed">
          {t('list.cycleClosed')}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="cycle-started">
          {t('list.cycleStarted', { time: format(startedAt, 'HH:mm') })}
        </Typography>
      </Box>
    </Divider>
  );
}
