import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** In place of the input while an admin peeks at another agent's ticket: who holds it, and Close. */
export function TicketPeekBar({ ownerName }: { ownerName: string }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid="ticket-peek"
    >
      <VisibilityOutlined color="action" />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
        {t('peek.readOnly', { name: ownerName })}
      </Typography>
      <Button variant="contained" onClick={() => void navigate('/tickets')} data-testid="peek-close">
        {t('peek.close')}
      </Button>
    </Box>
  );
}
