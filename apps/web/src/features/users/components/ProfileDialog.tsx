import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { languages } from '@zapdesk/contracts';
import { changeLanguage } from '../../../app/i18n/changeLanguage';
import { initialLanguage, isLanguage } from '../../../app/i18n/languages';
import { FormTextField } from '../../../components/form/FormTextField';
import { PasswordField } from '../../../components/form/PasswordField';
import { endSession } from '../../../lib/session/tokenStore';
import { toast } from '../../../lib/toast';
import { useCurrentUser, useSession } from '../../auth/sessionContext';
import { useUpdateUser } from '../api';
import { ProfileInput, type ProfileForm } from '../schemas';

/** The user's own profile: name, new password (optional) and language, saved with PUT /users/:id. */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const user = useCurrentUser();
  const { updateUser } = useSession();
  const navigate = useNavigate();
  const save = useUpdateUser(user.id);
  const currentLanguage = user.language && isLanguage(user.language) ? user.language : initialLanguage();
  const form = useForm<ProfileForm, unknown, ProfileInput>({
    resolver: zodResolver(ProfileInput),
    values: { name: user.name, password: '', language: currentLanguage },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        updateUser({ name: saved.name, language: saved.language });
        if (values.language) void changeLanguage(values.language);
        toast.success(t('profile.saved'));
        close();
        // A new password invalidates every token of the user on the server: sign in again now rather
        // than fail at the next refresh.
        if (values.password) {
          toast.info(t('profile.passwordChanged'));
          endSession('logout');
          void navigate('/login', { replace: true });
        }
      },
    }),
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{t('profile.title')}</DialogTitle>
        <DialogContent dividers>
          <FormTextField control={form.control} name="name" label={t('profile.name')} required autoFocus />
          <TextField label={t('profile.email')} value={user.email} fullWidth margin="normal" disabled />
          <PasswordField
            control={form.control}
            name="password"
            label={t('profile.password')}
            helperText={t('profile.passwordHelper')}
            autoComplete="new-password"
          />
          <FormTextField
            control={form.control}
            name="language"
            label={t('profile.language')}
            select
            slotProps={{ select: { native: true } }}
          >
            {languages.map((language) => (
              <option key={language} value={language}>
                {tc(`language.${language}`)}
              </option>
            ))}
          </FormTextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('profile.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
