import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { EmailStepForm } from '../components/EmailStepForm';
import { ResetStepForm } from '../components/ResetStepForm';

/** /forgetpsw (spec 2 sections 2 and 4): e-mail first, then the code and the new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState<string | null>(null);

  return (
    <AuthLayout title={t('forgot.title')}>
      {email === null ? (
        <EmailStepForm onSent={setEmail} />
      ) : (
        <ResetStepForm email={email} onRestart={() => setEmail(null)} />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Link component={RouterLink} to="/signup" variant="body2">
          {t('forgot.signupLink')}
        </Link>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('forgot.loginLink')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
