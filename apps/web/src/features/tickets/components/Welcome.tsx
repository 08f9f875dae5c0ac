import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Forum from '@mui/icons-material/Forum';
import { useTranslation } from 'react-i18next';

/** Shown beside the list while no ticket is chosen. */
export function Welcome() {
  const { t } = useTranslation('tickets');
  return (
    <Paper
      variant="outlined"
      sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      data-testid="tickets-welcome"
    >
      <Box sx={{ textAlign: 'center', color: 'text.secondary', p: 3 }}>
        <Forum sx={{ fontSize: 96, color: 'primary.main' }} />
        <Typography variant="h6">{t('welcome.title')}</Typography>
        <Typography>{t('welcome.text')}</Typography>
      </Box>
    </Paper>
  );
}
