import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';

/** Placeholder for a page that a later version delivers; the title says which one. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation('pages');
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Paper
        data-testid="coming-soon"
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 640, mx: 'auto', mt: 2 }}
      >
        <ConstructionIcon color="primary" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6" component="p" gutterBottom>
          {t('comingSoon.title')}
        </Typography>
        <Typography color="text.secondary">{t('comingSoon.text')}</Typography>
      </Paper>
    </Box>
  );
}
