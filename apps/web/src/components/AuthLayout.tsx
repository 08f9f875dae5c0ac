import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ForumIcon from '@mui/icons-material/Forum';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from './LanguageMenu';

/** The frame of the public pages: product name, the page title and a language menu. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        py: 3,
        bgcolor: 'background.default',
      }}
    >
      <Container maxWidth="xs">
        <Paper sx={{ p: { xs: 2.5, sm: 4 }, position: 'relative' }} elevation={3}>
          <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
            <LanguageMenu color="primary" />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.main' }}>
            <ForumIcon />
            <Typography variant="h6" component="p" fontWeight={700}>
              {t('appName')}
            </Typography>
          </Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
