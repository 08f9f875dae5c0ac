import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiDocumentation } from '../components/ApiDocumentation';
import { TestSendForm } from '../components/TestSendForm';

/** /messages-api (plan with the external API; the route's gate sends others home): docs and two test forms. */
export function MessagesApiPage() {
  const { t } = useTranslation('messagesApi');
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, height: '100%', overflowY: 'auto', boxSizing: 'border-box' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('docs.title')}
          </Typography>
          <ApiDocumentation />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0, alignSelf: 'start' }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('form.title')}
          </Typography>
          <TestSendForm kind="text" />
          <Divider sx={{ my: 3 }} />
          <TestSendForm kind="media" />
        </Paper>
      </Box>
    </Box>
  );
}
