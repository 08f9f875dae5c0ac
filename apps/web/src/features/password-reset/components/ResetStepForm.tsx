import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/FormTextField';
import { PasswordField } from '../../../components/form/PasswordField';
import { isApiError } from '../../../lib/api/ApiError';
import { errorText, toast } from '../../../lib/toast';
import { resetPassword } from '../api';
import { ResetStep } from '../schemas';

/**
 * Step 2: the code, the new password and its confirmation, then POST /resetpasswords. The spec only logs
 * failures here; the form also says so inline, since a silent failure leaves the user guessing.
 */
export function ResetStepForm({ email, onRestart }: { email: string; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetStep>({
    resolver: zodResolver(ResetStep),
    defaultValues: { token: '', newPassword: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: (values: ResetStep) =>
      resetPassword({ email, token: values.token, newPassword: values.newPassword }),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t('forgot.success'));
      void navigate('/login');
    },
    onError: (error) => {
      console.error(error);
      setFailure(isApiError(error) && error.code ? errorText(error.code) : t('forgot.failed'));
    },
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => reset.mutate(values))(event)}
    >
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="reset-error">
          {failure}
        </Alert>
      )}
      <FormTextField
        control={form.control}
        name="token"
        label={t('forgot.code')}
        autoComplete="one-time-code"
        autoFocus
        required
      />
      <PasswordField
        control={form.control}
        name="newPassword"
        label={t('forgot.newPassword')}
        autoComplete="new-password"
        required
      />
      <PasswordField
        control={form.control}
        name="confirmPassword"
        label={t('forgot.confirmPassword')}
        autoComplete="new-password"
        required
      />
      <Button
        type="submit"
        fullWidth
        variant="contained"
        size="large"
        sx={{ mt: 2 }}
        loading={reset.isPending}
      >
        {t('forgot.submit')}
      </Button>
      <Button fullWidth sx={{ mt: 1 }} onClick={onRestart}>
        {t('forgot.changeEmail')}
      </Button>
    </Box>
  );
}
