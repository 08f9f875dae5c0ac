import { startTransition, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoginInput, type SessionAnswer } from '@zapdesk/contracts';
import { AuthLayout } from '../../../components/AuthLayout';
import { FormTextField } from '../../../components/form/FormTextField';
import { PasswordField } from '../../../components/form/PasswordField';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { loginRequest } from '../api';
import { useSession } from '../sessionContext';
import { subscriptionState } from '../subscription';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [expiredOn, setExpiredOn] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInput),
    defaultValues: { email: '', password: '' },
  });

  const login = useMutation({
    mutationFn: loginRequest,
    onSuccess: (answer: SessionAnswer) => {
      const subscription = subscriptionState(answer.user.company.dueDate);
      if (subscription.kind === 'expired') {
        const date = formatDate(subscription.dueDate);
        setExpiredOn(date);
        toast.error(t('login.expired', { date }));
        return;
      }
      setExpiredOn(null);
      // One render for both: the public-route guard must never see a signed-in user still on /login.
      startTransition(() => {
        signIn(answer);
        void navigate('/tickets', { replace: true });
      });
      toast.success(t('login.success'));
      if (subscription.kind === 'active' && subscription.warn) {
        toast.warning(
          subscription.daysLeft === 0
            ? t('login.expiresToday')
            : t('login.expiresSoon', { count: subscription.daysLeft }),
        );
      }
    },
  });

  return (
    <AuthLayout title={t('login.title')}>
      {expiredOn && (
        <Alert severity="error" data-testid="subscription-expired" sx={{ mb: 1 }}>
          {t('login.expired', { date: expiredOn })}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        data-testid="login-form"
        onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values))(event)}
      >
        <FormTextField
          control={form.control}
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
        />
        <Button
          type="submit"
          fullWidth
          variant="contained"
          size="large"
          sx={{ mt: 2, mb: 2 }}
          loading={login.isPending}
        >
          {t('login.submit')}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/signup" variant="body2">
            {t('login.signupLink')}
          </Link>
          <Link component={RouterLink} to="/forgetpsw" variant="body2">
            {t('login.forgotLink')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
