import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPanel() {
  const { t } = useTranslation();
  return (
    <Box data-testid="not-found" sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notFound.text')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {t('actions.goHome')}
      </Button>
    </Box>
  );
}
