import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import { isNotFound } from '../../../lib/api/ApiError';
import { toast, toastError } from '../../../lib/toast';
import { requestResetCode } from '../api';
import { EmailStep } from '../schemas';

/** Step 1: POST /forgetpassword/{email}; a 404 means the e-mail is unknown. */
export function EmailStepForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const form = useForm<EmailStep>({ resolver: zodResolver(EmailStep), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (values: EmailStep) => requestResetCode(values.email),
    meta: { silent: true },
    onSuccess: (_answer, values) => {
      toast.success(t('forgot.emailSent'));
      onSent(values.email);
    },
    onError: (error) => {
      if (isNotFound(error)) toast.error(t('forgot.emailNotFound'));
      else toastError(error);
    },
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => send.mutate(values))(event)}
    >
      <FormTextField
        control={form.control}
        name="email"
        label={t('forgot.email')}
        type="email"
        autoComplete="email"
        autoFocus
        required
      />
      <Button
        type="submit"
        fullWidth
        variant="contained"
        size="large"
        sx={{ mt: 2 }}
        loading={send.isPending}
      >
        {t('forgot.sendCode')}
      </Button>
    </Box>
  );
}
