import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SignupInput } from '@zapdesk/contracts';
import type { z } from 'zod';
import { AuthLayout } from '../../../components/AuthLayout';
import { FormTextField } from '../../../components/form/FormTextField';
import { PasswordField } from '../../../components/form/PasswordField';
import { toast } from '../../../lib/toast';
import { usePublicPlans } from '../../plans/api';
import { signupRequest } from '../api';
import { maskPhoneInput } from '../phoneMask';

type SignupForm = z.input<typeof SignupInput>;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * /signup (spec 1 section 2): a company with its admin user and a trial. The optional `companyId` query
 * parameter is accepted; the server decides everything about the new company, so it is not sent.
 */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const plans = usePublicPlans();
  const form = useForm<SignupForm, unknown, SignupInput>({
    resolver: zodResolver(SignupInput),
    defaultValues: { name: '', email: '', phone: '', password: '', planId: '' },
  });

  const signup = useMutation({
    mutationFn: signupRequest,
    onSuccess: () => {
      toast.success(t('signup.success'));
      void navigate('/login');
    },
  });

  return (
    <AuthLayout title={t('signup.title')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => signup.mutate(values))(event)}
      >
        <FormTextField
          control={form.control}
          name="name"
          label={t('signup.name')}
          autoComplete="organization"
          autoFocus
          required
        />
        <FormTextField
          control={form.control}
          name="email"
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          required
        />
        <FormTextField
          control={form.control}
          name="phone"
          label={t('signup.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="(99) 99999-9999"
          transform={maskPhoneInput}
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('signup.password')}
          autoComplete="new-password"
          required
        />
        <FormTextField
          control={form.control}
          name="planId"
          label={t('signup.plan')}
          select
          required
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('signup.choosePlan')}</option>
          {(plans.data ?? []).map((plan) => (
            <option key={plan.id} value={plan.id}>
              {t('signup.planOption', {
                name: plan.name,
                users: plan.users,
                connections: plan.connections,
                queues: plan.queues,
                value: brl.format(plan.value),
              })}
            </option>
          ))}
        </FormTextField>
        <Button
          type="submit"
          fullWidth
          variant="contained"
          size="large"
          sx={{ mt: 2, mb: 2 }}
          loading={signup.isPending}
        >
          {t('signup.submit')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('signup.loginLink')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
